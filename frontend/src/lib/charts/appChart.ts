import { formatWithUnit } from '../numbers/format';

// Engine app / smpi results as the seeds draw them (seed 001 Figs. 7-9, seed 000 Figs. 17-18):
// one bar per benchmark of the performance relative to the same system without a cache, and the
// mean. Pure data and geometry, shared by the chart and its tests.

interface AppBenchmark {
  time_s: number;
  mops?: number; // none for an MPI trace: it counts no NPB operations
  relative: number;
  time_no_cache_s?: number;
  smpi_replay?: string; // engine smpi: "full" or "extrapolated"
  smpi_sample_repeats?: number | null;
}

export interface AppSection {
  benchmarks: Record<string, AppBenchmark>;
  relative_mean: number;
  simulator?: string;
  simgrid_version?: string;
}

interface AppRow {
  key: string; // benchmark name, or "mean"
  label: string; // as the seeds print it: "CG", ..., "mean"
  relative: number; // x (performance with the cache / without)
  benchmark?: AppBenchmark;
}

// The key of an MPI trace's run in app.benchmarks (traffic.pattern "mpi_trace"; docs/models.md).
export const TRACE_BENCHMARK = 'mpi_trace';

// A benchmark's name as the seeds print it, from its key in the results (app.benchmarks.<key>):
// "bt" -> "BT"; an MPI trace's "MPI trace". Every view that names a benchmark takes it from here.
export function benchmarkName(key: string): string {
  return key === TRACE_BENCHMARK ? 'MPI trace' : key.toUpperCase();
}

// Benchmarks in the result's order, then the mean.
export function appRows(app: AppSection): AppRow[] {
  const rows: AppRow[] = Object.entries(app.benchmarks).map(([key, b]) => ({ key, label: benchmarkName(key), relative: b.relative, benchmark: b }));
  rows.push({ key: 'mean', label: 'mean', relative: app.relative_mean });
  return rows;
}

// The gain a relative performance stands for, as the seeds quote it: 1.052 -> "+5.20 %".
export function formatGain(relative: number): string {
  if (!Number.isFinite(relative)) return '—';
  const pct = (relative - 1) * 100;
  return `${pct < 0 ? '−' : '+'}${Math.abs(pct).toFixed(2)} %`;
}

// One line for lists (history, agreement): "mean relative performance 1.06 × (+5.95 %)".
export function appHeadline(result: { [key: string]: unknown }): string {
  const app = result.app as AppSection | undefined;
  if (!app) return '—';
  return `mean relative performance ${formatWithUnit(app.relative_mean, 'x', 2)} (${formatGain(app.relative_mean)})`;
}

// Whether SimGrid SMPI replayed the numbers on a worker: only its sections name a simulator (the
// results schema's app.simulator); the time model's are the core's own.
export const replayedBySimulator = (app: AppSection): boolean => app.simulator !== undefined;

// Who computed the numbers: the time model in the core, or SimGrid SMPI on a worker.
export function simulatorName(app: AppSection): string {
  return replayedBySimulator(app) ? `SimGrid SMPI ${app.simgrid_version ?? ''}`.trim() : 'time model';
}

// How SMPI replayed a benchmark: every iteration, or k and 2k repeats of each long block
// extrapolated (app.smpi_replay; docs/models.md "Extrapolated replays").
export function replayNote(b: AppBenchmark | undefined): string {
  if (!b?.smpi_replay) return '—';
  const k = b.smpi_sample_repeats;
  return b.smpi_replay === 'extrapolated' && k ? `extrapolated from ${k} and ${2 * k} repeats` : b.smpi_replay;
}

interface Bar {
  key: string;
  label: string;
  relative: number;
  x: number;
  width: number;
  y: number; // top of the bar
  height: number;
}

interface AppLayout {
  bars: Bar[];
  baselineY: number; // y of relative = 1 (the system without a cache): bars grow from it
  ticks: Array<{ y: number; value: number }>;
  yOf: (relative: number) => number;
}

interface Box {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

// Bars grow up (gain) or down (loss) from relative = 1; the vertical range covers 1 and every
// value (and the `marked` values drawn over the bars) with 10 % headroom, so differences of a few
// per cent stay visible, as in the seeds' plots.
export function appLayout(rows: AppRow[], box: Box, marked: number[] = []): AppLayout {
  const values = [...rows.map((r) => r.relative), ...marked].filter(Number.isFinite);
  let lo = Math.min(1, ...values);
  let hi = Math.max(1, ...values);
  if (hi - lo < 1e-9) hi = lo + 0.01;
  const pad = (hi - lo) * 0.1;
  lo = lo < 1 ? lo - pad : 1;
  hi += pad;
  const y0 = box.top;
  const y1 = box.height - box.bottom;
  const yOf = (v: number) => y1 - ((v - lo) / (hi - lo)) * (y1 - y0);
  const slot = (box.width - box.left - box.right) / Math.max(1, rows.length);
  const width = slot * 0.7;
  const baselineY = yOf(1);
  const bars = rows.map((r, i) => {
    const y = yOf(Number.isFinite(r.relative) ? r.relative : 1);
    return { key: r.key, label: r.label, relative: r.relative, x: box.left + i * slot + (slot - width) / 2, width,
      y: Math.min(y, baselineY), height: Math.abs(baselineY - y) };
  });
  const ticks = [lo, 1, hi].filter((v, i, a) => a.indexOf(v) === i).map((value) => ({ y: yOf(value), value }));
  return { bars, baselineY, ticks, yOf };
}
