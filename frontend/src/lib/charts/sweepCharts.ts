import { LONE_SERIES, sweepSeries, type Series } from '../sweeps/sweep';
import { fitErrorCell, fitErrorColumn, type FitError } from '../numbers/fitError';
import { displayUnit } from '../numbers/format';

// Data for the sweep charts: a metric vs the first axis, latency vs job size and cost vs hit rate
// (Pareto front).

// What the main sweep chart can draw: the headline columns of the route walk (hit rate, zero-load
// latency), of the cycle engine (latency under load, accepted throughput) and of the application
// model (relative performance), as the API lists them for the sweep's engines.
const METRICS: Array<{ col: string; label: string }> = [
  { col: 'cache.hit_rate', label: 'hit rate' },  // first: the route walk's headline
  { col: 'latency_ns.zero_load.mean', label: 'mean zero-load latency' },
  { col: 'latency_ns.zero_load.p99', label: 'p99 zero-load latency' },
  { col: 'latency_cycles.packet.mean', label: 'mean packet latency' },
  { col: 'latency_cycles.packet.p99', label: 'p99 packet latency' },
  { col: 'throughput.accepted', label: 'accepted throughput' },
  { col: 'app.relative_mean', label: 'mean relative performance' },
];

// The chart's x axis and line axis: the first axis with numbers (a sweep over organisation x load
// draws load on x, one line per organisation, whichever order the axes were given in), then the
// first other axis. Points whose axes are all choices (organisations only) have no x: no chart.
export function chartAxes(columns: Array<{ name: string }>, rows: unknown[][], axisNames: string[]): [string | undefined, string | undefined] {
  const numeric = (a: string) => {
    const ix = columns.findIndex((c) => c.name === a);
    return rows.some((r) => typeof r[ix] === 'number');
  };
  const x = axisNames.find(numeric) ?? (rows.length === 0 ? axisNames[0] : undefined);
  return x === undefined ? [undefined, undefined] : [x, axisNames.find((a) => a !== x)];
}

export const SATURATED_COLUMN = 'saturated';

export interface StalledPoint {
  series: string; // the series axis's value, as sweepSeries keys its lines
  x: number;
  why: 'deadlock' | 'nothing delivered' | 'failed';
  error?: string; // a failed point's message (the API's `error` column)
}

// Points that ended without a value to draw: failed points (the API's `error` column says why),
// and finished cycle-engine points whose run deadlocked (the `deadlock` column) or accepted no
// flit, which have no latency. sweepSeries leaves them all out of their line, so the chart must
// say where they are rather than end the line, or leave out a whole series, without a word.
export function stalledPoints(columns: Array<{ name: string }>, rows: unknown[][], xCol: string, seriesCol?: string): StalledPoint[] {
  const col = (n: string) => columns.findIndex((c) => c.name === n);
  const [ix, is, iStatus, iDeadlock, iAccepted, iError] =
    [col(xCol), seriesCol ? col(seriesCol) : -1, col('status'), col('deadlock'), col('throughput.accepted'), col('error')];
  const out: StalledPoint[] = [];
  for (const r of rows) {
    const x = r[ix];
    if (typeof x !== 'number') continue;
    const series = is >= 0 ? String(r[is]) : LONE_SERIES;
    if (r[iStatus] === 'failed') out.push({ series, x, why: 'failed', error: String(r[iError] ?? 'no message') });
    if (r[iStatus] !== 'done') continue;
    const why = iDeadlock >= 0 && r[iDeadlock] === true ? 'deadlock' : iAccepted >= 0 && r[iAccepted] === 0 ? 'nothing delivered' : null;
    if (why) out.push({ series, x, why });
  }
  return out.sort((a, b) => a.x - b.x);
}

export interface Metric {
  col: string;
  label: string; // with its unit: "mean packet latency (cycles)"
  unit: string;
}

// The metrics these results have numbers for (a column of nulls only is left out), or before any
// point has finished the metrics they have columns for. Units come from the columns (the core's
// results schema), else from `unitOf`.
export function sweepMetrics(columns: Array<{ name: string; unit?: string | null }>, rows: unknown[][],
  unitOf: (path: string) => string): Metric[] {
  // A cycle sweep (its rows have the latency under load) opens on its latency-load curve; the hit
  // rate under load is a secondary number there.
  const underLoad = columns.some((c) => c.name === 'latency_cycles.packet.mean');
  const order = underLoad ? [...METRICS.slice(1), METRICS[0]] : METRICS;
  const present = order.map((m) => ({ ...m, ix: columns.findIndex((c) => c.name === m.col) })).filter((m) => m.ix >= 0);
  const withNumbers = present.filter((m) => rows.some((r) => typeof r[m.ix] === 'number'));
  return (withNumbers.length ? withNumbers : present).map(({ col, label, ix }) => {
    const unit = columns[ix].unit || unitOf(col);
    return { col, unit, label: unit ? `${label} (${unit === 'fraction' ? '%' : displayUnit(unit)})` : label };
  });
}

// The network's size as the core counts it (prepare()'s summary, a column of every sweep row).
export const SIZE_COLUMN = 'summary.switches';
export const SIZE_LABEL = 'switches';

// The chart applies when the sweep changes the network's size: two finished rows differ in it.
export function sizeVaries(columns: Array<{ name: string }>, rows: unknown[][]): boolean {
  const ix = columns.findIndex((c) => c.name === SIZE_COLUMN);
  return ix >= 0 && new Set(rows.map((r) => r[ix]).filter((v) => typeof v === 'number')).size > 1;
}

// The axis to draw one line per value of: the first axis whose value does not fix the size
// (rows sharing its value have different sizes), e.g. cache entries beside topology.dims.
export function seriesAxis(columns: Array<{ name: string }>, rows: unknown[][], axisNames: string[]): string | undefined {
  const size = columns.findIndex((c) => c.name === SIZE_COLUMN);
  return axisNames.find((axis) => {
    const ix = columns.findIndex((c) => c.name === axis);
    const sizes = new Map<string, Set<unknown>>();
    for (const r of rows) {
      if (typeof r[size] !== 'number') continue;
      const key = JSON.stringify(r[ix]);
      sizes.set(key, (sizes.get(key) ?? new Set()).add(r[size]));
    }
    return [...sizes.values()].some((s) => s.size > 1);
  });
}

// Metric vs network size (switches), one line per value of the series axis (if any).
export function latencyVsSize(
  columns: Array<{ name: string }>,
  rows: unknown[][],
  metric: string,
  seriesCol?: string,
): Series[] {
  return sweepSeries(columns, rows, SIZE_COLUMN, metric, seriesCol);
}

export interface CostPoint {
  id: string;
  cost: number; // in the unit of the chosen cost column
  hitRate: number; // fraction
  label: string;
  extrapolated?: boolean; // a cost-model figure the fit extrapolated beyond its fitted sizes
  fitError?: FitError; // a figure the fit made: its cross-validated error in the array's grid region
}

// Points no other point beats on both counts: no cheaper-or-equal point with a higher-or-equal
// hit rate (and strictly better in one). Returned by increasing cost, so it can be drawn as a
// staircase. Cost is minimised, hit rate maximised.
export function paretoFront(points: CostPoint[]): CostPoint[] {
  const sorted = [...points].filter((p) => Number.isFinite(p.cost) && Number.isFinite(p.hitRate))
    .sort((a, b) => a.cost - b.cost || b.hitRate - a.hitRate);
  const front: CostPoint[] = [];
  let best = -Infinity;
  for (const p of sorted) {
    if (p.hitRate > best) {
      front.push(p);
      best = p.hitRate;
    }
  }
  return front;
}

export const COST_COLUMN = 'cost.cache.area_mm2';

// What hit rate can be traded against on the Pareto chart: columns of the API's sweep results
// (each takes its unit from the column, i.e. from the core's results schema).
export const COST_CHOICES: Array<{ col: string; label: string }> = [
  { col: COST_COLUMN, label: 'cache area per port' },
  { col: 'cost.cache.access_ns', label: 'cache access time' },
  { col: 'cost.cache.read_energy_nJ', label: 'cache read energy per look-up' },
  { col: 'cost.cache.leakage_mW', label: 'cache leakage per port' },
  { col: 'latency_ns.zero_load.mean', label: 'mean zero-load latency' },
];

// Cost points straight from the result rows: the API's sweep results carry the cost model's
// cache area per port (cost.cache.area_mm2), so no experiment is fetched. Finished points
// without a number in that column (or rows from an API without the column) are counted in
// `withoutCost`, not drawn.
export function costPointsFromRows(
  columns: Array<{ name: string }>,
  rows: unknown[][],
  axisNames: string[],
  costColumn = COST_COLUMN,
): { points: CostPoint[]; withoutCost: number } {
  const col = (n: string) => columns.findIndex((c) => c.name === n);
  const [iId, iStatus, iHit, iCost] = [col('experiment_id'), col('status'), col('cache.hit_rate'), col(costColumn)];
  const iExtra = costColumn.startsWith('cost.') ? col('cost.cache.extrapolated') : -1;
  const errCol = fitErrorColumn(costColumn);
  const iFit = errCol ? col(errCol) : -1;
  const points: CostPoint[] = [];
  let withoutCost = 0;
  for (const r of rows) {
    const hit = r[iHit];
    if (r[iStatus] !== 'done' || typeof hit !== 'number') continue;
    const label = axisNames.map((a) => `${a.split('.').pop()} ${JSON.stringify(r[col(a)])}`).join(', ');
    const cost = iCost >= 0 ? r[iCost] : undefined;
    if (typeof cost === 'number' && Number.isFinite(cost)) {
      const fitError = iFit >= 0 ? fitErrorCell(r[iFit]) : undefined;
      points.push({ id: String(r[iId]), cost, hitRate: hit, label, ...(iExtra >= 0 && r[iExtra] === true ? { extrapolated: true } : {}),
        ...(fitError ? { fitError } : {}) });
    }
    else withoutCost += 1;
  }
  return { points, withoutCost };
}
