import type { SimResult } from '../config/types';
import { formatWithUnit } from '../lib/format';
import { useUnits } from '../hooks/useCoreSchemas';

type Obj = Record<string, unknown>;

interface Pair {
  // Dotted path below the model, e.g. "hit_rate_by_port_class.dim0".
  path: string;
  model: unknown;
  simulated: unknown;
}

// Every {model, simulated} pair inside a model's output, with its path for the label.
function pairs(obj: Obj, path: string[] = []): Pair[] {
  if ('model' in obj && 'simulated' in obj) {
    return [{ path: path.join('.'), model: obj.model, simulated: obj.simulated }];
  }
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? pairs(v as Obj, [...path, k]) : []));
}

// Analytical models computed by the core next to the simulated numbers, with their source. Units
// come from the results schema by each number's full path ("models.<name>.<...>").
export function ModelsPanel({ result }: { result: SimResult }) {
  const units = useUnits();
  const fmt = (path: string, v: unknown) => (typeof v === 'number' ? formatWithUnit(v, units.unitOf(path), 2) : v === null || v === undefined ? '—' : String(v));
  const label = (path: string) => path.split('.').map((p) => units.labelOf(p)).join(' · ');
  const models = result.models as Record<string, Obj> | undefined;
  if (!models) return null;
  const applicable = Object.entries(models).filter(([, m]) => m.applicable !== false);
  if (applicable.length === 0) return null;
  return (
    <section className="chart models" data-testid="models-panel">
      <h3>Analytical models vs simulation</h3>
      {applicable.map(([name, m]) => {
        const scalars = Object.entries(m).flatMap(([k, v]) =>
          v && typeof v === 'object' && !Array.isArray(v) && !('model' in (v as Obj) && 'simulated' in (v as Obj))
            ? Object.entries(v as Obj).filter(([, x]) => typeof x === 'number').map(([kk, x]) => [k, kk, x] as const)
            : [],
        );
        const ps = pairs(m);
        return (
          <div key={name}>
            <h4>{name.replace(/_/g, ' ')}{typeof m.source === 'string' && <span className="provenance"> · {m.source}</span>}</h4>
            {typeof m.assumptions === 'string' && <p className="note small">assumes {m.assumptions}</p>}
            {ps.length > 0 && (
              <table className="numbers">
                <thead><tr><th>quantity</th><th>model</th><th>simulated</th></tr></thead>
                <tbody>
                  {ps.map((p) => (
                    <tr key={p.path}><td>{label(p.path)}</td><td>{fmt(`models.${name}.${p.path}.model`, p.model)}</td><td>{fmt(`models.${name}.${p.path}.simulated`, p.simulated)}</td></tr>
                  ))}
                </tbody>
              </table>
            )}
            {scalars.length > 0 && (
              <table className="numbers kv">
                <tbody>
                  {scalars.map(([sec, k, v]) => (
                    <tr key={`${sec}.${k}`}><th scope="row">{units.labelOf(sec)}: {units.labelOf(k)}</th><td>{fmt(`models.${name}.${sec}.${k}`, v)}</td></tr>
                  ))}
                </tbody>
              </table>
            )}
            {typeof m.note === 'string' && m.note && <p className="note small">{m.note}</p>}
          </div>
        );
      })}
    </section>
  );
}
