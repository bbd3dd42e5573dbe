import { useId } from 'react';
import { formatPercent } from '../lib/numbers/format';

// A continuous colour legend for a fraction (hit rate, utilisation) or a Δ of one: D3 supplies
// stops and ticks, React draws them. `format` writes a tick (default: a percentage).
export function Legend({ color, width = 240, what = 'hit rate', format = (v: number) => formatPercent(v, 1) }: {
  color: { (v: number): string; domain(): number[] }; width?: number; what?: string; format?: (v: number) => string;
}) {
  const id = useId().replace(/:/g, '');
  const d = color.domain();
  const [lo, hi] = [d[0], d[d.length - 1]];
  // A flat scale (every value equal): one swatch and its value, not a range of ticks.
  if (lo === hi) {
    return (
      <svg className="legend-bar" width={width} height={14} viewBox={`0 0 ${width} 14`} role="img"
        aria-label={`colour scale: ${what}: ${format(lo)} everywhere`}>
        <rect x={0} y={0} width={24} height={12} fill={color(lo)} />
        <text x={30} y={10} className="tick">{format(lo)} everywhere</text>
      </svg>
    );
  }
  const stops = Array.from({ length: 11 }, (_, i) => lo + ((hi - lo) * i) / 10);
  const ticks = [lo, (lo + hi) / 2, hi];
  return (
    <svg className="legend-bar" width={width} height={34} viewBox={`0 0 ${width} 34`} role="img"
      aria-label={`colour scale: ${what} from ${format(lo)} to ${format(hi)}`}>
      <defs>
        <linearGradient id={`g${id}`}>
          {stops.map((v, i) => (
            <stop key={i} offset={`${i * 10}%`} stopColor={color(v)} />
          ))}
        </linearGradient>
      </defs>
      <rect x={0} y={0} width={width} height={12} fill={`url(#g${id})`} />
      {ticks.map((t, i) => (
        <text key={i} x={(i * width) / 2} y={28} textAnchor={i === 0 ? 'start' : i === 2 ? 'end' : 'middle'} className="tick">
          {format(t)}
        </text>
      ))}
    </svg>
  );
}
