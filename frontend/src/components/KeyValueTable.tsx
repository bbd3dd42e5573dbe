import { formatValue } from '../lib/format';
import { useUnits } from '../hooks/useCoreSchemas';
import { Delta } from './Delta';
import { TableScroll } from './TableScroll';

type Obj = Record<string, unknown>;

// Scalar fields of one result section as a two-column table, each number with the unit the
// results schema gives its path (`path` is the section's dotted path in the result); each figure
// that has a fit error (fit_holdout_error_pct[key] = [median, max]) shows it next to the value.
export function KeyValueTable({ data, path, skip = [] }: { data: Obj; path: string; skip?: string[] }) {
  const units = useUnits();
  const errors = (data.fit_holdout_error_pct ?? {}) as Record<string, [number, number]>;
  const rows = Object.entries(data).filter(
    ([k, v]) => !skip.includes(k) && (typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v !== '' && v.length < 60)),
  );
  return (
    <TableScroll label={path}>
    <table className="numbers kv">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{units.labelOf(k)}</th>
            <td>{formatValue(v, units.unitOf(`${path}.${k}`))}<Delta path={`${path}.${k}`} value={v} unit={units.unitOf(`${path}.${k}`)} /></td>
            <td className="fit-error">{errors[k] ? `fit error ${errors[k][0]}–${errors[k][1]} %` : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </TableScroll>
  );
}
