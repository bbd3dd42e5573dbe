import { forwardRef } from 'react';
import { scaleLinear } from 'd3-scale';
import { line, curveStepAfter } from 'd3-shape';
import { extent } from 'd3-array';
import { paretoFront, type CostPoint } from '../lib/charts/sweepCharts';
import { fitErrorText } from '../lib/numbers/fitError';
import { displayUnit, formatPercent, formatWithUnit } from '../lib/numbers/format';

const W = 520;
const H = 280;
const M = { l: 58, r: 20, t: 12, b: 40 };

// A cost (cache area per port by default, or access time, energy, leakage, latency) vs hit rate: every finished point as a circle, the
// Pareto-optimal ones (cheapest for their hit rate) filled and joined by a staircase. Shape and
// fill, not only colour, mark the front, so it reads without colour vision.
interface Props {
  points: CostPoint[];
  costLabel: string; // e.g. "cache area per port"
  costUnit: string; // the column's unit, e.g. "mm^2"
}

export const ParetoChart = forwardRef<SVGSVGElement, Props>(function ParetoChart({ points, costLabel, costUnit }, ref) {
  const fmt = (v: number) => formatWithUnit(v, costUnit, 2);
  if (points.length === 0) return <p className="note">No finished points with a cost yet.</p>;
  const front = paretoFront(points);
  const onFront = new Set(front.map((p) => p.id));
  const [x0, x1] = extent(points, (p) => p.cost) as [number, number];
  const [y0, y1] = extent(points, (p) => p.hitRate) as [number, number];
  const x = scaleLinear().domain(x0 === x1 ? [x0 * 0.9, x1 * 1.1 || 1] : [x0, x1]).nice().range([M.l, W - M.r]);
  const y = scaleLinear().domain(y0 === y1 ? [y0 - 0.01, y1 + 0.01] : [y0, y1]).nice().range([H - M.b, M.t]);
  const stair = line<CostPoint>().x((p) => x(p.cost)).y((p) => y(p.hitRate)).curve(curveStepAfter);
  return (
    <svg ref={ref} viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" className="line-chart" data-testid="pareto-chart"
      aria-label={`hit rate vs ${costLabel}; ${front.length} of ${points.length} points on the Pareto front`}>
      {y.ticks(5).map((t) => (
        <g key={t}>
          <line x1={M.l} x2={W - M.r} y1={y(t)} y2={y(t)} stroke="#eee" />
          <text className="tick" x={M.l - 6} y={y(t)} dy="0.35em" textAnchor="end">{formatPercent(t, 1)}</text>
        </g>
      ))}
      {x.ticks(5).map((t) => <text key={t} className="tick" x={x(t)} y={H - M.b + 14} textAnchor="middle">{fmt(t)}</text>)}
      <text x={(M.l + W - M.r) / 2} y={H - 6} textAnchor="middle">{costLabel} ({displayUnit(costUnit)})</text>
      <text transform={`translate(12,${(M.t + H - M.b) / 2}) rotate(-90)`} textAnchor="middle">hit rate (%)</text>
      <path d={stair(front) ?? ''} fill="none" stroke="#0072B2" strokeWidth={2} />
      {points.map((p) => (
        <g key={p.id}>
          <circle data-id={p.id} cx={x(p.cost)} cy={y(p.hitRate)} r={4} data-pareto={onFront.has(p.id) ? 'front' : 'dominated'}
            fill={onFront.has(p.id) ? '#0072B2' : '#fff'} stroke="#0072B2" strokeWidth={1.5}>
            <title>{pointText(p, fmt, onFront.has(p.id))}</title>
          </circle>
          {/* A cost the fit extrapolated: a dashed orange ring, so it reads without colour too. */}
          {p.extrapolated && <circle data-extrapolated={p.id} cx={x(p.cost)} cy={y(p.hitRate)} r={7} fill="none"
            stroke="#D55E00" strokeWidth={1.5} strokeDasharray="2 2" />}
        </g>
      ))}
    </svg>
  );
});

// Labels would collide wherever points crowd, so the chart has none: each point's tooltip and the
// table beside it (ParetoTable) name them.
function pointText(p: CostPoint, fmt: (v: number) => string, front: boolean): string {
  return `${p.label}: ${fmt(p.cost)}, ${formatPercent(p.hitRate)}${front ? ' (Pareto-optimal)' : ''}` +
    `${p.fitError ? ` (${fitErrorText(p.fitError)})` : ''}${p.extrapolated ? ' (fit extrapolated beyond its fitted sizes)' : ''}`;
}

// The Pareto-optimal points, cheapest first, with their axis values: what the chart's labels were.
export function ParetoTable({ points, costLabel, costUnit }: Props) {
  const front = paretoFront(points);
  const extrapolated = points.filter((p) => p.extrapolated).length;
  if (front.length === 0) return null;
  return (
    <>
      <table className="numbers small" data-testid="pareto-table">
        <caption>Pareto-optimal points (cheapest for their hit rate)</caption>
        <thead><tr><th scope="col">point</th><th scope="col">{costLabel}</th><th scope="col">hit rate</th></tr></thead>
        <tbody>
          {front.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.label}</th>
              <td>{formatWithUnit(p.cost, costUnit, 2)}{p.fitError && <span className="fit-error"> ({fitErrorText(p.fitError)})</span>}{p.extrapolated && ' (fit extrapolated)'}</td>
              <td>{formatPercent(p.hitRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {extrapolated > 0 && <p className="note small" data-testid="pareto-extrapolated">
        {extrapolated} point{extrapolated === 1 ? '' : 's'} (dashed orange ring) use{extrapolated === 1 ? 's' : ''} cost figures the
        fit extrapolated beyond its fitted sizes: expect larger errors than its cross-validated error.</p>}
    </>
  );
}
