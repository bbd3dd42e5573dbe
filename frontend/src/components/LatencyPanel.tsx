import { scaleLinear } from 'd3-scale';
import type { SimResult } from '../config/types';
import { latencyBins } from '../lib/charts';
import { errorsOf } from '../lib/confidence';
import { formatCount, formatNs, formatValue } from '../lib/format';
import { Delta } from './Delta';

const W = 360;
const H = 110;
const M = { l: 40, r: 8, t: 6, b: 22 };
const compact = new Intl.NumberFormat('en-US', { notation: 'compact' });

// Zero-load latency (injection to delivery, no contention) from the route-walk engine:
// percentiles and a histogram over packets.
export function LatencyPanel({ result }: { result: SimResult }) {
  const z = result.latency_ns?.zero_load;
  if (!z) return null;
  const rows: Array<[string, number | undefined]> = [['min', z.min], ['mean', z.mean], ['p50', z.p50], ['p99', z.p99], ['max', z.max]];
  // The mean has the digits its standard error supports; percentiles are exact latencies of the histogram.
  const se = errorsOf(result);
  const bins = latencyBins(z.histogram ?? []);
  const x = scaleLinear().domain([bins[0]?.x0 ?? 0, bins[bins.length - 1]?.x1 ?? 1]).range([M.l, W - M.r]);
  const y = scaleLinear().domain([0, Math.max(1, ...bins.map((b) => b.packets))]).nice().range([H - M.b, M.t]);
  const barW = (b: (typeof bins)[number]) => Math.max(1, x(b.x1) - x(b.x0) - 1);
  return (
    <figure className="chart">
      <figcaption>Zero-load packet latency (simulated, {result.engine.name} engine)</figcaption>
      <table className="numbers" data-testid="latency-table">
        <tbody>
          {rows.filter(([, v]) => v !== undefined).map(([k, v]) => (
            <tr key={k}><th scope="row">{k}</th><td>{formatValue(v, 'ns', se(`latency_ns.zero_load.${k}`))}<Delta path={`latency_ns.zero_load.${k}`} value={v} unit="ns" se={se(`latency_ns.zero_load.${k}`)} /></td></tr>
          ))}
          {typeof result.packets?.mean_switches === 'number' && (
            <tr><th scope="row">switches per packet (mean)</th><td>{formatValue(result.packets.mean_switches, 'switches', se('packets.mean_switches'))}<Delta path="packets.mean_switches" value={result.packets.mean_switches} unit="switches" se={se('packets.mean_switches')} /></td></tr>
          )}
        </tbody>
      </table>
      {bins.length > 0 && (
        <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label="latency histogram (packets per latency bin)">
          {bins.map((b, i) => (
            <rect key={i} x={x(b.x0)} width={barW(b)} y={y(b.packets)} height={y(0) - y(b.packets)} fill="#3b6ea5">
              <title>{`${formatNs(b.x0)} – ${formatNs(b.x1)}: ${formatCount(b.packets)} packets`}</title>
            </rect>
          ))}
          {x.ticks(4).map((t) => (
            <text key={t} className="tick" x={x(t)} y={H - 6} textAnchor="middle">{formatNs(t)}</text>
          ))}
          {y.ticks(3).map((t) => (
            <text key={t} className="tick" x={M.l - 4} y={y(t)} dy="0.35em" textAnchor="end">{compact.format(t)}</text>
          ))}
          <text className="tick" x={M.l} y={M.t + 4} dx={4}>packets</text>
        </svg>
      )}
    </figure>
  );
}
