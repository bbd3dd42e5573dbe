import type { Config, SimResult } from '../config/types';
import type { Example } from '../config/examples';
import { baselineConfig, SEED_COLUMNS, seedRows } from '../lib/compare/seedColumns';
import { runInWorker } from '../core/client';
import { useKeyedAnswer } from '../hooks/useKeyedAnswer';
import { TableScroll } from './TableScroll';

// A seed's application figure in four columns (as published, skeleton model, skeleton SMPI, real
// NPB): each cell its figure with its unit, what was run at which size, and whether it agrees with
// the published value, in words (docs/models.md, "The seeds' figures again").
// A speed-up over another system (seed 000's figures) runs that baseline in a worker of its own
// once this run's result is there (engine app: about a second in the tab).
export function SeedColumns({ example, config, result }: { example: Example; config: Config; result?: SimResult }) {
  const base = result ? baselineConfig(example) : undefined;
  const key = base ? JSON.stringify(base) : '';
  const baseline = useKeyedAnswer(key, () => (base
    ? runInWorker(base).done.then((a) => (a.outcome.kind === 'result' ? a.outcome.result : undefined))
    : Promise.resolve(undefined)));
  return (
    <TableScroll label="published values beside the skeletons and the real NPB">
      <table className="published numbers seed-columns" data-testid="seed-columns">
        <caption>Reproducing {example.source}: the published figure, the NPB skeletons and the real NPB</caption>
        <thead>
          <tr>
            <th scope="col">quantity</th>
            {SEED_COLUMNS.map((c) => <th scope="col" key={c.key} data-testid={`seed-head-${c.key}`}>{c.label}</th>)}
          </tr>
        </thead>
        <tbody>
          {seedRows(example, result, config, baseline).map((r) => (
            <tr key={r.what}>
              <th scope="row">{r.what}</th>
              {SEED_COLUMNS.map(({ key }) => {
                const c = r.cells[key];
                return (
                  <td key={key} data-testid={`seed-cell-${key}`}>
                    <span className="seed-value" data-testid="seed-value">{c.value}</span>
                    <br /><span className="small" data-testid="seed-size">{c.size}</span>
                    <br /><span className="agreement-cell" data-testid="seed-agreement">{c.agreement}</span>
                    {c.source && <><br /><cite className="small">{c.source}</cite></>}
                    {c.note && <span className="small note published-note">{c.note}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
