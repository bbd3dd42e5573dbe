import { useEffect, useRef, useState } from 'react';
import { cancelSweep, getSweep, getSweepResults, type Sweep, type SweepResultsPage } from '../api/client';
import { SweepProgressBar } from '../components/SweepProgressBar';
import { SweepChart } from '../components/SweepChart';
import { SweepCurves } from '../components/SweepCurves';
import { SweepTable } from '../components/SweepTable';
import { SweepExtraCharts } from '../components/SweepExtraCharts';
import { ShareButton } from '../components/ShareButton';
import { VariantPublishedTable } from '../components/ComparePanel';
import { compareExampleOf, variantResultsOfRows } from '../config/examples';

const ACTIVE = new Set(['queued', 'running']);

// A stored sweep at /s/{id}: live progress, charts as results arrive, downloads.
export function SweepView({ id }: { id: string }) {
  const [sweep, setSweep] = useState<Sweep | null>(null);
  const [results, setResults] = useState<SweepResultsPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const finished = useRef(-1);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const s = await getSweep(id);
        if (!live) return;
        setSweep(s);
        // Fetch result rows only when another point has finished.
        const n = s.progress.done + s.progress.failed;
        if (n !== finished.current) {
          finished.current = n;
          const r = await getSweepResults(id);
          if (live) setResults(r);
        }
        if (ACTIVE.has(s.status)) timer = setTimeout(tick, 1000);
      } catch (e) {
        if (live) setError(e instanceof Error ? e.message : String(e));
      }
    };
    tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);

  // A compare example submitted from Explore: its published values beside the points.
  const example = sweep ? compareExampleOf(sweep) : undefined;
  return (
    <main className="page">
      <h2>Sweep {sweep?.name ? `“${sweep.name}”` : ''} <code title={id}>{id.slice(0, 12)}…</code></h2>
      {error && <p className="field-error" role="alert">{error}</p>}
      {sweep && (
        <>
          <SweepProgressBar sweep={sweep} />
          <p>
            <ShareButton url={window.location.href} />{' '}
            {ACTIVE.has(sweep.status) && (
              <button type="button" onClick={async () => setSweep(await cancelSweep(id))}>Cancel sweep</button>
            )}{' '}
            <a href={`/api/sweeps/${id}/results?format=csv`} download>Results CSV</a>{' · '}
            <a href={`/api/sweeps/${id}/results?format=json&limit=10000`} download={`sweep-${id.slice(0, 12)}.json`}>Results JSON</a>
          </p>
          {results && <SweepChart sweep={sweep} results={results} />}
          {results && example && <VariantPublishedTable example={example} results={variantResultsOfRows(example, results.columns, results.rows)} />}
          {results && <SweepCurves sweep={sweep} results={results} />}
          {results && <SweepExtraCharts sweep={sweep} results={results} />}
          {results && <SweepTable sweep={sweep} results={results} />}
        </>
      )}
      {!sweep && !error && <p className="note">loading…</p>}
    </main>
  );
}
