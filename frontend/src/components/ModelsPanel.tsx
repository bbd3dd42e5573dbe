import type { SimResult } from '../config/types';
import { formatValue, labelOf } from '../lib/units';

type Obj = Record<string, unknown>;

interface Pair {
  path: string;
  key: string;
  model: unknown;
  simulated: unknown;
}

// Every {model, simulated} pair inside a model's output, with its path for the label.
function pairs(obj: Obj, path: string[] = []): Pair[] {
  if ('model' in obj && 'simulated' in obj) {
    return [{ path: path.join(' · '), key: path[0] ?? '', model: obj.model, simulated: obj.simulated }];
  }
  return Object.entries(obj).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? pairs(v as Obj, [...path, k]) : []));
}

// Analytical models computed by the core next to the simulated numbers, with their source.
export function ModelsPanel({ result }: { result: SimResult }) {
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
        const fmt = (key: string, v: unknown) => (key.startsWith('hit_rate') && typeof v === 'number' ? `${(v * 100).toFixed(2)} %` : formatValue(key, v));
        return (
          <div key={name}>
            <h4>{name.replace(/_/g, ' ')}{typeof m.source === 'string' && <span className="provenance"> · {m.source}</span>}</h4>
            {typeof m.assumptions === 'string' && <p className="note small">assumes {m.assumptions}</p>}
            {ps.length > 0 && (
              <table className="numbers">
                <thead><tr><th>quantity</th><th>model</th><th>simulated</th></tr></thead>
                <tbody>
                  {ps.map((p) => (
                    <tr key={p.path}><td>{labelOf(p.path)}</td><td>{fmt(p.key, p.model)}</td><td>{fmt(p.key, p.simulated)}</td></tr>
                  ))}
                </tbody>
              </table>
            )}
            {scalars.length > 0 && (
              <table className="numbers kv">
                <tbody>
                  {scalars.map(([sec, k, v]) => {
                    const key = sec.endsWith('_ns') && !k.endsWith('_ns') ? `${k}_ns` : k;
                    return <tr key={`${sec}.${k}`}><th scope="row">{labelOf(sec)}: {labelOf(k)}</th><td>{formatValue(key, v)}</td></tr>;
                  })}
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
