import { formatValue, labelOf } from '../lib/units';

type Obj = Record<string, unknown>;

// Scalar fields of one result section as a two-column table with units; each figure that has a
// fit error (fit_holdout_error_pct[key] = [median, max]) shows it next to the value.
export function KeyValueTable({ data, skip = [] }: { data: Obj; skip?: string[] }) {
  const errors = (data.fit_holdout_error_pct ?? {}) as Record<string, [number, number]>;
  const rows = Object.entries(data).filter(
    ([k, v]) => !skip.includes(k) && (typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v !== '' && v.length < 60)),
  );
  return (
    <table className="numbers kv">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{labelOf(k)}</th>
            <td>{formatValue(k, v)}</td>
            <td className="fit-error">{errors[k] ? `fit error ${errors[k][0]}–${errors[k][1]} %` : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
