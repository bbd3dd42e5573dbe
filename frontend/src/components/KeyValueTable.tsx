import { fitErrorOf, fitErrorText } from '../lib/numbers/fitError';
import { formatValue } from '../lib/numbers/format';
import { useUnits } from '../hooks/useCoreSchemas';
import { Delta } from './Delta';
import { TableScroll } from './TableScroll';

type Obj = Record<string, unknown>;

// Scalar fields of one result section as a two-column table, each number with the unit the
// results schema gives its path (`path` is the section's dotted path in the result); each figure
// that has a fit error (fit_holdout_error_pct[key] = [median, worst]) shows it next to the value.
// `se` gives the standard error of a full result path (lib/numbers/confidence.ts), which sets the digits.
export function KeyValueTable({ data, path, skip = [], se = () => undefined }: {
  data: Obj; path: string; skip?: string[]; se?: (path: string) => number | undefined;
}) {
  const units = useUnits();
  // In key order, as the core writes its JSON: a server result comes back from PostgreSQL's jsonb
  // with its keys reordered, and the same result must read the same on every page.
  const shown = Object.entries(data).filter(
    ([k, v]) => !skip.includes(k) && (typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v !== '' && v.length < 60)),
  ).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // Keys that differ only by their unit suffix ("slowest_stage" and "slowest_stage_ns") are one
  // row: the name beside its figure, not two rows with the same label.
  const rows: Array<{ label: string; keys: string[] }> = [];
  for (const [k] of shown) {
    const label = units.labelOf(k);
    const row = rows.find((r) => r.label === label);
    if (row) row.keys.push(k);
    else rows.push({ label, keys: [k] });
  }
  return (
    <TableScroll label={path}>
    <table className="numbers kv">
      <tbody>
        {rows.map(({ label, keys }) => (
          <tr key={keys[0]}>
            <th scope="row">{label}</th>
            <td>
              {keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && ' · '}{formatValue(data[k], units.unitOf(`${path}.${k}`), se(`${path}.${k}`))}
                  <Delta path={`${path}.${k}`} value={data[k]} unit={units.unitOf(`${path}.${k}`)} se={se(`${path}.${k}`)} />
                </span>
              ))}
            </td>
            <td className="fit-error">{keys.map((k) => fitErrorOf(data, k)).filter((e) => e).map((e) => fitErrorText(e!)).join('; ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
    </TableScroll>
  );
}
