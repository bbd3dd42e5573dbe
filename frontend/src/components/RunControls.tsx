import type { WasmRunState } from '../hooks/useWasmRun';
import { useTicker } from '../hooks/useWasmRun';
import { formatProgress, formatSeconds } from '../lib/numbers/format';

interface Props {
  state: WasmRunState;
  canRun: boolean;
  onRun: () => void;
  onCancel: () => void;
  onSubmit: () => void;
  submitting: boolean;
  // A comparison's variants run one after another: which one runs, and the whole run's time.
  compare?: { running: string | null; variants: number; elapsed_ms: number | null };
}

// Run/Cancel/Submit buttons and the in-browser run's progress: the worker steps the core in
// ~50 ms chunks and reports the fraction done after each. Run stays enabled while a run
// is going (it restarts with the form's config), so the focus never falls off a disabled button.
export function RunControls({ state, canRun, onRun, onCancel, onSubmit, submitting, compare }: Props) {
  const running = state.phase === 'running';
  const now = useTicker(running);
  return (
    <div className="run-controls" data-testid="run-bar">
      <div className="buttons">
        <button type="button" className="primary" onClick={onRun} disabled={!canRun}
          aria-keyshortcuts="Control+Enter Meta+Enter" title="Ctrl+Enter (⌘+Enter) or Enter in a field">
          Run in browser (WASM)
        </button>
        <button type="button" onClick={onCancel} disabled={!running}>Cancel</button>
        <button type="button" onClick={onSubmit} disabled={!canRun || submitting}>Submit to server</button>
        <span className="hint">Ctrl+Enter runs</span>
      </div>
      <div data-testid="wasm-status" aria-live="polite" className="status">
        {running && (
          <>
            <div className="progress" role="progressbar" aria-label="simulation progress" aria-valuemin={0}
              aria-valuemax={100} aria-valuenow={Math.round(state.fraction * 100)} data-testid="wasm-progress">
              <div className="progress-fill" style={{ width: `${(state.fraction * 100).toFixed(1)}%` }} />
            </div>
            {compare?.running && <span data-testid="wasm-variant">{compare.running}: </span>}
            running in a Web Worker… <span data-testid="wasm-progress-percent">{formatProgress(state.fraction)}</span>{state.unit && ` of ${state.unit}`}
            {' '}· {formatSeconds((now - state.startedAt) / 1000)} elapsed
          </>
        )}
        {state.phase === 'done' && (compare
          ? compare.elapsed_ms !== null && `all ${compare.variants} variants done in ${formatSeconds(compare.elapsed_ms / 1000)} (one after another in the worker${state.threaded ? ', WASM threads' : ''})`
          : `done in ${formatSeconds(state.elapsed_ms / 1000)} (in the worker${state.threaded ? ', WASM threads' : ''})`)}
        {state.phase === 'cancelled' && (state.fraction === null
          ? 'cancelled (worker terminated)'
          : `cancelled at ${formatProgress(state.fraction)}${state.unit && ` of ${state.unit}`} (stopped between chunks)`)}
        {state.phase === 'failed' && <span className="field-error">WASM run failed: {state.message}</span>}
      </div>
    </div>
  );
}
