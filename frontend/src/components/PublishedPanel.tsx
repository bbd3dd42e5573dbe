import type { Config, SimResult } from '../config/types';
import { comparisonRows, type Comparison, type Example } from '../config/examples';
import { useExampleOf } from '../hooks/useExampleOf';
import { TableScroll } from './TableScroll';
import { SeedColumns } from './SeedColumns';
import { hasSeedColumns } from '../lib/compare/seedColumns';

// For an example with published values, run unchanged (or with the changes a value names, such as
// saturation mode): the published numbers beside this run's model and simulated figures (before
// the run, `result` is absent and this run's columns wait for it). A server's run is recognised by
// its config id.
export function PublishedPanel({ config, result }: { config: Config; result?: SimResult }) {
  const match = useExampleOf(config, result?.config_hash);
  if (!match) return null;
  const { example } = match;
  // The seeds' application figures have their own four columns (skeleton model, skeleton SMPI, real NPB).
  if (hasSeedColumns(example)) return <SeedColumns example={example} config={match.config} result={result} />;
  return (
    <TableScroll label="published values beside this run">
    <table className="published numbers" data-testid="published-table">
      <caption>Reproducing {example.source}</caption>
      <thead>
        <tr><th scope="col">quantity</th><PublishedHeads /></tr>
      </thead>
      <tbody>
        {comparisonRows(example, result, match.config).map((c) => (
          <tr key={c.what}>
            <th scope="row">{c.what}</th><PublishedCells row={c} example={example} />
          </tr>
        ))}
      </tbody>
    </table>
    </TableScroll>
  );
}

// The columns every table of published values ends with (this panel's, ComparePanel's), in one
// order: the published figure first, then the model's and the simulated figure of this run.
export function PublishedHeads() {
  return (
    <>
      <th scope="col">as published</th><th scope="col">model</th><th scope="col">simulated (this run)</th><th scope="col">agreement</th>
    </>
  );
}

// `testid` marks this run's simulated figure. A row cites its own source where it is not the
// caption's (the example's), and says why it agrees or not beside the verdict, not in a tooltip.
export function PublishedCells({ row, example, testid }: { row: Comparison; example: Example; testid?: string }) {
  return (
    <>
      <td>{row.published}{row.source !== example.source && <><br /><cite className="small">{row.source}</cite></>}</td>
      <td>{row.model}</td>
      <td data-testid={testid}>{row.simulated}</td>
      <td className="agreement-cell">
        <span data-testid="agreement-words">{row.agreement}</span>
        {row.note && <span className="small note published-note">{row.note}</span>}
      </td>
    </>
  );
}
