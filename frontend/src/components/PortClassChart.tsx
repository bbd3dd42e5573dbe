import { scaleBand, scaleLinear } from 'd3-scale';
import type { SimResult } from '../config/types';
import { missEstimateLabel, portClassRows } from '../lib/charts/charts';
import { proportionSE } from '../lib/numbers/confidence';
import { formatCount, formatPercent, formatRate } from '../lib/numbers/format';
import { useUnits } from '../hooks/useCoreSchemas';
import { Delta } from './Delta';
import { TableScroll } from './TableScroll';

const MISS_KINDS = ['compulsory', 'capacity', 'conflict', 'total'] as const;

const W = 360;
const ROW = 22;
const LABEL = 78;
const VALUE = 64;

// Hit rate per port class as horizontal bars (0-100 %), and a table with each class's look-ups,
// hit rate and 3C misses ("—" where the result has no per-class classification).
export function PortClassChart({ result }: { result: SimResult }) {
  const units = useUnits();
  const rows = portClassRows(result);
  const estimate = missEstimateLabel(result);
  const missUnit = (k: string) => units.unitOf(`cache.by_port_class.*.misses.${k}`);
  const h = rows.length * ROW + 20;
  const x = scaleLinear().domain([0, 1]).range([LABEL, W - VALUE]);
  const y = scaleBand<string>().domain(rows.map((r) => r.portClass)).range([0, rows.length * ROW]).padding(0.2);
  return (
    <figure className="chart">
      <figcaption>Hit rate per input-port class</figcaption>
      <svg viewBox={`0 0 ${W} ${h}`} width={W} height={h} role="img" aria-label="hit rate per port class">
        {rows.map((r) => (
          <g key={r.portClass} transform={`translate(0,${y(r.portClass)})`}>
            <title>{`${r.portClass}: ${formatRate(r.hitRate, r.lookups)} of ${formatCount(r.lookups)} look-ups`}</title>
            <text x={LABEL - 6} y={y.bandwidth() / 2} dy="0.35em" textAnchor="end">{r.portClass}</text>
            <rect x={LABEL} width={x(1) - LABEL} height={y.bandwidth()} fill="#eee" />
            <rect x={LABEL} width={x(r.hitRate) - LABEL} height={y.bandwidth()} fill="#3b6ea5" />
            <text x={W - VALUE + 4} y={y.bandwidth() / 2} dy="0.35em">{formatPercent(r.hitRate, 1)}</text>
          </g>
        ))}
        {[0, 0.5, 1].map((t) => (
          <text key={t} className="tick" x={x(t)} y={h - 4} textAnchor="middle">{formatPercent(t, 0)}</text>
        ))}
      </svg>
      <TableScroll label="hit rate and misses per port class">
      <table className="numbers" data-testid="port-class-table">
        <thead>
          <tr>
            <th>port class</th><th>look-ups</th><th>hit rate</th>
            {MISS_KINDS.map((k) => <th key={k}>{k === 'total' ? 'misses' : k}{missUnit(k) && ` (${missUnit(k)})`}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.portClass}>
              <td>{r.portClass}</td>
              <td>{formatCount(r.lookups)}</td>
              <td>{formatRate(r.hitRate, r.lookups)}<Delta path={`cache.by_port_class.${r.portClass}.hit_rate`} value={r.hitRate} unit="fraction" se={proportionSE(r.hitRate, r.lookups)} /></td>
              {MISS_KINDS.map((k) => {
                const v = r.misses?.[k];
                return <td key={k} data-miss={k}>{v === undefined ? '—' : formatCount(v)}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
      </TableScroll>
      {estimate && <p className="note small" data-testid="miss-estimate">compulsory, capacity and conflict: {estimate}; misses exact</p>}
    </figure>
  );
}
