import type { Config, SimResult } from '../config/types';
import { comparisonRows, thisRunKind, type Comparison, type Example } from '../config/examples';
import { useExampleOf } from '../hooks/useExampleOf';
import { TableScroll } from './TableScroll';

// For an example with published values, run unchanged: the published numbers beside this run's
// (before the run, `result` is absent and this run's column waits for it). A server's run is
// recognised by its config id.
export function PublishedPanel({ config, result }: { config: Config; result?: SimResult }) {
  const example = useExampleOf(config, result?.config_hash);
  if (!example?.published?.length) return null;
  return (
    <TableScroll label="published values beside this run">
    <table className="published numbers" data-testid="published-table">
      <caption>Reproducing {example.source}</caption>
      <thead>
        <tr><th scope="col">quantity</th><PublishedHeads example={example} /></tr>
      </thead>
      <tbody>
        {comparisonRows(example, result).map((c) => (
          <tr key={c.what} title={c.note}>
            <th scope="row">{c.what}</th><PublishedCells row={c} />
          </tr>
        ))}
      </tbody>
    </table>
    </TableScroll>
  );
}

// The columns every table of published values ends with (this panel's, ComparePanel's), in one
// order: the published figure first, then this run's, each headed with which it is.
export function PublishedHeads({ example }: { example: Example }) {
  return (
    <>
      <th scope="col">as published</th><th scope="col">{thisRunKind(example)} (this run)</th><th scope="col">agreement</th>
    </>
  );
}

// `testid` marks this run's figure.
export function PublishedCells({ row, testid }: { row: Comparison; testid?: string }) {
  return <><td>{row.published}</td><td data-testid={testid}>{row.model}</td><td>{row.agreement}</td></>;
}
