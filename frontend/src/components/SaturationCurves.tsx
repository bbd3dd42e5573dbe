import type { Json, SimResult } from '../config/types';
import { useUnits } from '../hooks/useCoreSchemas';
import { formatValue } from '../lib/format';
import { getPath } from '../lib/path';
import { latencyCurve, type CurveRow } from '../lib/loadCurve';
import { LineChart } from './LineChart';

// Saturation-mode cycle runs on one chart: each run's latency-load curve (its bisection, result
// `saturation.curve`) as one series named `key`, its saturation throughput marked. A compare
// example's variants and a sweep's points alike; `name` says what the keys are ("organisation").
export function SaturationCurves({ runs, name }: { runs: Array<{ key: string; result: SimResult }>; name: string }) {
  const units = useUnits();
  const tput = units.unitOf('saturation.throughput');
  const cycles = units.unitOf('latency_cycles.packet.mean');
  if (runs.length === 0) return null;
  const curves = runs.map(({ key, result }) => ({
    key,
    curve: (getPath(result as unknown as Json, 'saturation.curve') ?? []) as unknown as CurveRow[],
    saturation: getPath(result as unknown as Json, 'saturation.throughput') as number | undefined,
  }));
  return (
    <figure className="chart" data-testid="saturation-curves">
      <figcaption>Mean packet latency against offered load, one curve per {name}; dashed: its saturation throughput</figcaption>
      <LineChart series={curves.map((c) => latencyCurve(c.key, c.curve))} seriesLabel={name}
        xLabel={`offered load (${tput})`} yLabel={`packet latency (${cycles})`} hollowLabel="saturated"
        formatY={(v) => formatValue(v, cycles)} formatTick={(v) => formatValue(v, '')}
        marks={curves.filter((c) => c.saturation !== undefined).map((c) => ({
          series: c.key, x: c.saturation!, label: `${c.key}: saturation throughput ${formatValue(c.saturation, tput)}`,
        }))} />
    </figure>
  );
}
