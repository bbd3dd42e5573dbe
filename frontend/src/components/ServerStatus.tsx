import type { ServerRunState } from '../hooks/useServerRun';

export function ServerStatus({ state, onStop }: { state: ServerRunState; onStop: () => void }) {
  if (state.phase === 'idle' || state.phase === 'done') return null;
  return (
    <div className="status" data-testid="server-status" aria-live="polite">
      {state.phase === 'submitting' && 'submitting to the server…'}
      {state.phase === 'waiting' && (
        <>
          <div className="progress indeterminate" role="progressbar" aria-label="server run in progress" />
          experiment <a href={`/e/${state.id}`}>{state.id.slice(0, 12)}…</a> is {state.status}{' '}
          <button type="button" onClick={onStop}>Stop watching</button>
        </>
      )}
      {state.phase === 'failed' && <span className="field-error">Server: {state.message}</span>}
      {state.phase === 'invalid' && (
        <span className="field-error">Server rejected the config: <code>{state.error.field}</code>: {state.error.message}</span>
      )}
    </div>
  );
}
