import { scaleLinear } from 'd3-scale';
import type { SimResult } from '../config/types';
import { lookupSegments, missEstimateLabel } from '../lib/charts/charts';
import { formatCount, formatRate } from '../lib/numbers/format';

// Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
const COLORS = { hits: '#0072B2', compulsory: '#E69F00', capacity: '#CC79A7', conflict: '#D55E00' };
const W = 360;

// All look-ups as one 100 % bar: hits, then compulsory / capacity / conflict misses (3C).
export function MissBreakdown({ result }: { result: SimResult }) {
  const segs = lookupSegments(result);
  const estimate = missEstimateLabel(result);
  const x = scaleLinear().domain([0, 1]).range([0, W]);
  return (
    <figure className="chart">
      <figcaption>Look-ups by outcome (3C miss classification{estimate && `, ${estimate}`})</figcaption>
      <svg viewBox={`0 0 ${W} 24`} width={W} height={24} role="img" aria-label="hits and misses by kind">
        {segs.map((s) => (
          <rect key={s.key} x={x(s.start)} width={Math.max(0, x(s.fraction))} height={24} fill={COLORS[s.key]}>
            <title>{`${s.label}: ${formatCount(s.count)} (${formatRate(s.fraction, result.cache.lookups)})`}</title>
          </rect>
        ))}
      </svg>
      <ul className="legend" data-testid="miss-legend">
        {segs.map((s) => (
          <li key={s.key}>
            <span className="swatch" style={{ background: COLORS[s.key] }} />
            {s.label}: {formatCount(s.count)} ({formatRate(s.fraction, result.cache.lookups)})
          </li>
        ))}
      </ul>
    </figure>
  );
}
