import { useId } from 'react';
import type { ScaleSequential } from 'd3-scale';
import { formatPercent } from '../lib/format';

// A continuous colour legend for a fraction (hit rate, utilisation): D3 supplies stops and ticks, React draws them.
export function Legend({ color, width = 240, what = 'hit rate' }: { color: ScaleSequential<string>; width?: number; what?: string }) {
  const id = useId().replace(/:/g, '');
  const [lo, hi] = color.domain();
  const stops = Array.from({ length: 11 }, (_, i) => lo + ((hi - lo) * i) / 10);
  const ticks = [lo, (lo + hi) / 2, hi];
  return (
    <svg className="legend-bar" width={width} height={34} viewBox={`0 0 ${width} 34`} role="img"
      aria-label={`colour scale: ${what} from ${formatPercent(lo, 1)} to ${formatPercent(hi, 1)}`}>
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
          {formatPercent(t, 1)}
        </text>
      ))}
    </svg>
  );
}
