import type { SweepResultsPage } from '../api/client';
import { rowErrors } from '../lib/confidence';
import { formatValue } from '../lib/format';
import { TableScroll } from './TableScroll';

// Every value carries its column's unit (one formatter for all tables); ids are shortened and link to the experiment page.
// A hit rate has the digits its row's look-ups support (lib/confidence.ts).
function cell(name: string, unit: string | null, v: unknown, se: number | undefined) {
  if (name === 'experiment_id' && typeof v === 'string') return <a href={`/e/${v}`}>{v.slice(0, 10)}…</a>;
  return formatValue(v, unit, se);
}

export function SweepTable({ results }: { results: SweepResultsPage }) {
  const cols = results.columns;
  return (
    <TableScroll label="sweep results">
      <table className="numbers" data-testid="sweep-table">
        <thead>
          <tr>{cols.map((c) => <th key={c.name} scope="col">{c.name}</th>)}</tr>
        </thead>
        <tbody>
          {results.rows.map((r, i) => {
            const se = rowErrors(cols, r);
            return <tr key={i}>{cols.map((c, j) => <td key={c.name}>{cell(c.name, c.unit, r[j], se(c.name))}</td>)}</tr>;
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
