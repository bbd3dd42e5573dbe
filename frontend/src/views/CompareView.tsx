import { useEffect, useState } from 'react';
import { getExperiment, type Experiment } from '../api/client';
import { diffConfigs } from '../lib/compare';
import { resultRows } from '../lib/charts';
import { formatCount, formatNs, formatPercent } from '../lib/format';

function idsFromHash(hash: string): string[] {
  const m = /(?:^#?|&)ids=([^&]*)/.exec(hash);
  return m ? decodeURIComponent(m[1]).split(',').map((s) => s.trim()).filter(Boolean) : [];
}

function show(v: unknown, unit: string): string {
  if (v === undefined) return '—';
  if (typeof v !== 'number') return typeof v === 'object' ? JSON.stringify(v) : String(v);
  if (unit === 'fraction') return formatPercent(v);
  if (unit === 'ns') return formatNs(v);
  if (unit === 's') return `${v.toFixed(4)} s`;
  return Number.isInteger(v) ? formatCount(v) : String(v);
}

// Experiments side by side: config differences first, then every metric aligned by name.
export function CompareView() {
  const [text, setText] = useState(() => idsFromHash(window.location.hash).join(', '));
  const ids = text.split(',').map((s) => s.trim()).filter(Boolean);
  const [exps, setExps] = useState<Array<Experiment | string>>([]);
  const key = ids.join(',');
  useEffect(() => {
    window.history.replaceState(null, '', `#ids=${encodeURIComponent(key)}`);
    let live = true;
    Promise.all(key.split(',').filter(Boolean).map((id) => getExperiment(id).catch((e: Error) => `${id}: ${e.message}`)))
      .then((r) => live && setExps(r));
    return () => {
      live = false;
    };
  }, [key]);
  const ok = exps.filter((e): e is Experiment => typeof e !== 'string');
  const diff = diffConfigs(ok.map((e) => e.config));
  const metricRows = ok.map((e) => (e.result ? resultRows(e.result) : []));
  const metricNames = [...new Set(metricRows.flatMap((rows) => rows.map((r) => r.metric)))];
  return (
    <main className="page">
      <h2>Compare experiments</h2>
      <div className="field">
        <label htmlFor="compare-ids">Experiment ids</label>
        <input id="compare-ids" value={text} onChange={(e) => setText(e.target.value)} placeholder="id1, id2, …" />
      </div>
      {exps.filter((e) => typeof e === 'string').map((e) => <p key={e} className="field-error">{e}</p>)}
      {ok.length > 0 && (
        <div className="table-scroll">
          <table className="numbers compare" data-testid="compare-table">
            <thead>
              <tr><th>field</th>{ok.map((e) => <th key={e.id}><a href={`/e/${e.id}`}>{e.id.slice(0, 10)}…</a></th>)}</tr>
            </thead>
            <tbody>
              <tr className="section"><th colSpan={ok.length + 1}>Config (differences highlighted)</th></tr>
              {diff.map((d) => (
                <tr key={d.path} className={d.differs ? 'differs' : undefined}>
                  <td>{d.path}</td>
                  {d.values.map((v, i) => <td key={i}>{v === undefined ? '—' : JSON.stringify(v)}</td>)}
                </tr>
              ))}
              <tr className="section"><th colSpan={ok.length + 1}>Results</th></tr>
              {metricNames.map((m) => (
                <tr key={m}>
                  <td>{m}</td>
                  {metricRows.map((rows, i) => {
                    const r = rows.find((x) => x.metric === m);
                    return <td key={i}>{r ? show(r.value, r.unit) : '—'}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
