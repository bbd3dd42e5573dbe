import { useEffect, useMemo, useState } from 'react';
import { getExperiment, submitExperiment } from '../api/client';
import type { Config, Json, SimResult } from '../config/types';
import { diffConfigs, idList, metricLabel, metricRows } from '../lib/compare/compare';
import { differenceSE, errorsOf } from '../lib/numbers/confidence';
import { fitErrorText } from '../lib/numbers/fitError';
import { formatDelta, formatSetting, formatValue } from '../lib/numbers/format';
import { shortName } from '../lib/runs/history';
import { getPath } from '../lib/form/path';
import { useCompareSelection } from '../hooks/useCompareSelection';
import { useHistory } from '../hooks/useHistory';
import { useCoreSchemas, useUnits } from '../hooks/useCoreSchemas';
import { allFields } from '../config/schema';
import { useNormalizedConfigs } from '../hooks/useNormalizedConfigs';
import { TableScroll } from '../components/TableScroll';
import { sharedCore } from '../core/client';
import { useKeyedAnswer } from '../hooks/useKeyedAnswer';
import { standaloneCompareLink } from '../lib/compare/compareLink';
import { decodeConfig } from '../lib/runs/share';

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
  const [{ ids, h: local, c: carried = [] }, select] = useCompareSelection();
  const key = ids.join(',');
  // The ids box shows them as typed (spaces, a trailing comma) while that text still lists the
  // URL's ids; once the URL changes elsewhere (Back, a link), it shows the new ones.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed !== null && idList(typed).join(',') === key ? typed : ids.join(', ');
  const [all, setAll] = useState(false);
  // Tagged with the ids they are of, so that new ids never show the previous ones' columns.
  const [fetched, setFetched] = useState<{ key: string; columns: Array<Column | Missing> } | null>(null);
  // Bumped when a missing run was submitted again, to read the ids anew.
  const [reload, setReload] = useState(0);
  useEffect(() => {
    let live = true;
    Promise.all(key.split(',').filter(Boolean).map((id) => getExperiment(id).then(
      (e): Column => ({
        key: e.id, href: `/e/${e.id}`, config: e.config, result: e.result ?? undefined,
        name: history.entries.find((h) => h.id === e.id)?.name ?? shortName(e.config),
      }),
      (err: Error): Missing => ({ id, message: err.message }),
    ))).then((columns) => live && setFetched({ key, columns }));
    return () => {
      live = false;
    };
    // History names are read when the ids change (a rename elsewhere shows on the next load).
  }, [key, reload]);
  // The configs the link carries, by experiment id (the core's content hash of each).
  const carriedById = useKeyedAnswer(carried.join(','), () => Promise.all(carried.map((enc) => {
    const config = decodeConfig(`c=${enc}`);
    return config ? sharedCore().call('prepare', config).then((a) => (a.outcome.kind === 'prepared' ? [[a.outcome.prepared.id, config] as const] : []))
      : Promise.resolve([]);
  })).then((pairs) => new Map(pairs.flat())));
  // History runs the link names that this browser does not have: they lived in another browser.
  const elsewhere = local.filter((id) => !history.entries.some((h) => h.id === id));
  const localCols: Column[] = local.flatMap((id) => {
    const e = history.entries.find((h) => h.id === id);
    return e ? [{ key: `h-${e.id}`, name: e.name, config: e.config, result: e.result }] : [];
  });
  const loaded = fetched?.key === key ? fetched.columns : [];
  const columns = [...loaded.filter((c): c is Column => 'config' in c), ...localCols].slice(0, MAX_COMPARED);
  const missing = loaded.filter((c): c is Missing => !('config' in c));
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
      {missing.map((m) => (
        <MissingRun key={m.id} missing={m} config={carriedById?.get(m.id)} onRerun={() => setReload((n) => n + 1)} />
      ))}
      {elsewhere.length > 0 && (
        <p className="field-error" role="alert" data-testid="compare-elsewhere">
          {elsewhere.length === 1 ? 'One run' : `${elsewhere.length} runs`} of this link {elsewhere.length === 1 ? 'is' : 'are'} in another
          browser's history, not this one's: {elsewhere.map((id) => `${id.slice(0, 12)}…`).join(', ')}. A link made with
          “Copy link” stores such runs on the server first, so it opens anywhere.
        </p>
      )}
      {ids.length + local.length > 0 && <CopyCompareLink ids={ids} local={localCols.map((c) => c.config)} />}
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
                          {m.fitErrors[i] && <div className="small note" data-testid="compare-fit-error">{fitErrorText(m.fitErrors[i]!)}</div>}
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

interface Missing {
  id: string;
  message: string;
}

// A server id the link names that the server cannot give: says which and why, and offers to run
// its config again when the link carries it (the same config is the same experiment id).
function MissingRun({ missing, config, onRerun }: { missing: Missing; config?: Config; onRerun: () => void }) {
  const [state, setState] = useState<string | null>(null);
  return (
    <p className="field-error" role="alert" data-testid="compare-missing">
      Experiment {missing.id.slice(0, 12)}… is not on this server ({missing.message}).{' '}
      {config ? (
        <>
          The link carries its config ({shortName(config)}):{' '}
          <button type="button" data-testid="compare-rerun" disabled={state === 'submitting…'} onClick={async () => {
            setState('submitting…');
            try {
              await submitExperiment(config);
              setState(null);
              onRerun();
            } catch (e) {
              setState(`could not submit it: ${e instanceof Error ? e.message : String(e)}`);
            }
          }}>Run it again on the server</button>
          {state && <span className="note"> {state}</span>}
        </>
      ) : 'The link does not carry its config, so it cannot be run again from here.'}
    </p>
  );
}

// "Copy link": stores the ticked history runs on the server, then copies a link naming every run
// by server id (and carrying the stored runs' configs), so that it opens in any browser.
function CopyCompareLink({ ids, local }: { ids: string[]; local: Config[] }) {
  const [state, setState] = useState<{ status: string; url?: string } | null>(null);
  return (
    <p className="share" data-testid="compare-copy">
      <button type="button" disabled={state?.status.startsWith('storing')} onClick={async () => {
        setState({ status: local.length ? `storing ${local.length === 1 ? 'the browser run' : `${local.length} browser runs`} on the server…` : 'copying…' });
        let url: string;
        try {
          url = await standaloneCompareLink(window.location.origin, ids, local, async (c) => (await submitExperiment(c)).id);
        } catch (e) {
          setState({ status: `could not store the browser runs on the server, so no link would open elsewhere: ${e instanceof Error ? e.message : String(e)}` });
          return;
        }
        try {
          await navigator.clipboard.writeText(url);
          setState({ status: 'copied', url });
        } catch {
          setState({ status: 'the link (copy it):', url });
        }
      }}>Copy link</button>
      {state && <span className="note" role="status" data-testid="compare-copy-status"> {state.status}</span>}
      {state?.url && <input className="share-url" readOnly value={state.url} aria-label="compare link" data-testid="compare-link"
        onFocus={(e) => e.target.select()} />}
    </p>
  );
}
