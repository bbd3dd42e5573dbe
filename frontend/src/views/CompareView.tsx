import { useEffect, useMemo, useState } from 'react';
import { getExperiment } from '../api/client';
import type { Config, Json, SimResult } from '../config/types';
import { diffConfigs, idList, metricLabel, metricRows } from '../lib/compare';
import { differenceSE, errorsOf } from '../lib/confidence';
import { formatDelta, formatSetting, formatValue } from '../lib/format';
import { shortName } from '../lib/history';
import { getPath } from '../lib/path';
import { useCompareSelection } from '../hooks/useCompareSelection';
import { useHistory } from '../hooks/useHistory';
import { useCoreSchemas, useUnits } from '../hooks/useCoreSchemas';
import { allFields } from '../config/schema';
import { useNormalizedConfigs } from '../hooks/useNormalizedConfigs';
import { TableScroll } from '../components/TableScroll';

export const MAX_COMPARED = 4;

interface Column {
  key: string;
  name: string;
  href?: string;
  config: Config;
  result?: SimResult;
}

// 2-4 experiments or history runs side by side: short names as headers, the config fields that
// differ first, then every result and cost number with its Δ and % against the first column
// (and a cycle run's state, in words).
// Only rows that differ are shown unless "show all rows" is ticked.
export function CompareView() {
  const history = useHistory();
  const [{ ids, h: local }, select] = useCompareSelection();
  const key = ids.join(',');
  // The ids box shows them as typed (spaces, a trailing comma) while that text still lists the
  // URL's ids; once the URL changes elsewhere (Back, a link), it shows the new ones.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed !== null && idList(typed).join(',') === key ? typed : ids.join(', ');
  const [all, setAll] = useState(false);
  // Tagged with the ids they are of, so that new ids never show the previous ones' columns.
  const [fetched, setFetched] = useState<{ key: string; columns: Array<Column | string> } | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all(key.split(',').filter(Boolean).map((id) => getExperiment(id).then(
      (e): Column => ({
        key: e.id, href: `/e/${e.id}`, config: e.config, result: e.result ?? undefined,
        name: history.entries.find((h) => h.id === e.id)?.name ?? shortName(e.config),
      }),
      (err: Error) => `${id.slice(0, 12)}…: ${err.message}`,
    ))).then((columns) => live && setFetched({ key, columns }));
    return () => {
      live = false;
    };
    // History names are read when the ids change (a rename elsewhere shows on the next load).
  }, [key]);
  const localCols: Column[] = local.flatMap((id) => {
    const e = history.entries.find((h) => h.id === id);
    return e ? [{ key: `h-${e.id}`, name: e.name, config: e.config, result: e.result }] : [];
  });
  const loaded = fetched?.key === key ? fetched.columns : [];
  const columns = [...loaded.filter((c): c is Column => typeof c !== 'string'), ...localCols].slice(0, MAX_COMPARED);
  // Diffed as the core normalizes them: a browser run's config lacks the defaults a server's has.
  const configs = useNormalizedConfigs(columns.map((c) => c.config));
  const toggleLocal = (id: string) => select({ ids, h: local.includes(id) ? local.filter((x) => x !== id) : [...local, id] }, 'push');
  const typeIds = (value: string) => {
    setTyped(value);
    select({ ids: idList(value), h: local }, 'replace');
  };
  return (
    <main className="page compare-page">
      <h2>Compare experiments</h2>
      <p className="note">Compare 2–{MAX_COMPARED} runs: tick runs of this browser's history, or paste server experiment ids.</p>
      {history.entries.length > 0 && (
        <fieldset className="compare-pick">
          <legend>Runs in this browser</legend>
          {history.entries.map((e) => (
            <label key={e.id} className="checkbox">
              <input type="checkbox" checked={local.includes(e.id)} onChange={() => toggleLocal(e.id)} />{' '}{e.name}
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label htmlFor="compare-ids">Server experiment ids</label>
        <input id="compare-ids" value={text} onChange={(e) => typeIds(e.target.value)} placeholder="id1, id2, …" />
      </div>
      {loaded.filter((e) => typeof e === 'string').map((e) => <p key={e} className="field-error" role="alert">{e}</p>)}
      {ids.length + local.length > MAX_COMPARED && <p className="note warn">Only the first {MAX_COMPARED} are compared.</p>}
      {columns.length > 0 && (
        <>
          <label className="checkbox">
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} data-testid="compare-show-all" /> show all rows (not only those that differ)
          </label>
          <CompareTable columns={columns} configs={configs} all={all} />
        </>
      )}
    </main>
  );
}

// `configs`: the columns' configs normalized by the core (null while it works).
function CompareTable({ columns, configs, all }: { columns: Column[]; configs: Config[] | null; all: boolean }) {
  const units = useUnits();
  // A config value in its field's unit (the config schema's), exactly as set: "0.3 flits/node/cycle".
  const { schemas } = useCoreSchemas();
  const configUnit = useMemo(() => new Map((schemas ? allFields(schemas.config) : []).map((f) => [f.path, f.unit ?? ''])), [schemas]);
  // Numbers are only shown once their units are known (the results schema comes from the core).
  if (!units.loaded || !configs) return <p className="note">loading the units and normalized configs from the core…</p>;
  const diff = diffConfigs(configs).filter((d) => all || d.differs);
  const metrics = metricRows(columns.map((c) => c.result)).filter((m) => all || m.differs);
  const label = (path: string) => metricLabel(path, (p) => units.labelOf(p));
  // Each column's standard errors from its own counts; a Δ combines the column's with the reference's.
  const errors = columns.map((c) => errorsOf(c.result));
  const searches = columns.some((c) => getPath(c.result as unknown as Json, 'saturation.throughput') !== undefined);
  const head = (title: string, n: number, testid: string) => (
    <tr className="section"><th colSpan={columns.length + 1} scope="colgroup" data-testid={testid}>{title}{!all && ` (${n} that differ)`}</th></tr>
  );
  return (
    <TableScroll label="comparison">
      <table className="numbers compare" data-testid="compare-table">
        <colgroup><col className="compare-label" />{columns.map((c) => <col key={c.key} />)}</colgroup>
        <thead>
          <tr>
            <th scope="col">field</th>
            {columns.map((c, i) => (
              <th key={c.key} scope="col" data-testid={`compare-head-${i}`}>
                {c.href ? <a href={c.href} title={c.key}>{c.name}</a> : c.name}
                {i === 0 && columns.length > 1 && <div className="small">reference for Δ</div>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {head('Config', diff.length, 'compare-config-head')}
          {diff.map((d) => (
            <tr key={d.path} className={d.differs ? 'differs' : undefined} data-path={d.path}>
              <th scope="row">{d.path}</th>
              {d.values.map((v, i) => <td key={i}>{formatSetting(v, configUnit.get(d.path) ?? '')}</td>)}
            </tr>
          ))}
          {(['results', 'cost'] as const).map((section) => {
            const rows = metrics.filter((m) => m.section === section);
            return [
              head(section === 'results' ? 'Results' : 'Hardware cost (cost model)', rows.length, `compare-${section}-head`),
              section === 'results' && searches && (
                <tr key="searches"><td colSpan={columns.length + 1} className="note" data-testid="compare-saturation-note">
                  Saturation searches: every result but the saturation throughput is of the one run each search
                  reports (docs/engines.md), at its own load (throughput · offered configured).
                </td></tr>
              ),
              ...rows.map((m) => {
                const unit = units.unitOf(m.path);
                return (
                  <tr key={m.path} className={m.differs ? 'differs' : undefined} data-path={m.path}>
                    <th scope="row" title={m.path}>{label(m.path)}</th>
                    {m.values.map((v, i) => {
                      const se = errors[i](m.path);
                      const d = i > 0 ? formatDelta(v, m.values[0], unit, differenceSE(se, errors[0](m.path))) : null;
                      return (
                        <td key={i}>
                          <span className="value">{formatValue(v, unit, se)}</span>
                          {d && d !== '±0' && <div className="delta">Δ {d}</div>}
                          {m.reasons[i] && <div className="small note" data-testid="compare-reason">{m.reasons[i]}</div>}
                        </td>
                      );
                    })}
                  </tr>
                );
              }),
            ];
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
