import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type ExperimentStatus,
  listExperiments,
  listSweeps,
  RUN_STATUSES,
  type ExperimentListItem,
  type SweepListItem,
} from '../api/client';
import { useCoreSchemas } from '../hooks/useCoreSchemas';
import { formatCount, formatPercent } from '../lib/numbers/format';

// Everything the server holds, from any browser or from curl (GET /api/sweeps, GET /api/experiments):
// newest first, a page at a time, narrowed by engine, status and name. Each row links to its page.
const PAGE = 20;

interface Filter {
  engine: string;
  status: ExperimentStatus | '';
  name: string;
  pointsToo: boolean;
}

interface Listing<T> {
  items: T[];
  next: string | null;
  error: string | null;
  loading: boolean;
}

const EMPTY = { items: [], next: null, error: null, loading: true };

// Times in UTC, as the API gives them, to the second.
const when = (iso: string) => iso.slice(0, 19).replace('T', ' ') + ' UTC';

function useListing<T>(
  fetchPage: (before: string | null) => Promise<{ items: T[]; next_cursor: string | null }>,
): [Listing<T>, () => void] {
  const [state, setState] = useState<Listing<T>>(EMPTY);
  // A page asked for under an earlier filter may answer after the current one's: it is dropped.
  const latest = useRef(0);
  const load = useCallback(
    (before: string | null) => {
      const ask = ++latest.current;
      setState((s) => ({ ...s, loading: true, error: null }));
      const current = () => ask === latest.current;
      fetchPage(before).then(
        (page) =>
          current() &&
          setState((s) => ({
            items: before ? [...s.items, ...page.items] : page.items,
            next: page.next_cursor,
            error: null,
            loading: false,
          })),
        (e: Error) => current() && setState((s) => ({ ...s, error: e.message, loading: false })),
      );
    },
    [fetchPage],
  );
  useEffect(() => load(null), [load]);
  return [state, () => load(state.next)];
}

function Older({ listing, more, what }: { listing: Listing<unknown>; more: () => void; what: string }) {
  if (listing.error) return <p className="error" role="alert">{listing.error}</p>;
  if (listing.loading) return <p className="note">loading…</p>;
  if (listing.items.length === 0) return <p className="note">No {what} match.</p>;
  return listing.next ? (
    <button type="button" onClick={more}>
      Older {what}
    </button>
  ) : (
    <p className="note small">No older {what}.</p>
  );
}

export function ServerRunsView() {
  const { schemas } = useCoreSchemas();
  const engines = schemas?.config.properties?.engine?.enum ?? [];
  const [filter, setFilter] = useState<Filter>({ engine: '', status: '', name: '', pointsToo: false });
  const set = (patch: Partial<Filter>) => setFilter((f) => ({ ...f, ...patch }));

  const sweepsPage = useCallback(
    (before: string | null) =>
      listSweeps({ limit: PAGE, before, engine: filter.engine || null, status: filter.status || null, name: filter.name || null }),
    [filter.engine, filter.status, filter.name],
  );
  const experimentsPage = useCallback(
    (before: string | null) =>
      listExperiments({
        limit: PAGE,
        before,
        engine: filter.engine || null,
        status: filter.status || null,
        name: filter.name || null,
        direct: filter.pointsToo ? null : true,
      }),
    [filter.engine, filter.status, filter.name, filter.pointsToo],
  );
  const [sweeps, moreSweeps] = useListing<SweepListItem>(sweepsPage);
  const [experiments, moreExperiments] = useListing<ExperimentListItem>(experimentsPage);

  return (
    <main className="server-runs" data-testid="server-runs">
      <h2>Server runs</h2>
      <p className="note">
        Every sweep and experiment this server holds, from any browser or the API (curl, the <code>switchlab</code>{' '}
        command), newest first.
      </p>
      <form className="runs-filter" aria-label="Filter server runs" onSubmit={(e) => e.preventDefault()}>
        <label>
          Engine{' '}
          <select value={filter.engine} onChange={(e) => set({ engine: e.target.value })}>
            <option value="">any</option>
            {engines.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status{' '}
          <select value={filter.status} onChange={(e) => set({ status: e.target.value as Filter['status'] })}>
            <option value="">any</option>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Name contains <input type="search" maxLength={200} value={filter.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
      </form>

      <section aria-labelledby="runs-sweeps">
        <h3 id="runs-sweeps">Sweeps</h3>
        {sweeps.items.length > 0 && (
          <div className="table-scroll">
            <table data-testid="server-sweeps">
              <thead>
                <tr>
                  <th scope="col">created</th>
                  <th scope="col">name</th>
                  <th scope="col">engine</th>
                  <th scope="col">status</th>
                  <th scope="col">points done</th>
                </tr>
              </thead>
              <tbody>
                {sweeps.items.map((s) => (
                  <tr key={s.id} data-id={s.id}>
                    <td>{when(s.created_at)}</td>
                    <td>
                      <a href={s.ui_url}>{s.name || `sweep ${s.id.slice(0, 12)}`}</a>
                    </td>
                    <td>{s.engines.join(', ')}</td>
                    <td>{s.status}</td>
                    <td>
                      {formatCount(s.progress.done)} / {formatCount(s.progress.total)}
                      {s.progress.failed > 0 && ` (${formatCount(s.progress.failed)} failed)`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Older listing={sweeps} more={moreSweeps} what="sweeps" />
      </section>

      <section aria-labelledby="runs-experiments">
        <h3 id="runs-experiments">Experiments</h3>
        <label className="small">
          <input type="checkbox" checked={filter.pointsToo} onChange={(e) => set({ pointsToo: e.target.checked })} /> include
          sweep points (otherwise only experiments submitted on their own)
        </label>
        {experiments.items.length > 0 && (
          <div className="table-scroll">
            <table data-testid="server-experiments">
              <thead>
                <tr>
                  <th scope="col">created</th>
                  <th scope="col">name</th>
                  <th scope="col">engine</th>
                  <th scope="col">topology</th>
                  <th scope="col">status</th>
                  <th scope="col">hit rate</th>
                </tr>
              </thead>
              <tbody>
                {experiments.items.map((e) => (
                  <tr key={e.id} data-id={e.id}>
                    <td>{when(e.created_at)}</td>
                    <td>
                      <a href={e.ui_url}>{e.name || `experiment ${e.id.slice(0, 12)}`}</a>
                    </td>
                    <td>{e.engine}</td>
                    <td>{e.topology ?? '—'}</td>
                    <td>
                      {e.status}
                      {e.status === 'running' && e.progress_fraction !== null && ` (${formatPercent(e.progress_fraction, 0)})`}
                    </td>
                    <td>{e.hit_rate === null ? '—' : formatPercent(e.hit_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Older listing={experiments} more={moreExperiments} what="experiments" />
      </section>
    </main>
  );
}
