// How precisely a result knows its statistics: the standard error of a number from the counts
// the same result carries, so format.ts can show only the digits the run supports.
//
// Rates are counted outcomes of N look-ups or packets (binomial): SE = sqrt(p (1 - p) / N), with
// p (1 - p) taken at least 1/N so that a rate of exactly 0 or 1 still has an error of about 1/N.
// Means come from the result's exact histogram (SE = standard deviation / sqrt(N)); a mean whose
// result has no histogram but a bounded range gets the largest SE that range allows (Popoviciu:
// standard deviation <= range / 2). Packets of a run are treated as independent samples.

type Get = (path: string) => unknown;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

// Standard error of a proportion p estimated from n Bernoulli trials.
export function proportionSE(p: number, n: number): number | undefined {
  if (!(n > 0) || !Number.isFinite(p)) return undefined;
  return Math.sqrt(Math.max(p * (1 - p), 1 / n) / n);
}

// Standard error of the mean of a histogram of [value, count] rows.
export function histogramMeanSE(hist: unknown): number | undefined {
  if (!Array.isArray(hist)) return undefined;
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (const row of hist) {
    if (!Array.isArray(row) || typeof row[0] !== 'number' || typeof row[1] !== 'number') return undefined;
    n += row[1];
    sum += row[0] * row[1];
    sq += row[0] * row[0] * row[1];
  }
  if (n < 2) return undefined;
  const mean = sum / n;
  const variance = Math.max(0, (sq - n * mean * mean) / (n - 1));
  return Math.sqrt(variance / n);
}

// The largest standard error of a mean of n samples that all lie in [lo, hi].
export function boundedMeanSE(lo: number, hi: number, n: number): number | undefined {
  if (!(n > 0) || !(hi >= lo)) return undefined;
  return (hi - lo) / 2 / Math.sqrt(n);
}

// The standard error of the number at dotted result path `path`, with `get` reading any other path
// of the same result (or the same sweep row); undefined when the result carries no counts for it.
export function standardError(path: string, get: Get): number | undefined {
  const value = num(get(path));
  if (value === undefined) return undefined;
  const parent = path.slice(0, path.lastIndexOf('.'));
  // A hit rate beside the look-ups it was counted over: cache.hit_rate, cache.by_port_class.<c>.hit_rate.
  if (path.endsWith('.hit_rate')) {
    const n = num(get(`${parent}.lookups`));
    return n === undefined ? undefined : proportionSE(value, n);
  }
  if (path === 'cache.all_hit_share') {
    const n = num(get('packets.measured'));
    return n === undefined ? undefined : proportionSE(value, n);
  }
  if (path === 'latency_ns.zero_load.mean' || path === 'latency_cycles.packet.mean')
    return histogramMeanSE(get(`${parent}.histogram`));
  if (path === 'latency_ns.packet.mean') {
    // The cycle engine's ns latencies are its cycle latencies times the clock period.
    const cycles = num(get('latency_cycles.packet.mean'));
    const se = standardError('latency_cycles.packet.mean', get);
    return se === undefined || !cycles ? undefined : (se * value) / cycles;
  }
  if (path === 'packets.mean_switches') {
    const hi = num(get('packets.max_switches'));
    const n = num(get('packets.measured'));
    return hi === undefined || n === undefined ? undefined : boundedMeanSE(1, hi, n);
  }
  if (path === 'hops.mean') {
    const hi = num(get('summary.max_hops'));
    const n = num(get('packets.measured'));
    return hi === undefined || n === undefined ? undefined : boundedMeanSE(0, hi, n);
  }
  return undefined;
}

// The standard error of a difference of two independent estimates (a run against its baseline).
export function differenceSE(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined ? undefined : Math.hypot(a, b);
}

// `standardError` over a whole result object (dotted paths into it).
export function errorsOf(result: unknown): (path: string) => number | undefined {
  const get = (path: string) =>
    path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), result);
  return (path) => standardError(path, get);
}

// `standardError` over one row of a table whose columns are named by result path (a sweep's rows).
export function rowErrors(columns: Array<{ name: string }>, row: unknown[]): (path: string) => number | undefined {
  const index = new Map(columns.map((c, i) => [c.name, i]));
  const get = (path: string) => {
    const i = index.get(path);
    return i === undefined ? undefined : row[i];
  };
  return (path) => standardError(path, get);
}
