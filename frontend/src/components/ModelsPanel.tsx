import type { Json, SimResult } from '../config/types';
import { formatValue } from '../lib/numbers/format';
import { flatten } from '../lib/compare/compare';
import { useUnits } from '../hooks/useCoreSchemas';
import { Delta } from './Delta';
import { TableScroll } from './TableScroll';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const isPair = (v: unknown): v is Obj => isObj(v) && 'model' in v && 'simulated' in v;
const isPublished = (v: unknown): v is Obj => isObj(v) && 'value' in v && 'source' in v;
// Columns of equal-length arrays (a model's curve) or a list of cases: drawn as their own table.
const isSeries = (v: unknown) => (Array.isArray(v) && v.every(isObj)) || (isObj(v) && Object.values(v).every(Array.isArray));

// Keys that describe a model rather than being one of its numbers.
const META = new Set(['applicable', 'assumptions', 'source', 'note', 'model', 'provenance', 'name']);
const TITLES: Record<string, string> = { inputs: 'Inputs', outputs: 'Outputs', published: 'As published (the source)' };
const sectionTitle = (k: string, label: string) => TITLES[k] ?? label.charAt(0).toUpperCase() + label.slice(1);

interface Row {
  path: string[]; // below the model, e.g. ["outputs", "conventional", "total_W"]
  value: unknown;
  source?: string;
}

// Scalars of a section, nested objects flattened ("conventional · total"); a published figure
// {value, source} is one row with its source; model/simulated pairs and series are left out.
function rowsOf(obj: Obj, path: string[], provenance: Obj): Row[] {
  return Object.entries(obj).flatMap(([k, v]): Row[] => {
    const p = [...path, k];
    const prov = provenance[p.join('.')] ?? provenance[p.slice(0, 2).join('.')];
    if (isPublished(v)) return [{ path: [...p, 'value'], value: v.value, source: String(v.source) }];
    if (isPair(v) || isSeries(v)) return [];
    if (isObj(v)) return rowsOf(v, p, provenance);
    if (Array.isArray(v)) return [];
    return [{ path: p, value: v, source: typeof prov === 'string' ? prov : undefined }];
  });
}

function pairsOf(obj: Obj, path: string[] = []): Array<{ path: string[]; model: unknown; simulated: unknown }> {
  if (isPair(obj)) return [{ path, model: obj.model, simulated: obj.simulated }];
  return Object.entries(obj).flatMap(([k, v]) => (isObj(v) ? pairsOf(v, [...path, k]) : []));
}

function seriesOf(obj: Obj, path: string[] = []): Array<{ path: string[]; rows: Array<Record<string, Json>> }> {
  return Object.entries(obj).flatMap(([k, v]) => {
    const p = [...path, k];
    if (Array.isArray(v) && v.every(isObj)) return [{ path: p, rows: v.map((e) => flatten(e as Json)) }];
    if (isObj(v) && Object.values(v).every(Array.isArray)) {
      const cols = Object.entries(v) as Array<[string, Json[]]>;
      const n = Math.max(...cols.map(([, a]) => a.length));
      return [{ path: p, rows: Array.from({ length: n }, (_, i) => Object.fromEntries(cols.map(([c, a]) => [c, a[i] ?? null]))) }];
    }
    return isObj(v) ? seriesOf(v, p) : [];
  });
}

// Analytical models computed by the core next to the simulated numbers: per model its source and
// assumptions, a table of model vs simulated values, labelled tables of inputs and outputs (each
// number with the unit the results schema gives its path, and where the figure comes from), and
// the model's curves and cases as folded tables.
export function ModelsPanel({ result }: { result: SimResult }) {
  const units = useUnits();
  const models = result.models as Record<string, Obj> | undefined;
  if (!models) return null;
  const applicable = Object.entries(models).filter(([, m]) => m.applicable !== false);
  if (applicable.length === 0) return null;
  return (
    <section className="chart models" data-testid="models-panel">
      <h3>Analytical models vs simulation</h3>
      {applicable.map(([name, m]) => {
        const full = (p: string[]) => `models.${name}.${p.join('.')}`;
        const unit = (p: string[]) => units.unitOf(full(p));
        const label = (p: string[]) => p.filter((x) => x !== 'value').map((x) => units.labelOf(x)).join(' · ');
        const cell = (p: string[], v: unknown) => <>{formatValue(v, unit(p))}<Delta path={full(p)} value={v} unit={unit(p)} /></>;
        const provenance = isObj(m.provenance) ? m.provenance : {};
        const source = typeof m.source === 'string' ? m.source : isObj(m.model) && typeof m.model.provenance === 'string' ? m.model.provenance : null;
        const assumptions = Array.isArray(m.assumptions) ? m.assumptions.map(String) : typeof m.assumptions === 'string' ? [m.assumptions] : [];
        const pairs = pairsOf(m);
        const sections = Object.entries(m).filter(([k, v]) => !META.has(k) && isObj(v) && !isPair(v));
        return (
          // Models with a model-vs-simulation table start open; the others fold to their title.
          <details key={name} data-model={name} className="model" open={pairs.length > 0 || undefined}>
            <summary><h4>{name.replace(/_/g, ' ')}{source && <span className="provenance"> · {source}</span>}</h4></summary>
            {assumptions.length > 0 && <ul className="note small assumptions">{assumptions.map((a) => <li key={a}>assumes {a}</li>)}</ul>}
            {pairs.length > 0 && (
              <TableScroll label={`${name}: model vs simulation`}>
              <table className="numbers">
                <caption>Model vs simulation</caption>
                <thead><tr><th scope="col">quantity</th><th scope="col">model</th><th scope="col">simulated</th></tr></thead>
                <tbody>
                  {pairs.map((p) => (
                    <tr key={p.path.join('.')}>
                      <th scope="row">{label(p.path)}</th><td>{cell([...p.path, 'model'], p.model)}</td><td>{cell([...p.path, 'simulated'], p.simulated)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              </TableScroll>
            )}
            {sections.map(([k, v]) => {
              const rows = rowsOf(v as Obj, [k], provenance);
              if (rows.length === 0) return null;
              const withSource = rows.some((r) => r.source);
              return (
                <TableScroll key={k} label={`${name}: ${k}`}>
                <table className="numbers kv model-table" data-section={k}>
                  <caption>{sectionTitle(k, units.labelOf(k))}</caption>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.path.join('.')}>
                        <th scope="row">{label(r.path.slice(1))}</th>
                        <td>{cell(r.path, r.value)}</td>
                        {withSource && <td className="fit-error">{r.source ?? ''}</td>}
                      </tr>
                    ))}
                  </tbody>
                </table>
                </TableScroll>
              );
            })}
            {seriesOf(m).map((s) => {
              const cols = [...new Set(s.rows.flatMap((r) => Object.keys(r)))];
              return (
                <details key={s.path.join('.')} className="series">
                  <summary>{label(s.path)} ({s.rows.length} rows)</summary>
                  <TableScroll label={label(s.path)}>
                    <table className="numbers">
                      <thead><tr>{cols.map((c) => <th key={c} scope="col">{label(c.split('.'))}</th>)}</tr></thead>
                      <tbody>
                        {s.rows.map((r, i) => (
                          <tr key={i}>{cols.map((c) => <td key={c}>{formatValue(r[c], units.unitOf(`${full(s.path)}.${c}`))}</td>)}</tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroll>
                </details>
              );
            })}
            {typeof m.note === 'string' && m.note && <p className="note small">{m.note}</p>}
          </details>
        );
      })}
    </section>
  );
}
