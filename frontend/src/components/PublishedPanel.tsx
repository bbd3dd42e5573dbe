import type { Config, SimResult } from '../config/types';
import { comparisonRows, exampleFor, thisRunKind } from '../config/examples';
import { TableScroll } from './TableScroll';

// For an example with published values, run unchanged: the published numbers beside this run's
// (before the run, `result` is absent and this run's column waits for it).
export function PublishedPanel({ config, result }: { config: Config; result?: SimResult }) {
  const example = exampleFor(config);
  if (!example?.published?.length) return null;
  return (
    <TableScroll label="published values beside this run">
    <table className="published numbers" data-testid="published-table">
      <caption>Reproducing {example.source}</caption>
      <thead>
        <tr>
          <th scope="col">quantity</th><th scope="col">as published</th><th scope="col">{thisRunKind(example)} (this run)</th>
          <th scope="col">agreement</th>
        </tr>
      </thead>
      <tbody>
        {comparisonRows(example, result).map((c) => (
          <tr key={c.what} title={c.note}>
            <th scope="row">{c.what}</th><td>{c.published}</td><td>{c.model}</td><td>{c.agreement}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </TableScroll>
  );
}
