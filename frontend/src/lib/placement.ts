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
}

export function placement(summary: RunSummary): Placement {
  const over = (Object.keys(BROWSER_BUDGET) as Array<keyof typeof BROWSER_BUDGET>).filter((k) => summary[k] > BROWSER_BUDGET[k]);
  return { where: over.length ? 'server' : 'browser', over };
}
