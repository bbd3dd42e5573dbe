import { useMemo, useRef, useState } from 'react';
import { allFields } from '../config/schema';
import { useCoreSchemas, useUnits } from '../hooks/useCoreSchemas';
import type { Sweep, SweepResultsPage } from '../api/client';
import { sweepSeries } from '../lib/sweeps/sweep';
import { chartAxes, SATURATED_COLUMN, stalledPoints, sweepMetrics, type StalledPoint } from '../lib/charts/sweepCharts';
import { formatSetting, formatWithUnit } from '../lib/numbers/format';
import { LineChart } from './LineChart';
import { download, svgMarkup, svgToPng } from '../lib/runs/exporting';

// "Cache entries (entries)" for "switch.cache.entries": the form's label and the schema's unit.
export function useAxisLabel(): (path: string) => string {
  const { schemas } = useCoreSchemas();
  const fields = useMemo(() => (schemas ? allFields(schemas.config) : []), [schemas]);
  return (path: string) => {
    const f = fields.find((x) => x.path === path);
    return f ? `${f.label}${f.unit ? ` (${f.unit})` : ''}` : path;
  };
}

// "central: deadlock at Offered load 0.3 flits/node/cycle, 0.4 flits/node/cycle", one line per
// series and cause, in order of x.
function stalledLines(points: StalledPoint[], xName: string, xUnit: string): string[] {
  const groups = new Map<string, number[]>();
  for (const p of points) {
    const key = `${p.series ? `${p.series}: ` : ''}${p.why}`;
    groups.set(key, [...(groups.get(key) ?? []), p.x]);
  }
  return [...groups].map(([key, xs]) => `${key} at ${xName} ${xs.map((x) => formatSetting(x, xUnit)).join(', ')}`);
}

// A series none of whose points has a value says why in the legend: "all deadlocked".
const LEGEND_WHY: Record<StalledPoint['why'], string> = { deadlock: 'deadlocked', 'nothing delivered': '0 accepted', failed: 'failed' };

// Metric vs the first numeric axis, one line per value of another axis.
export function SweepChart({ sweep, results }: { sweep: Sweep; results: SweepResultsPage }) {
  const units = useUnits();
  const metrics = sweepMetrics(results.columns, results.rows, (p) => units.unitOf(p));
  const [metricCol, setMetricCol] = useState<string | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const [xCol, seriesCol] = chartAxes(results.columns, results.rows, sweep.axis_names);
  const axisLabel = useAxisLabel();
  const metric = metrics.find((m) => m.col === metricCol) ?? metrics[0];
  if (!xCol || !metric) return null;
  const format = (v: number) => formatWithUnit(v, metric.unit, 1);
  // Ticks are bare numbers in the unit of the axis label ("0.85", not "0.85 flits/node/cycle").
  const tick = (v: number) => formatWithUnit(metric.unit === 'fraction' ? v * 100 : v, '', 1);
  // Cycle-engine rows say whether the run saturated (docs/engines.md, "Measurement").
  const series = sweepSeries(results.columns, results.rows, xCol, metric.col, seriesCol, SATURATED_COLUMN);
  // Failed points, deadlocked runs and runs that delivered nothing have no value: marked on the x
  // axis (a failed point's tooltip gives its error) and listed below the chart, never just
  // missing from their line.
  const stalled = stalledPoints(results.columns, results.rows, xCol, seriesCol);
  // A field's label without its unit, where the unit is given with each value.
  const bareLabel = (path: string) => axisLabel(path).replace(/ \(.*\)$/, '');
  const xName = bareLabel(xCol);
  const xUnit = results.columns.find((c) => c.name === xCol)?.unit ?? '';
  // Powers-of-two style axes (entries 16..4096) read best on a log scale: values that grow by a
  // factor at every step over a wide span, not an arithmetic range such as loads 0.1..0.9.
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p.x)))].sort((a, b) => a - b);
  const geometric = xs.length > 1 && xs[0] > 0 && xs[xs.length - 1] / xs[0] >= 8 && xs.every((v, i) => i === 0 || v / xs[i - 1] >= 1.5);
  return (
    <figure className="chart" data-testid="sweep-chart">
      <figcaption>
        <select aria-label="metric" value={metric.col} onChange={(e) => setMetricCol(e.target.value)}>
          {metrics.map((m) => <option key={m.col} value={m.col}>{m.label}</option>)}
        </select>{' '}
        {' '}vs {axisLabel(xCol)}{seriesCol ? `, one line per ${axisLabel(seriesCol)}` : ''}
      </figcaption>
      <LineChart ref={svg} series={series} xLabel={axisLabel(xCol)} yLabel={metric.label} seriesLabel={seriesCol ? bareLabel(seriesCol) : undefined}
        formatY={format} formatTick={tick} hollowLabel="saturated" logX={geometric}
        stalled={stalled.map((p) => ({ series: p.series, x: p.x, why: LEGEND_WHY[p.why],
          label: `${stalledLines([p], xName, xUnit)[0]}${p.error ? `: ${p.error}` : ''}` }))} />
      {stalled.length > 0 && (
        <p className="note" data-testid="sweep-chart-stalled">
          × on the x axis, no packet latency: {stalledLines(stalled, xName, xUnit).join('; ')}.
        </p>
      )}
      <div className="export">
        <button type="button" onClick={() => svg.current && download(`sweep-${sweep.id.slice(0, 12)}.svg`, svgMarkup(svg.current), 'image/svg+xml')}>Chart SVG</button>
        <button type="button" onClick={async () => svg.current && download(`sweep-${sweep.id.slice(0, 12)}.png`, await svgToPng(svg.current))}>Chart PNG</button>
      </div>
    </figure>
  );
}
