import type { Example } from '../config/examples';
import { variantRows } from '../config/examples';
import type { CompareRun } from '../hooks/useCompareRun';
import { useUnits } from '../hooks/useCoreSchemas';
import type { Json } from '../config/types';
import { formatValue } from '../lib/format';
import { getPath } from '../lib/path';
import { latencyCurve, type CurveRow } from '../lib/loadCurve';
import { LineChart } from './LineChart';
import { TableScroll } from './TableScroll';

// A compare example (examples/README.md, `compare`): one latency-load curve per variant on one
// chart, each with its saturation throughput marked, and the published values beside the runs.
// `run` holds this example's runs so far (null before Run).
export function ComparePanel({ example, run, running }: { example: Example; run: CompareRun | null; running: boolean }) {
  const units = useUnits();
  const spec = example.compare!;
  const results = run?.results ?? [];
  const name = spec.path.split('.').pop()!;
  const tput = units.unitOf('saturation.throughput');
  const cycles = units.unitOf('latency_cycles.packet.mean');
  const curves = results.map((r, i) => ({
    variant: spec.values[i],
    curve: (getPath(r as unknown as Json, 'saturation.curve') ?? []) as unknown as CurveRow[],
    saturation: getPath(r as unknown as Json, 'saturation.throughput') as number | undefined,
  }));
  const bare = (v: number) => formatValue(v, '');
  return (
    <section className="result" aria-label="Comparison" data-testid="compare-result">
      <h2>Compare {name}s: {spec.values.join(', ')}</h2>
      <p className="note" data-testid="compare-status">
        {results.length === spec.values.length ? `all ${spec.values.length} runs done (in this browser)`
          : running && run ? `running ${name} ${results.length + 1} of ${spec.values.length} (${spec.values[results.length]})…`
          : run ? `stopped after ${results.length} of ${spec.values.length} runs`
          : `Run runs the config once per ${name}, one after another in this browser.`}
      </p>
      {curves.length > 0 && (
        <figure className="chart">
          <figcaption>Mean packet latency against offered load, one curve per {name}; dashed: its saturation throughput</figcaption>
          <LineChart series={curves.map((c) => latencyCurve(c.variant, c.curve))} seriesLabel={name}
            xLabel={`offered load (${tput})`} yLabel={`packet latency (${cycles})`} hollowLabel="saturated"
            formatY={(v) => formatValue(v, cycles)} formatTick={bare}
            marks={curves.filter((c) => c.saturation !== undefined).map((c) => ({
              series: c.variant, x: c.saturation!, label: `${c.variant}: saturation throughput ${formatValue(c.saturation, tput)}`,
            }))} />
        </figure>
      )}
      <TableScroll label="published values beside the simulated runs">
        <table className="published numbers" data-testid="compare-table">
          <caption>Reproducing {example.source}</caption>
          <thead>
            <tr>
              <th scope="col">{name}</th><th scope="col">quantity</th><th scope="col">simulated (this run)</th>
              <th scope="col">as published</th><th scope="col">agreement</th>
            </tr>
          </thead>
          <tbody>
            {variantRows(example, results).map((c) => (
              <tr key={`${c.variant} ${c.what}`} title={c.note} data-variant={c.variant}>
                <th scope="row">{c.variant}</th><td>{c.what}</td><td data-testid={`compare-simulated-${c.variant}`}>{c.model}</td>
                <td>{c.published}</td><td>{c.agreement}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
