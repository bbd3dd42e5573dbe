import { forwardRef } from 'react';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { extent } from 'd3-array';
import type { Series } from '../lib/sweep';
import { formatAxisValue } from '../lib/format';

// Okabe-Ito: colour-blind-safe categorical palette.
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#F0E442', '#000000'];
const W = 520;
const H = 280;
const M = { l: 58, r: 140, t: 12, b: 40 };

interface Props {
  series: Series[];
  xLabel: string;
  yLabel: string;
  seriesLabel?: string;
  formatY: (v: number) => string;
  // The y axis's tick labels, when they should be shorter than the markers' (unit in yLabel).
  formatTick?: (v: number) => string;
  // What a hollow marker means ("saturated"): said in its tooltip and in the legend.
  hollowLabel?: string;
  logX?: boolean;
  // Dashed horizontal lines at a y of a series (e.g. the accepted-throughput plateau of a
  // saturation search), in its colour; `label` is the tooltip, with the value's unit.
  levels?: Array<{ series: string; y: number; label: string }>;
  // Shaded x intervals of a series (e.g. the offered-load bracket a bisection ended in), in its
  // colour with dashed edges; `label` is the tooltip, with the unit.
  spans?: Array<{ series: string; x0: number; x1: number; label: string }>;
  // Points without a value to draw (e.g. a deadlocked run's latency): a × on the x axis in the
  // colour of their series, `label` the tooltip.
  stalled?: Array<{ series: string; x: number; label: string }>;
}

// A small multi-series line chart: D3 computes scales and paths, React draws them.
export const LineChart = forwardRef<SVGSVGElement, Props>(function LineChart({ series, xLabel, yLabel, seriesLabel, formatY, formatTick = formatY, hollowLabel, logX, levels = [], spans = [], stalled = [] }, ref) {
  const all = series.flatMap((s) => s.points);
  // Levels and spans widen the domains, so none is drawn outside the plot.
  const [x0, x1] = extent([...all.map((p) => p.x), ...spans.flatMap((m) => [m.x0, m.x1]), ...stalled.map((m) => m.x)]) as [number, number];
  const [y0, y1] = extent([...all.map((p) => p.y), ...levels.map((m) => m.y)]) as [number, number];
  if (all.length === 0) return <p className="note">{stalled.length > 0 ? 'No finished point has a value to draw.' : 'No finished points yet.'}</p>;
  // A mark's colour is its series' (grey for a series with no point drawn).
  const colour = (key: string) => {
    const i = series.findIndex((s) => s.key === key);
    return i >= 0 ? PALETTE[i % PALETTE.length] : '#555';
  };
  const useLog = logX && x0 > 0;
  const x = (useLog ? scaleLog() : scaleLinear()).domain(x0 === x1 ? [x0 * 0.9 || -1, x1 * 1.1 || 1] : [x0, x1]).range([M.l, W - M.r]);
  const y = scaleLinear().domain(y0 === y1 ? [y0 - 0.01, y1 + 0.01] : [y0, y1]).nice().range([H - M.b, M.t]);
  const path = line<{ x: number; y: number }>().x((p) => x(p.x)).y((p) => y(p.y));
  const xTicks = useLog ? [...new Set(all.map((p) => p.x))].sort((a, b) => a - b) : x.ticks(6);
  return (
    <svg ref={ref} viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`${yLabel} vs ${xLabel}`} className="line-chart">
      {y.ticks(5).map((t) => (
        <g key={t}>
          <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} stroke="#eee" />
          <text className="tick" x={M.l - 6} y={y(t)} dy="0.35em" textAnchor="end">{formatTick(t)}</text>
        </g>
      ))}
      {xTicks.map((t) => (
        <text key={t} className="tick" x={x(t)} y={H - M.b + 14} textAnchor="middle">{formatAxisValue(t)}</text>
      ))}
      <text x={(M.l + W - M.r) / 2} y={H - 6} textAnchor="middle">{xLabel}</text>
      <text transform={`translate(12,${(M.t + H - M.b) / 2}) rotate(-90)`} textAnchor="middle">{yLabel}</text>
      {seriesLabel && <text x={W - M.r + 8} y={M.t + 6} className="legend-text" fontWeight={600}>{seriesLabel}</text>}
      {/* Behind the series, so their markers keep their tooltips. */}
      {spans.map((m) => (
        <rect key={m.series} data-span={m.series} x={x(m.x0)} width={x(m.x1) - x(m.x0)} y={M.t} height={H - M.b - M.t}
          fill={colour(m.series)} fillOpacity={0.12} stroke={colour(m.series)} strokeWidth={1} strokeDasharray="4 3">
          <title>{m.label}</title>
        </rect>
      ))}
      {series.map((s, i) => (
        <g key={s.key} data-series={s.key}>
          <path d={path(s.points) ?? ''} fill="none" stroke={PALETTE[i % PALETTE.length]} strokeWidth={2} />
          {s.points.map((p) => (
            <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={3} fill={p.hollow ? '#fff' : PALETTE[i % PALETTE.length]}
              stroke={PALETTE[i % PALETTE.length]} strokeWidth={p.hollow ? 1.5 : 0}>
              <title>{`${seriesLabel ? `${seriesLabel} ${s.key}, ` : ''}${xLabel} ${formatAxisValue(p.x)}: ${formatY(p.y)}${p.hollow && hollowLabel ? ` (${hollowLabel})` : ''}`}</title>
            </circle>
          ))}
          {/* Legend entry: a swatch of the line and its marker, then the value in dark text. */}
          <g transform={`translate(${W - M.r + 8},${M.t + 18 * i + 22})`} data-legend={s.key}>
            <line x1={0} x2={18} y1={0} y2={0} stroke={PALETTE[i % PALETTE.length]} strokeWidth={3} />
            <circle cx={9} cy={0} r={3} fill={PALETTE[i % PALETTE.length]} />
            {/* The value alone: the heading above names it, and "Organisation = output_queued" would
                run past the viewBox's right edge. */}
            <text x={24} y={0} dy="0.35em" className="legend-text">{s.key}</text>
          </g>
        </g>
      ))}
      {levels.map((m) => (
        <line key={m.series} data-level={m.series} x1={M.l} x2={W - M.r} y1={y(m.y)} y2={y(m.y)}
          stroke={colour(m.series)} strokeWidth={1.5} strokeDasharray="4 3">
          <title>{m.label}</title>
        </line>
      ))}
      {stalled.map((m) => (
        <text key={`${m.series} ${m.x}`} data-stalled={m.series} x={x(m.x)} y={H - M.b} dy="0.35em" textAnchor="middle"
          fill={colour(m.series)} fontWeight={700}>
          ×<title>{m.label}</title>
        </text>
      ))}
      {hollowLabel && all.some((p) => p.hollow) && (
        <g transform={`translate(${W - M.r + 8},${M.t + 18 * series.length + 22})`} data-legend="hollow">
          <circle cx={9} cy={0} r={3} fill="#fff" stroke="#555" strokeWidth={1.5} />
          <text x={24} y={0} dy="0.35em" className="legend-text">{hollowLabel}</text>
        </g>
      )}
    </svg>
  );
});
