import type { RunSummary } from '../../config/types';
import { describeEngine } from '../../engines/describe';

// Where a run belongs, decided from the core's prepare() summary (never from config fields).
// A run's work is the summary key its engine's speed is measured in, the first of the core's
// description's `work` keys (engines/describe.ts): look-ups for the route walk, the skeletons'
// messages for the application model (it walks no look-up: its summary counts 0), estimated flit-hops (`summary.flit_hops`: cycles x nodes x load x
// longest route, an upper estimate) for the cycle engine. Rates are the WASM and native cores'
// measured ranges against that key (docs/benchmarks.md): estimates, never promises.
type WorkKey = 'lookups' | 'flit_hops' | 'messages';

interface Work {
  key: WorkKey;
  wasmPerS: { slow: number; fast: number };
  nativePerS: { slow: number; fast: number };
  autoRun: number; // at most this much work runs by itself when the page opens (about a second)
}

const WORK: Record<WorkKey, Work> = {
  // About 2 M look-ups/s on a large torus with 3C classification, about 20 M/s on a small cache
  // without it (WASM); natively about 3 M/s (fat tree, 3C) to 25 M/s (small torus cache).
  lookups: { key: 'lookups', wasmPerS: { slow: 2e6, fast: 20e6 }, nativePerS: { slow: 3e6, fast: 25e6 }, autoRun: 2_000_000 },
  // The cycle engine against its estimate: 4 M/s on the 8x8 mesh at load 0.05 (the per-cycle cost
  // of every node dominates) to 22 M/s on seed 003's BMIN with 64-flit packets (WASM); natively
  // within 1.5x of that.
  flit_hops: { key: 'flit_hops', wasmPerS: { slow: 4e6, fast: 22e6 }, nativePerS: { slow: 5e6, fast: 30e6 }, autoRun: 4_000_000 },
  // The application model over the NPB presets (9.5 M to 51 M messages): 50 M to 100 M messages/s
  // in WASM (Chromium), 90 M to 290 M natively.
  messages: { key: 'messages', wasmPerS: { slow: 40e6, fast: 100e6 }, nativePerS: { slow: 80e6, fast: 300e6 }, autoRun: 40_000_000 },
};

// (An engine whose work the browser has no rate for is measured in look-ups.)
export function workOf(summary: Pick<RunSummary, 'engine'>): Work {
  const key = describeEngine(summary.engine)?.work.find((k): k is WorkKey => k in WORK);
  return WORK[key ?? 'lookups'];
}

// The browser's budget, not the core's: a few seconds of work, and a tab's heap much beyond 1 GiB
// risks being killed.
export const BROWSER_BUDGET = { lookups: 50_000_000, flit_hops: 100_000_000, messages: 500_000_000, memory_bytes: 2 ** 30 };
type BudgetKey = keyof typeof BROWSER_BUDGET;

interface Placement {
  where: 'browser' | 'server';
  // The summary keys over the browser budget.
  over: BudgetKey[];
  // The core cannot run it at all (engine smpi: SimGrid on the server's workers).
  serverOnly: boolean;
}

const amount = (summary: RunSummary, key: BudgetKey) => (summary as unknown as Record<string, number | undefined>)[key] ?? 0;

export function placement(summary: RunSummary): Placement {
  const keys: BudgetKey[] = [workOf(summary).key, 'memory_bytes'];
  const over = keys.filter((k) => amount(summary, k) > BROWSER_BUDGET[k]);
  const serverOnly = summary.server_only === true;
  return { where: over.length || serverOnly ? 'server' : 'browser', over, serverOnly };
}

// [fastest, slowest] estimated seconds of a browser run.
export function estimatedSeconds(summary: RunSummary): [number, number] {
  const w = workOf(summary);
  const n = amount(summary, w.key);
  return [n / w.wasmPerS.fast, n / w.wasmPerS.slow];
}

// Runs made one after another (a compare example's variants, useCompareRun) as one: each work
// key the sum of the runs' (as the core's prepare() counts it), memory the largest run's (one is
// held at a time); sizes are the first run's.
export function inTurn(summaries: RunSummary[]): RunSummary {
  const sum = (k: 'cycles' | 'flit_hops' | 'messages' | 'packets' | 'lookups') =>
    summaries.some((s) => s[k] !== undefined) ? summaries.reduce((n, s) => n + (s[k] ?? 0), 0) : undefined;
  return {
    ...summaries[0], cycles: sum('cycles'), flit_hops: sum('flit_hops'), messages: sum('messages'), packets: sum('packets')!,
    lookups: sum('lookups')!,
    memory_bytes: Math.max(...summaries.map((s) => s.memory_bytes)),
  };
}

// [fastest, slowest] estimated seconds of browser runs made one after another: the sum of each
// run's estimate.
export function estimatedSecondsInTurn(summaries: RunSummary[]): [number, number] {
  return summaries.map(estimatedSeconds).reduce(([f, s], [f1, s1]) => [f + f1, s + s1], [0, 0]);
}

export function autoRuns(summary: RunSummary): boolean {
  return placement(summary).where === 'browser' && amount(summary, workOf(summary).key) <= workOf(summary).autoRun;
}

const WORK_UNIT: Record<WorkKey, string> = { lookups: 'look-ups', flit_hops: 'flit-hops', messages: 'messages' };

// The work of one point, in words: "12,960,000 flit-hops", "6,286 look-ups" or "9,523,813 messages".
export function workPerPoint(summary: RunSummary): string {
  const w = workOf(summary);
  return `${Math.round(amount(summary, w.key)).toLocaleString('en-US')} ${WORK_UNIT[w.key]}`;
}

// [fastest, slowest] estimated worker-seconds of a sweep of `points` points like `summary`.
export function sweepSeconds(summary: RunSummary, points: number): [number, number] {
  const w = workOf(summary);
  const total = amount(summary, w.key) * points;
  return [total / w.nativePerS.fast, total / w.nativePerS.slow];
}
