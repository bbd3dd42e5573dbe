import type { SimResult } from '../config/types';
import { binHistogram } from '../lib/charts/charts';
import { errorsOf } from '../lib/numbers/confidence';
import { formatValue } from '../lib/numbers/format';
import { Delta } from './Delta';
import { Histogram } from './Histogram';

// Zero-load latency (injection to delivery, no contention) from the route-walk engine:
// percentiles and a histogram over packets.
export function LatencyPanel({ result }: { result: SimResult }) {
  const z = result.latency_ns?.zero_load;
  if (!z) return null;
  const rows: Array<[string, number | undefined]> = [['min', z.min], ['mean', z.mean], ['p50', z.p50], ['p99', z.p99], ['max', z.max]];
  // The mean has the digits its standard error supports; percentiles are exact latencies of the histogram.
  const se = errorsOf(result);
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
      <Histogram binned={binHistogram(z.histogram ?? [])} label="zero-load latency" unit="ns" />
    </figure>
  );
}
