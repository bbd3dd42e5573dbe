import { scaleLinear } from 'd3-scale';
import { binRange, histogramAxisTitle, type Binned } from '../lib/charts/charts';
import { formatCount, formatWithUnit } from '../lib/numbers/format';

const W = 360;
const H = 140;
const M = { l: 44, r: 8, t: 8, b: 34 };
// Ticks are bare numbers grouped as counts are (the unit is in the axis label).
const bare = (v: number) => formatWithUnit(v, '');
const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });

interface Props {
  binned: Binned;
  // The quantity binned ("packet latency") and its unit ("cycles"), for the axis and tooltips.
  label: string;
  unit: string;
  // Whole values (cycles): a bin's tooltip names the whole latencies it holds.
  whole?: boolean;
  testid?: string;
}

// Packets per latency bin (lib/charts/charts.ts binHistogram): D3 computes the scales and ticks, React
// draws the bars; the x axis names the unit and the bin width, each bar's tooltip its range and count.
export function Histogram({ binned: { bins, width }, label, unit, whole = false, testid }: Props) {
  if (bins.length === 0) return null;
  const x = scaleLinear().domain([bins[0].x0, bins[bins.length - 1].x1]).range([M.l, W - M.r]);
  const y = scaleLinear().domain([0, Math.max(1, ...bins.map((b) => b.packets))]).nice().range([H - M.b, M.t]);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" data-testid={testid}
      aria-label={`${label} histogram (packets per bin of ${formatWithUnit(width, unit)})`}>
      {bins.map((b) => (
        <rect key={b.x0} x={x(b.x0)} width={Math.max(1, x(b.x1) - x(b.x0) - 1)} y={y(b.packets)} height={y(0) - y(b.packets)} fill="#3b6ea5">
          <title>{`${binRange(b, whole, unit)}: ${formatCount(b.packets)} packets`}</title>
        </rect>
      ))}
      {x.ticks(5).map((t) => (
        <text key={t} className="tick" x={x(t)} y={H - M.b + 12} textAnchor="middle">{bare(t)}</text>
      ))}
      {y.ticks(3).map((t) => (
        <text key={t} className="tick" x={M.l - 4} y={y(t)} dy="0.35em" textAnchor="end">{compact.format(t)}</text>
      ))}
      <text className="tick" x={M.l} y={M.t + 4} dx={4}>packets</text>
      <text className="tick" x={(M.l + W - M.r) / 2} y={H - 4} textAnchor="middle">{histogramAxisTitle(label, unit, width)}</text>
    </svg>
  );
}
