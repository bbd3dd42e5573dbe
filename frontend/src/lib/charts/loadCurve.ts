// The cycle engine's latency-load curve (result `saturation.curve`: per run [offered, accepted,
// mean packet latency, saturated], docs/engines.md "Measurement") as chart series: runs below
// saturation and saturated runs are separate series, so the saturation point is visible; and a
// run's state.
import type { Series } from '../sweeps/sweep';
import { displayUnit, formatAxisValue } from '../numbers/format';

// (The latency is null for a run that delivered no measured packet.)
export type CurveRow = [number, number, number | null, boolean];

export const BELOW = 'below saturation';
export const SATURATED = 'saturated';
export const DEADLOCK = 'deadlock';

// A cycle-engine run's state (docs/engines.md, "Measurement"): a deadlocked run is also
// saturated, and "deadlock" says more. undefined for a result without one (the route walk's).
export function runState(result: unknown): typeof BELOW | typeof SATURATED | typeof DEADLOCK | undefined {
  const r = result as { saturated?: unknown; deadlock?: unknown } | undefined;
  if (typeof r?.saturated !== 'boolean') return undefined;
  return r.deadlock === true ? DEADLOCK : r.saturated ? SATURATED : BELOW;
}

const byLoad = <R extends CurveRow>(curve: R[]) => [...curve].sort((a, b) => a[0] - b[0]);
// Runs that delivered nothing have no latency to draw.
type DeliveredRow = [number, number, number, boolean];
const delivered = (curve: CurveRow[]) => curve.filter((r): r is DeliveredRow => r[2] !== null && r[2] > 0);

function split<R extends CurveRow>(curve: R[], y: (r: R) => number): Series[] {
  const sorted = byLoad(curve);
  const below = sorted.filter((r) => !r[3]).map((r) => ({ x: r[0], y: y(r) }));
  const over = sorted.filter((r) => r[3]).map((r) => ({ x: r[0], y: y(r) }));
  return [
    ...(below.length ? [{ key: BELOW, points: below }] : []),
    ...(over.length ? [{ key: SATURATED, points: over }] : []),
  ];
}

// Mean packet latency (cycles) against offered load; runs that delivered nothing are left out.
export function latencySeries(curve: CurveRow[]): Series[] {
  return split(delivered(curve), (r) => r[2]);
}

// One run's latency curve as a single series named `key` (several runs overlaid on one chart):
// saturated runs are hollow markers.
export function latencyCurve(key: string, curve: CurveRow[]): Series {
  return { key, points: byLoad(delivered(curve)).map((r) => ({ x: r[0], y: r[2], hollow: r[3] })) };
}

// Accepted against offered throughput (flits/node/cycle).
export function throughputSeries(curve: CurveRow[]): Series[] {
  return split(curve, (r) => r[1]);
}

// The interval of traffic.injection.load a bisection ended in (result `saturation.load_bracket`:
// [highest unsaturated, lowest saturated] load tried, docs/engines.md "Measurement"); undefined
// for a result without one (stored before the core reported it).
export function loadBracket(result: unknown): [number, number] | undefined {
  const b = (result as { saturation?: { load_bracket?: unknown } } | undefined)?.saturation?.load_bracket;
  return Array.isArray(b) && b.length === 2 && b.every((v) => typeof v === 'number') ? b as [number, number] : undefined;
}

// A bracket as captions and tooltips say it, to the axis's digits: "0.5–0.5625 flits/node/cycle".
export function bracketText([lo, hi]: [number, number], unit: string): string {
  return `${formatAxisValue(lo)}–${formatAxisValue(hi)} ${displayUnit(unit)}`;
}

// The zero-load latency as a curve shows it: the mean latency of its lowest offered load that
// stayed below saturation and delivered packets (curve mode's first load is a tenth or less of
// the saturation load, where queueing adds little). undefined when no run qualifies.
export function zeroLoadPoint(curve: CurveRow[]): { load: number; latency: number } | undefined {
  const first = byLoad(delivered(curve)).find((r) => !r[3]);
  return first ? { load: first[0], latency: first[2] } : undefined;
}

// A curve's points as CSV rows, one column per quantity with its unit in the header.
export function curveCsvRows(curve: CurveRow[], loadUnit: string, latencyUnit: string): Array<Record<string, unknown>> {
  return byLoad(curve).map((r) => ({
    [`offered load (${loadUnit})`]: r[0],
    [`accepted throughput (${loadUnit})`]: r[1],
    [`mean packet latency (${latencyUnit})`]: r[2],
    saturated: r[3],
  }));
}
