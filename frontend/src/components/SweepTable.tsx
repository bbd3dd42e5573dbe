import type { SweepResultsPage } from '../api/client';
import { formatCount, formatNs, formatPercent } from '../lib/format';

// Shows values with their column units; ids are shortened and link to the experiment page.
function cell(name: string, unit: string | null, v: unknown) {
  if (v === null || v === undefined) return '—';
  if (name === 'experiment_id' && typeof v === 'string') return <a href={`/e/${v}`}>{v.slice(0, 10)}…</a>;
  if (typeof v !== 'number') return typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (unit === 'fraction') return formatPercent(v);
  if (unit === 'ns') return formatNs(v);
  if (unit === 's') return `${v.toFixed(3)} s`;
  return Number.isInteger(v) ? formatCount(v) : String(v);
}

export function SweepTable({ results }: { results: SweepResultsPage }) {
  const cols = results.columns;
  return (
    <div className="table-scroll">
      <table className="numbers" data-testid="sweep-table">
        <thead>
          <tr>{cols.map((c) => <th key={c.name}>{c.name}{c.unit && c.unit !== 'count' ? ` [${c.unit === 'fraction' ? '%' : c.unit}]` : ''}</th>)}</tr>
        </thead>
        <tbody>
          {results.rows.map((r, i) => (
            <tr key={i}>{cols.map((c, j) => <td key={c.name}>{cell(c.name, c.unit, r[j])}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
