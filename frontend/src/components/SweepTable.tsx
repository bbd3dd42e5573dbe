import type { SweepResultsPage } from '../api/client';
import { formatValue } from '../lib/format';
import { TableScroll } from './TableScroll';

// Every value carries its column's unit (one formatter for all tables); ids are shortened and link to the experiment page.
function cell(name: string, unit: string | null, v: unknown) {
  if (name === 'experiment_id' && typeof v === 'string') return <a href={`/e/${v}`}>{v.slice(0, 10)}…</a>;
  return formatValue(v, unit);
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
          {results.rows.map((r, i) => (
            <tr key={i}>{cols.map((c, j) => <td key={c.name}>{cell(c.name, c.unit, r[j])}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
