import type { Json, SimResult } from '../config/types';
import { useUnits } from '../hooks/useCoreSchemas';
import { formatValue } from '../lib/numbers/format';
import { getPath } from '../lib/form/path';
import { bracketText, latencyCurve, loadBracket, type CurveRow } from '../lib/charts/loadCurve';
import { LineChart } from './LineChart';

// Saturation-mode cycle runs on one chart: each run's latency-load curve (its bisection, result
// `saturation.curve`) as one series named `key`, shaded over the offered-load bracket its
// bisection ended in. A compare example's variants and a sweep's points alike; `name` says what
// the keys are ("organisation").
export function SaturationCurves({ runs, name }: { runs: Array<{ key: string; result: SimResult }>; name: string }) {
  const units = useUnits();
  const tput = units.unitOf('saturation.throughput');
  const loadUnit = units.unitOf('saturation.load_bracket');
  const cycles = units.unitOf('latency_cycles.packet.mean');
  if (runs.length === 0) return null;
  const curves = runs.map(({ key, result }) => ({
    key,
    curve: (getPath(result as unknown as Json, 'saturation.curve') ?? []) as unknown as CurveRow[],
    bracket: loadBracket(result),
    saturation: getPath(result as unknown as Json, 'saturation.throughput') as number | undefined,
  }));
  return (
    <figure className="chart" data-testid="saturation-curves">
      <figcaption>
        Mean packet latency against offered load, one curve per {name}
        {/* The saturation throughput is an accepted throughput, not a load: on this axis only the
            loads the bisection tried can be marked. */}
        {curves.some((c) => c.bracket) && `; shaded: the offered-load bracket (traffic.injection.load, ${loadUnit}) its bisection ended in`}
      </figcaption>
      <LineChart series={curves.map((c) => latencyCurve(c.key, c.curve))} seriesLabel={name}
        xLabel={`offered load (${tput})`} yLabel={`packet latency (${cycles})`} hollowLabel="saturated"
        formatY={(v) => formatValue(v, cycles)} formatTick={(v) => formatValue(v, '')}
        spans={curves.flatMap((c) => (c.bracket ? [{
          series: c.key, x0: c.bracket[0], x1: c.bracket[1],
          label: `${c.key}: bisection ended in traffic.injection.load ${bracketText(c.bracket, loadUnit)}; `
            + `saturation throughput (most accepted) ${formatValue(c.saturation, tput)}`,
        }] : []))} />
    </figure>
  );
}
