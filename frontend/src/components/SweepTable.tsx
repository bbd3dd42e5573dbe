import type { Sweep, SweepResultsPage } from '../api/client';
import { rowErrors } from '../lib/numbers/confidence';
import { fitErrorCell, fitErrorColumn, fitErrorText } from '../lib/numbers/fitError';
import { formatSetting, formatValue } from '../lib/numbers/format';
import { saturationPoints } from '../lib/sweeps/sweep';
import { TableScroll } from './TableScroll';

// Every value carries its column's unit (one formatter for all tables); ids are shortened and link to the experiment page.
// A hit rate has the digits its row's look-ups support (lib/numbers/confidence.ts); an axis value is the setting, exactly.
function cell(name: string, unit: string | null, v: unknown, se: number | undefined, axis: boolean) {
  if (name === 'experiment_id' && typeof v === 'string') return <a href={`/e/${v}`}>{v.slice(0, 10)}…</a>;
  return axis ? formatSetting(v, unit) : formatValue(v, unit, se);
}

// A saturation search's row mixes two things (docs/api.md): its saturation throughput, and the
// numbers of the one run of the bisection it reports. The caption says which is which.
function searchCaption(which: 'all' | 'some'): string {
  const points = which === 'all' ? 'Every point is a saturation search' : 'Points with a saturation.throughput are saturation searches';
  return `${points}: saturation.throughput is the search's result; every other result column is of the one run the search `
    + 'reports (the highest-load run below saturation, or the last run when all saturated), at that run\'s own offered load.';
}

export function SweepTable({ sweep, results }: { sweep: Pick<Sweep, 'base' | 'axes'>; results: SweepResultsPage }) {
  const all = results.columns;
  // The fit's error columns are shown inside the cell of the figure they qualify (lib/numbers/fitError.ts);
  // the CSV export keeps them as columns.
  const cols = all.filter((c) => !c.name.includes('.fit_holdout_error_pct.'));
  const at = (name: string | null) => (name ? all.findIndex((c) => c.name === name) : -1);
  const searches = saturationPoints(sweep);
  // The caption sits above the scrolling region, not in the table: a <caption> is as wide as its
  // table and would run off the visible part as one long line.
  return (
    <>
      {searches !== 'none' && <p className="note" id="sweep-table-caption" data-testid="sweep-table-caption">{searchCaption(searches)}</p>}
      <TableScroll label="sweep results">
        <table className="numbers" data-testid="sweep-table" aria-describedby={searches !== 'none' ? 'sweep-table-caption' : undefined}>
          <thead>
            <tr>{cols.map((c) => <th key={c.name} scope="col">{c.name}</th>)}</tr>
          </thead>
          <tbody>
            {results.rows.map((r, i) => {
              const se = rowErrors(all, r);
              return <tr key={i}>{cols.map((c) => {
                const j = at(c.name);
                const fit = fitErrorCell(r[at(fitErrorColumn(c.name))]);
                return <td key={c.name}>{cell(c.name, c.unit, r[j], se(c.name), c.name in sweep.axes)}
                  {fit && <div className="small note fit-error">{fitErrorText(fit)}</div>}</td>;
              })}</tr>;
            })}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
