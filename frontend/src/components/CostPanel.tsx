import type { SimResult } from '../config/types';
import { KeyValueTable } from './KeyValueTable';

type Obj = Record<string, unknown>;
const TEXT_KEYS = ['provenance', 'note', 'source', 'assumption', 'area_source', 'latency_source', 'stage_source', 'label', 'figures_for'];

const SECTIONS: Array<[string, string]> = [
  ['budget', 'Whole-switch budget'],
  ['cache', 'Routing-table cache, one per input port'],
  ['cam', 'Forwarding table (CAM)'],
  ['hash_unit', 'Hash unit'],
];

// Hardware cost from the core's cost model, each figure labelled with where it comes from
// (a CACTI-7 fit with its hold-out error, a published number, or a derived model).
export function CostPanel({ result }: { result: SimResult }) {
  const cost = result.cost as Obj | undefined;
  const sections = SECTIONS.filter(([k]) => cost?.[k] && typeof cost[k] === 'object');
  const note = cost && overallNote(cost);
  // The heading never stands alone: without figures, the core's reason is under it, or nothing is.
  if (!cost || (sections.length === 0 && !note)) return null;
  return (
    <section className="chart cost" data-testid="cost-panel">
      <h3>Hardware cost (cost model)</h3>
      {note && <p className="note" data-testid="cost-note">{note}</p>}
      {sections.length > 0 && <div className="cost-grid">
        {sections.map(([k, title]) => {
          const s = cost[k] as Obj;
          return (
            <div key={k}>
              <h4>{title}{typeof s.provenance === 'string' && <span className="provenance"> · {s.provenance}</span>}</h4>
              <KeyValueTable data={s} path={`cost.${k}`} skip={TEXT_KEYS} />
              {['label', 'figures_for', 'note', 'assumption'].map((t) =>
                typeof s[t] === 'string' && s[t] !== '' ? <p key={t} className="note small">{String(s[t])}</p> : null,
              )}
            </div>
          );
        })}
      </div>}
    </section>
  );
}

// The core's word on the whole model: a note (a switch without caches has no cache figures), or
// why the model rejected a config the simulator accepted (e.g. fewer cache entries than it covers).
function overallNote(cost: Obj): string | null {
  if (typeof cost.note === 'string' && cost.note !== '') return cost.note;
  const error = cost.error as { field?: string; message?: string } | undefined;
  return error?.message ? `No figures: the cost model does not cover this config (${error.field}: ${error.message}).` : null;
}
