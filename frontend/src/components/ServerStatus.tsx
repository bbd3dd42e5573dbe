import type { ServerRunState } from '../hooks/useServerRun';
import { formatRunProgress } from '../lib/numbers/format';
import { ServerRunProgress } from './ServerRunProgress';

export function ServerStatus({ state, onStop, onCancel }: {
  state: ServerRunState;
  onStop: () => void;
  onCancel: (id: string) => void;
}) {
  if (state.phase === 'idle' || state.phase === 'done') return null;
  return (
    <div className="status" data-testid="server-status" aria-live="polite">
      {state.phase === 'submitting' && 'submitting to the server…'}
      {state.phase === 'waiting' && (
        <>
          experiment <a href={`/e/${state.id}`}>{state.id.slice(0, 12)}…</a>{' '}
          <ServerRunProgress status={state.status} progress={state.progress} onCancel={() => onCancel(state.id)}
            testId="server-progress" />{' '}
          <button type="button" onClick={onStop}>Stop watching</button>
        </>
      )}
      {state.phase === 'cancelled' && (
        <>experiment <a href={`/e/${state.id}`}>{state.id.slice(0, 12)}…</a> cancelled
          {state.progress && ` at ${formatRunProgress(state.progress)}`}</>
      )}
      {state.phase === 'failed' && <span className="field-error">Server: {state.message}</span>}
      {state.phase === 'invalid' && (
        <span className="field-error">Server rejected the config: <code>{state.error.field}</code>: {state.error.message}</span>
      )}
    </div>
  );
}
