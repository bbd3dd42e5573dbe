import { sweepSeries, type Series } from './sweep';

// Data for the extra sweep charts: latency vs job size and cost vs hit rate (Pareto front).

// Axes that change the network's size, in the order we prefer them as "job size".
const SIZE_AXES = ['topology.dims', 'topology.switches', 'topology.k', 'topology.n', 'topology.g', 'topology.a', 'topology.stages'];

export function sizeAxis(axisNames: string[]): string | undefined {
  return SIZE_AXES.find((a) => axisNames.includes(a));
}

// A size-axis value as a number: dims [K, K, K] -> K^3 switches (the k-ary n-cube's size), a
// scalar as itself. null when it is neither.
export function jobSize(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number')) return value.reduce((a, b) => a * b, 1);
  return null;
}

export function jobSizeLabel(axis: string): string {
  return axis === 'topology.dims' ? 'switches (product of topology.dims)' : axis;
}

// Metric vs job size, one line per value of the other axis (if any).
export function latencyVsSize(
  columns: Array<{ name: string }>,
  rows: unknown[][],
  axis: string,
  metric: string,
  seriesCol?: string,
): Series[] {
  const ix = columns.findIndex((c) => c.name === axis);
  if (ix < 0) return [];
  const mapped = rows.map((r) => r.map((v, i) => (i === ix ? jobSize(v) : v)));
  return sweepSeries(columns, mapped, axis, metric, seriesCol);
}

export interface CostPoint {
  id: string;
  cost: number; // mm²
  hitRate: number; // fraction
  label: string;
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

// Cost points straight from the result rows: the API's sweep results carry the cost model's
// cache area per port (cost.cache.area_mm2), so no experiment is fetched. Finished points
// without a number in that column (or rows from an API without the column) are counted in
// `withoutCost`, not drawn.
export function costPointsFromRows(
  columns: Array<{ name: string }>,
  rows: unknown[][],
  axisNames: string[],
): { points: CostPoint[]; withoutCost: number } {
  const col = (n: string) => columns.findIndex((c) => c.name === n);
  const [iId, iStatus, iHit, iCost] = [col('experiment_id'), col('status'), col('cache.hit_rate'), col(COST_COLUMN)];
  const points: CostPoint[] = [];
  let withoutCost = 0;
  for (const r of rows) {
    const hit = r[iHit];
    if (r[iStatus] !== 'done' || typeof hit !== 'number') continue;
    const label = axisNames.map((a) => `${a.split('.').pop()} ${JSON.stringify(r[col(a)])}`).join(', ');
    const cost = iCost >= 0 ? r[iCost] : undefined;
    if (typeof cost === 'number' && Number.isFinite(cost)) points.push({ id: String(r[iId]), cost, hitRate: hit, label });
    else withoutCost += 1;
  }
  return { points, withoutCost };
}
