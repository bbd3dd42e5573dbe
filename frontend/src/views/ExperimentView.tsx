import { useEffect, useState } from 'react';
import { cancelExperiment, getExperiment, waitForExperiment, type Experiment } from '../api/client';
import { ResultPanel } from '../components/ResultPanel';
import { ServerRunProgress } from '../components/ServerRunProgress';
import { ShareButton } from '../components/ShareButton';
import { formatRunProgress } from '../lib/numbers/format';
import { COMPARE_URL, encodeConfig } from '../lib/runs/share';
import { BaselineContext, useHistoryBaseline } from '../hooks/useHistory';

// A stored experiment at its shareable, content-addressed URL /e/{id}; a run under way shows its
// worker's progress and can be cancelled here too.
export function ExperimentView({ id }: { id: string }) {
  const [exp, setExp] = useState<Experiment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const baseline = useHistoryBaseline();
  useEffect(() => {
    const abort = new AbortController();
    getExperiment(id)
      .then((e) => {
        setExp(e);
        if (e.status === 'queued' || e.status === 'running') return waitForExperiment(id, setExp, abort.signal);
      })
      .catch((e: Error) => !abort.signal.aborted && setError(e.message));
    return () => abort.abort();
  }, [id]);

  return (
    <main className="experiment">
      <h2>Experiment <code title={id}>{id.slice(0, 16)}…</code></h2>
      {error && <p className="field-error" role="alert">{error}</p>}
      {exp && (
        <>
          <p className="note" data-testid="experiment-status">
            status: {exp.status}
            {exp.status === 'cancelled' && exp.progress && ` at ${formatRunProgress(exp.progress)}`}
            {' '}· <ShareButton url={window.location.href} /> ·{' '}
            <a href={`/#${encodeConfig(exp.config)}`}>open the config in Explore</a> ·{' '}
            <a href={`${COMPARE_URL}#ids=${exp.id}`}>compare with…</a>
          </p>
          {(exp.status === 'queued' || exp.status === 'running') && (
            <p className="note">
              <ServerRunProgress status={exp.status} progress={exp.progress} testId="experiment-progress"
                onCancel={() => cancelExperiment(id).then(setExp, (e: Error) => setError(e.message))} />
            </p>
          )}
          {exp.result && (
            <BaselineContext.Provider value={baseline}>
              <ResultPanel title="Result" prefix="experiment" config={exp.config} result={exp.result}
                source="native core on a SwitchLab worker" />
            </BaselineContext.Provider>
          )}
          <details>
            <summary>Config JSON</summary>
            <pre data-testid="experiment-config">{JSON.stringify(exp.config, null, 2)}</pre>
          </details>
        </>
      )}
      {!exp && !error && <p className="note">loading…</p>}
    </main>
  );
}
