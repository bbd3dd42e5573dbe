import type { RunSummary } from '../config/types';
import { formatCount } from './format';

// Where a run belongs, decided from the core's prepare() summary (never from config fields).
// The budget is the browser's, not the core's. A run's work is counted in the unit its engine's speed
// is measured in: flit-hops (summary.flit_hops) for the cycle engine, cache look-ups otherwise.
// The WASM core routes about 10-25 M look-ups/s and moves about 1.5-4 M flit-hops/s
// (docs/benchmarks.md), so either budget is a few seconds; a tab's heap much beyond 1 GiB risks
// being killed.
export const BROWSER_BUDGET = { lookups: 50_000_000, flit_hops: 20_000_000, memory_bytes: 2 ** 30 };

export interface Placement {
  where: 'browser' | 'server';
  // The summary keys over the browser budget.
  over: Array<keyof typeof BROWSER_BUDGET>;
  // The core cannot run it at all (engine smpi: SimGrid on the server's workers).
  serverOnly: boolean;
}

export function placement(summary: RunSummary): Placement {
  const over = (Object.keys(BROWSER_BUDGET) as Array<keyof typeof BROWSER_BUDGET>)
    .filter((k) => (summary[k] ?? 0) > BROWSER_BUDGET[k]);
  const serverOnly = summary.server_only === true;
  return { where: over.length || serverOnly ? 'server' : 'browser', over, serverOnly };
}

type Work = Pick<RunSummary, 'lookups' | 'flit_hops'>;
type Rates = { slow: number; fast: number };

// [fastest, slowest] seconds of `work` at `rates` (look-ups/s, or flit-hops/s for the cycle engine).
function seconds(summary: Work, rates: { lookups: Rates; flit_hops: Rates }, times = 1): [number, number] {
  const [amount, r] = summary.flit_hops !== undefined ? [summary.flit_hops, rates.flit_hops] : [summary.lookups, rates.lookups];
  return [(amount * times) / r.fast, (amount * times) / r.slow];
}

// The WASM engine's measured range (docs/benchmarks.md): about 2 M look-ups/s on a large torus with
// 3C classification, about 20 M/s on a small cache without it; the cycle engine 1.5-4 M flit-hops/s.
// An estimate, never a promise.
export const WASM_RATES = { lookups: { slow: 2e6, fast: 20e6 }, flit_hops: { slow: 1.5e6, fast: 4e6 } };

// [fastest, slowest] estimated seconds of a browser run.
export function estimatedSeconds(summary: Work): [number, number] {
  return seconds(summary, WASM_RATES);
}

// A config this small runs by itself when the page opens (at most about a second in the tab, slowest).
export const AUTO_RUN_SECONDS = 1;

export function autoRuns(summary: RunSummary): boolean {
  return placement(summary).where === 'browser' && estimatedSeconds(summary)[1] <= AUTO_RUN_SECONDS;
}

// The native engine on a SwitchLab worker (docs/benchmarks.md): about 3 M look-ups/s on a fat tree
// with 3C classification, about 25 M/s on a small torus cache without it; the cycle engine 2-4.5 M
// flit-hops/s.
export const NATIVE_RATES = { lookups: { slow: 3e6, fast: 25e6 }, flit_hops: { slow: 2e6, fast: 4.5e6 } };

// A run's work as the estimates count it, with its unit: "1,234 flit-hops" or "1,234 look-ups".
export function workPerPoint(summary: Work): string {
  return summary.flit_hops !== undefined ? `${formatCount(summary.flit_hops)} flit-hops` : `${formatCount(summary.lookups)} look-ups`;
}

// [fastest, slowest] estimated worker-seconds of a sweep of `points` points like `summary`.
export function sweepSeconds(summary: Work, points: number): [number, number] {
  return seconds(summary, NATIVE_RATES, points);
}
