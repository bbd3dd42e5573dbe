import { useMemo, useRef, useState } from 'react';
import { allFields } from '../config/schema';
import { useCoreSchemas } from '../hooks/useCoreSchemas';
import type { Sweep, SweepResultsPage } from '../api/client';
import { sweepSeries } from '../lib/sweep';
import { formatNs, formatPercent } from '../lib/format';
import { LineChart } from './LineChart';
import { download, svgMarkup, svgToPng } from '../lib/exporting';

const METRICS: Array<{ col: string; label: string; format: (v: number) => string }> = [
  { col: 'cache.hit_rate', label: 'hit rate (%)', format: (v) => formatPercent(v, 1) },
  { col: 'latency_ns.zero_load.mean', label: 'mean zero-load latency (ns)', format: formatNs },
  { col: 'latency_ns.zero_load.p99', label: 'p99 zero-load latency (ns)', format: formatNs },
];

// "Cache entries (entries)" for "switch.cache.entries": the form's label and the schema's unit.
export function useAxisLabel(): (path: string) => string {
  const { schemas } = useCoreSchemas();
  const fields = useMemo(() => (schemas ? allFields(schemas.config) : []), [schemas]);
  return (path: string) => {
    const f = fields.find((x) => x.path === path);
    return f ? `${f.label}${f.unit ? ` (${f.unit})` : ''}` : path;
  };
}

// Metric vs the first axis, one line per value of the second axis.
export function SweepChart({ sweep, results }: { sweep: Sweep; results: SweepResultsPage }) {
  const [metric, setMetric] = useState(METRICS[0]);
  const svg = useRef<SVGSVGElement>(null);
  const [xCol, seriesCol] = sweep.axis_names;
  const axisLabel = useAxisLabel();
  if (!xCol) return null;
  const series = sweepSeries(results.columns, results.rows, xCol, metric.col, seriesCol);
  // Powers-of-two style axes (entries 16..4096) read best on a log scale.
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const geometric = xs.length > 1 && Math.min(...xs) > 0 && Math.max(...xs) / Math.min(...xs) >= 8;
  return (
    <figure className="chart" data-testid="sweep-chart">
      <figcaption>
        <select aria-label="metric" value={metric.col} onChange={(e) => setMetric(METRICS.find((m) => m.col === e.target.value)!)}>
          {METRICS.map((m) => <option key={m.col} value={m.col}>{m.label}</option>)}
        </select>{' '}
        {' '}vs {axisLabel(xCol)}{seriesCol ? `, one line per ${axisLabel(seriesCol)}` : ''}
      </figcaption>
      <LineChart ref={svg} series={series} xLabel={axisLabel(xCol)} yLabel={metric.label} seriesLabel={seriesCol ? axisLabel(seriesCol).replace(/ \(.*\)$/, '') : undefined}
        formatY={metric.format} logX={geometric} />
      <div className="export">
        <button type="button" onClick={() => svg.current && download(`sweep-${sweep.id.slice(0, 12)}.svg`, svgMarkup(svg.current), 'image/svg+xml')}>Chart SVG</button>
        <button type="button" onClick={async () => svg.current && download(`sweep-${sweep.id.slice(0, 12)}.png`, await svgToPng(svg.current))}>Chart PNG</button>
      </div>
    </figure>
  );
}
