import { useEffect, useState } from 'react';
import { getSweep, type Sweep } from '../api/client';
import { parseSweeps, SWEEPS_KEY } from '../lib/sweeps/sweepList';
import { formatCount } from '../lib/numbers/format';

// Sweeps submitted from this browser, each with its current status from the API.
export function PastSweeps() {
  const [refs] = useState(() => parseSweeps(localStorage.getItem(SWEEPS_KEY)));
  const [status, setStatus] = useState<Record<string, Sweep | string>>({});
  useEffect(() => {
    let live = true;
    for (const r of refs) {
      getSweep(r.id).then(
        (s) => live && setStatus((m) => ({ ...m, [r.id]: s })),
        (e: Error) => live && setStatus((m) => ({ ...m, [r.id]: e.message })),
      );
    }
    return () => {
      live = false;
    };
  }, [refs]);
  if (refs.length === 0) return null;
  return (
    <section aria-labelledby="past-sweeps" data-testid="past-sweeps">
      <h3 id="past-sweeps">Sweeps from this browser</h3>
      <ul className="past-sweeps">
        {refs.map((r) => {
          const s = status[r.id];
          return (
            <li key={r.id}>
              <a href={`/s/${r.id}`}>{r.name}</a>{' '}
              <span className="note small">
                {new Date(r.at).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' })} ·{' '}
                {s === undefined ? 'loading…' : typeof s === 'string' ? s
                  : `${s.status}: ${formatCount(s.progress.done)} / ${formatCount(s.progress.total)} points done`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
