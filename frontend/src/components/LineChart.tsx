import { forwardRef } from 'react';
import { scaleLinear, scaleLog } from 'd3-scale';
import { line } from 'd3-shape';
import { extent } from 'd3-array';
import type { Series } from '../lib/sweeps/sweep';
import { formatAxisValue } from '../lib/numbers/format';
import { bandSegments, logTicks, markerTitles } from '../lib/charts/lineChart';

// Okabe-Ito: colour-blind-safe categorical palette.
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#F0E442', '#000000'];
// The default width; a chart given its panel's width (`width`) draws at that size, so its text
// stays at the page's size instead of being scaled with the picture.
const W = 520;
const H = 280;
const M = { l: 58, r: 140, t: 12, b: 40 };
const R = 3; // a marker's radius (px)

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
  // A log y axis (latency against load: the curve below saturation and the climb past it both
  // readable); values <= 0 are left out of the domain.
  logY?: boolean;
  // The x axis starts at 0 (offered load: from no load) and ends on a tick at or past the last point.
  xFromZero?: boolean;
  width?: number; // px; default W
  // Dashed horizontal lines at a y of a series (e.g. the accepted-throughput plateau of a
  // saturation search), in its colour; `label` is the tooltip, with the value's unit.
  // `text`, when given, is written on the chart at the line's right end.
  levels?: Array<{ series: string; y: number; label: string; text?: string }>;
  // Dashed vertical lines at an x (e.g. the saturation throughput on an offered-load axis), in the
  // colour of `series`; `label` is the tooltip, `text` written beside the line's top.
  rules?: Array<{ series: string; x: number; label: string; text: string }>;
  // Shaded x intervals of a series (e.g. the offered-load bracket a bisection ended in), in its
  // colour with dashed edges; `label` is the tooltip, with the unit.
  spans?: Array<{ series: string; x0: number; x1: number; label: string }>;
  // Points without a value to draw (e.g. a deadlocked run's latency, a failed run): a × on the x
  // axis in the colour of their series, `label` the tooltip; `why` ("deadlocked", "failed") says
  // in the legend why a series has no point drawn, when none of its points has a value.
  stalled?: Array<{ series: string; x: number; label: string; why: string }>;
}

// A small multi-series line chart: D3 computes scales and paths, React draws them.
export const LineChart = forwardRef<SVGSVGElement, Props>(function LineChart({ series, xLabel, yLabel, seriesLabel, formatY, formatTick = formatY, hollowLabel, logX, logY, xFromZero, width = W, levels = [], rules = [], spans = [], stalled = [] }, ref) {
  const W = width;
  const all = series.flatMap((s) => s.points);
  // Levels, rules and spans widen the domains, so none is drawn outside the plot.
  const [x0, x1] = extent([...(xFromZero ? [0] : []), ...all.map((p) => p.x), ...spans.flatMap((m) => [m.x0, m.x1]),
    ...rules.map((m) => m.x), ...stalled.map((m) => m.x)]) as [number, number];
  const [y0, y1] = extent([...all.map((p) => p.y), ...levels.map((m) => m.y)].filter((v) => !logY || v > 0)) as [number, number];
  if (all.length === 0 && stalled.length === 0) return <p className="note">No finished points yet.</p>;
  // Series whose every point is stalled have no line, but a legend entry and a colour after the
  // drawn ones', so their marks are told apart and named.
  const silent = [...new Set(stalled.map((m) => m.series))].filter((k) => !series.some((s) => s.key === k));
  const keys = [...series.map((s) => s.key), ...silent];
  // A mark's colour is its series' (grey for a key that is no series, e.g. a lone span).
  const colour = (key: string) => (keys.includes(key) ? PALETTE[keys.indexOf(key) % PALETTE.length] : '#555');
  const useLog = logX && x0 > 0;
  const x = (useLog ? scaleLog() : scaleLinear()).domain(x0 === x1 ? [x0 * 0.9 || -1, x1 * 1.1 || 1] : [x0, x1]).range([M.l, W - M.r]);
  if (xFromZero && !useLog) x.nice();
  // Without a value drawn (every point stalled) the y axis has no range of its own: [0, 1].
  const yLog = logY && y0 !== undefined && y0 > 0;
  const y = yLog
    ? scaleLog().domain(y0 === y1 ? [y0 / 1.2, y1 * 1.2] : [y0, y1]).nice().range([H - M.b, M.t])
    : scaleLinear().domain(y0 === undefined ? [0, 1] : y0 === y1 ? [y0 - 0.01, y1 + 0.01] : [y0, y1]).nice().range([H - M.b, M.t]);
  // Values all equal (one point, or a flat line): one tick at that value; ticks around it would
  // all read the same at the shown digits ("25 25 25 25"). A log axis: 1, 2 and 5 times powers of
  // ten (every integer tick of a decade would crowd).
  const yTicks = y0 !== undefined && y0 === y1 ? [y0] : yLog ? logTicks(y.domain() as [number, number]) : y.ticks(5);
  const path = line<{ x: number; y: number }>().x((p) => x(p.x)).y((p) => y(p.y));
  const xTicks = useLog ? [...new Set([...all, ...stalled].map((p) => p.x))].sort((a, b) => a - b) : x.ticks(6);
  // Markers in drawing order; one drawn over another's centre names both in its tooltip.
  const markerLabel = (key: string, p: { x: number; y: number; hollow?: boolean }) =>
    `${seriesLabel ? `${seriesLabel} ${key}, ` : ''}${xLabel} ${formatAxisValue(p.x)}: ${formatY(p.y)}${p.hollow && hollowLabel ? ` (${hollowLabel})` : ''}`;
  // (R + 1: a hollow marker's stroke included.)
  const titles = markerTitles(series.flatMap((s) => s.points.map((p) => ({ cx: x(p.x), cy: y(p.y), label: markerLabel(s.key, p) }))), R + 1);
  const firstMarker = series.map((_, i) => series.slice(0, i).reduce((n, s) => n + s.points.length, 0));
  // Legend rows: each drawn series (but an unnamed one: the y label names it), each silent one
  // with why it has no point ("all deadlocked", a line per reason, so the text stays inside the
  // viewBox), then what a hollow marker means.
  const whyOf = (key: string) => [...new Set(stalled.filter((m) => m.series === key).map((m) => m.why))]
    .map((why, i) => `${i === 0 ? 'all' : 'or'} ${why}`);
  const rows = [
    ...keys.filter((key) => key !== '' || silent.includes(key))
      .map((key) => ({ key, mark: silent.includes(key) ? 'cross' : 'line', text: key, notes: silent.includes(key) ? whyOf(key) : [] })),
    ...(hollowLabel && all.some((p) => p.hollow) ? [{ key: 'hollow', mark: 'hollow', text: hollowLabel, notes: [] }] : []),
  ];
  const rowY = rows.map((_, i) => M.t + 22 + rows.slice(0, i).reduce((h, r) => h + 18 + 12 * r.notes.length, 0));
  return (
    <svg ref={ref} viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={`${yLabel} vs ${xLabel}`} className="line-chart">
      {yTicks.map((t) => (
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
      {/* Below everything: the shaded spans (catching no pointer), then one hover target per
          stretch between span edges naming every span over it (spans may overlap or be equal),
          then the levels; the series' markers on top keep their tooltips. */}
      {spans.map((m) => (
        <rect key={m.series} data-span={m.series} x={x(m.x0)} width={x(m.x1) - x(m.x0)} y={M.t} height={H - M.b - M.t}
          fill={colour(m.series)} fillOpacity={0.12} stroke={colour(m.series)} strokeWidth={1} strokeDasharray="4 3" pointerEvents="none">
          <title>{m.label}</title>
        </rect>
      ))}
      {bandSegments(spans).map((b) => (
        <rect key={b.x0} data-span-hover="" x={x(b.x0)} width={x(b.x1) - x(b.x0)} y={M.t} height={H - M.b - M.t} fill="transparent">
          <title>{b.label}</title>
        </rect>
      ))}
      {levels.map((m) => (
        <g key={m.series}>
          <line data-level={m.series} x1={M.l} x2={W - M.r} y1={y(m.y)} y2={y(m.y)} stroke={colour(m.series)} strokeWidth={1.5} strokeDasharray="4 3">
            <title>{m.label}</title>
          </line>
          {m.text && <text x={W - M.r - 4} y={y(m.y) - 4} textAnchor="end" fill={colour(m.series)} data-level-text="">{m.text}</text>}
        </g>
      ))}
      {rules.map((m) => (
        <g key={m.series}>
          <line data-rule={m.series} x1={x(m.x)} x2={x(m.x)} y1={M.t} y2={H - M.b} stroke={colour(m.series)} strokeWidth={1.5} strokeDasharray="4 3">
            <title>{m.label}</title>
          </line>
          <text x={x(m.x) - 4} y={M.t + 10} textAnchor="end" fill={colour(m.series)} data-rule-text="">{m.text}</text>
        </g>
      ))}
      {series.map((s, i) => (
        <g key={s.key} data-series={s.key}>
          {/* A line has no tooltip: it must not cover another series' markers. */}
          <path d={path(s.points) ?? ''} fill="none" stroke={colour(s.key)} strokeWidth={2} pointerEvents="none" />
          {s.points.map((p, j) => (
            <circle key={p.x} cx={x(p.x)} cy={y(p.y)} r={R} fill={p.hollow ? '#fff' : colour(s.key)}
              stroke={colour(s.key)} strokeWidth={p.hollow ? 1.5 : 0}>
              <title>{titles[firstMarker[i] + j]}</title>
            </circle>
          ))}
        </g>
      ))}
      {stalled.map((m) => (
        <text key={`${m.series} ${m.x}`} data-stalled={m.series} x={x(m.x)} y={H - M.b} dy="0.35em" textAnchor="middle"
          fill={colour(m.series)} fontWeight={700}>
          ×<title>{m.label}</title>
        </text>
      ))}
      {rows.map((r, i) => (
        <g key={r.key} transform={`translate(${W - M.r + 8},${rowY[i]})`} data-legend={r.key}>
          {r.mark === 'line' && <line x1={0} x2={18} y1={0} y2={0} stroke={colour(r.key)} strokeWidth={3} />}
          {r.mark === 'line' && <circle cx={9} cy={0} r={R} fill={colour(r.key)} />}
          {r.mark === 'cross' && <text x={9} y={0} dy="0.35em" textAnchor="middle" fill={colour(r.key)} fontWeight={700}>×</text>}
          {r.mark === 'hollow' && <circle cx={9} cy={0} r={R} fill="#fff" stroke="#555" strokeWidth={1.5} />}
          {/* The value alone: the heading above names it, and "Organisation = output_queued" would
              run past the viewBox's right edge. */}
          <text x={24} y={0} dy="0.35em" className="legend-text">{r.text}</text>
          {r.notes.map((n, j) => <text key={n} x={24} y={12 * (j + 1)} dy="0.35em" className="legend-text" data-legend-note="">{n}</text>)}
        </g>
      ))}
    </svg>
  );
});
