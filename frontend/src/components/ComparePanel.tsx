import type { Example, RunOutcome } from '../config/examples';
import { variantRows } from '../config/examples';
import type { CompareRun } from '../hooks/useCompareRun';
import { PublishedCells, PublishedHeads } from './PublishedPanel';
import { SaturationCurves } from './SaturationCurves';
import { TableScroll } from './TableScroll';

// A compare example (examples/README.md, `compare`): one latency-load curve per variant on one
// chart, each with its saturation throughput marked, and the published values beside the runs.
// `run` holds this example's runs so far (null before Run).
export function ComparePanel({ example, run, running }: { example: Example; run: CompareRun | null; running: boolean }) {
  const spec = example.compare!;
  const results = run?.results ?? [];
  const name = spec.path.split('.').pop()!;
  return (
    <section className="result" aria-label="Comparison" data-testid="compare-result">
      <h2>Compare {name}s: {spec.values.join(', ')}</h2>
      <p className="note" data-testid="compare-status">
        {results.length === spec.values.length ? `all ${spec.values.length} runs done (in this browser)`
          : running && run ? `running ${name} ${results.length + 1} of ${spec.values.length} (${spec.values[results.length]})…`
          : run ? `stopped after ${results.length} of ${spec.values.length} runs`
          : `Run runs the config once per ${name}, one after another in this browser; Submit to server runs them all as a sweep.`}
      </p>
      <SaturationCurves runs={results.map((result, i) => ({ key: spec.values[i], result }))} name={name} />
      <VariantPublishedTable example={example} results={results} />
    </section>
  );
}

// A compare example's published values, each beside its variant's run (`results` in the order of
// `compare.values`): this browser's runs, or a sweep's points.
export function VariantPublishedTable({ example, results }: { example: Example; results: RunOutcome[] }) {
  const name = example.compare!.path.split('.').pop()!;
  return (
    <TableScroll label="published values beside the simulated runs">
      <table className="published numbers" data-testid="compare-table">
        <caption>Reproducing {example.source}</caption>
        <thead>
          <tr><th scope="col">{name}</th><th scope="col">quantity</th><PublishedHeads /></tr>
        </thead>
        <tbody>
          {variantRows(example, results).map((c) => (
            <tr key={`${c.variant} ${c.what}`} data-variant={c.variant}>
              <th scope="row">{c.variant}</th><td>{c.what}</td><PublishedCells row={c} example={example} testid={`compare-simulated-${c.variant}`} />
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
