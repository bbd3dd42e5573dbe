import type { RunSummary } from '../config/types';

// Where a run belongs, decided from the core's prepare() summary (never from config fields).
// The budget is the browser's, not the core's: the WASM core routes about 10-25 M look-ups/s
// (docs/benchmarks.md), so 50 M look-ups is a few seconds; a tab's heap much beyond 1 GiB risks
// being killed.
export const BROWSER_BUDGET = { lookups: 50_000_000, memory_bytes: 2 ** 30 };

export interface Placement {
  where: 'browser' | 'server';
  // The summary keys over the browser budget.
  over: Array<keyof typeof BROWSER_BUDGET>;
  // The core cannot run it at all (engine smpi: SimGrid on the server's workers).
  serverOnly: boolean;
}

export function placement(summary: RunSummary): Placement {
  const over = (Object.keys(BROWSER_BUDGET) as Array<keyof typeof BROWSER_BUDGET>).filter((k) => summary[k] > BROWSER_BUDGET[k]);
  const serverOnly = summary.server_only === true;
  return { where: over.length || serverOnly ? 'server' : 'browser', over, serverOnly };
}

// The WASM engine's measured range (docs/benchmarks.md): about 2 M look-ups/s on a large torus with
// 3C classification, about 20 M/s on a small cache without it. An estimate, never a promise.
export const WASM_LOOKUPS_PER_S = { slow: 2e6, fast: 20e6 };

// [fastest, slowest] estimated seconds of a browser run.
export function estimatedSeconds(summary: Pick<RunSummary, 'lookups'>): [number, number] {
  return [summary.lookups / WASM_LOOKUPS_PER_S.fast, summary.lookups / WASM_LOOKUPS_PER_S.slow];
}

// A config this small runs by itself when the page opens (at most about a second in the tab).
export const AUTO_RUN_LOOKUPS = 2_000_000;

export function autoRuns(summary: RunSummary): boolean {
  return placement(summary).where === 'browser' && summary.lookups <= AUTO_RUN_LOOKUPS;
}

// The native engine on a SwitchLab worker (docs/benchmarks.md): about 3 M look-ups/s on a fat tree
// with 3C classification, about 25 M/s on a small torus cache without it.
export const NATIVE_LOOKUPS_PER_S = { slow: 3e6, fast: 25e6 };

// [fastest, slowest] estimated worker-seconds of a sweep of `points` points like `summary`.
export function sweepSeconds(summary: Pick<RunSummary, 'lookups'>, points: number): [number, number] {
  const total = summary.lookups * points;
  return [total / NATIVE_LOOKUPS_PER_S.fast, total / NATIVE_LOOKUPS_PER_S.slow];
}
