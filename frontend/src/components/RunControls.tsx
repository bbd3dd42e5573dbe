import type { WasmRunState } from '../hooks/useWasmRun';
import { useTicker } from '../hooks/useWasmRun';
import { formatCount, formatSeconds } from '../lib/format';
import { BROWSER_LOOKUP_LIMIT } from '../lib/estimate';

interface Props {
  state: WasmRunState;
  canRun: boolean;
  estimate: number | null;
  onRun: () => void;
  onCancel: () => void;
  onSubmit: () => void;
  submitting: boolean;
}

// Run/Cancel/Submit buttons and the in-browser run's progress. The core reports no intermediate
// progress, so the bar is indeterminate with an elapsed-time readout.
export function RunControls({ state, canRun, estimate, onRun, onCancel, onSubmit, submitting }: Props) {
  const running = state.phase === 'running';
  const now = useTicker(running);
  const tooBig = estimate !== null && estimate > BROWSER_LOOKUP_LIMIT;
  return (
    <div className="run-controls">
      <div className="buttons">
        <button type="button" className="primary" onClick={onRun} disabled={!canRun || running}>
          Run in browser (WASM)
        </button>
        <button type="button" onClick={onCancel} disabled={!running}>Cancel</button>
        <button type="button" onClick={onSubmit} disabled={!canRun || submitting}>Submit to server</button>
      </div>
      {estimate !== null && (
        <p className={`note${tooBig ? ' warn' : ''}`} data-testid="estimate">
          ≈ {formatCount(estimate)} cache look-ups
          {tooBig && ' — above the browser limit; submit it to the server (Run in browser still works, slowly).'}
        </p>
      )}
      <div data-testid="wasm-status" aria-live="polite" className="status">
        {running && (
          <>
            <div className="progress indeterminate" role="progressbar" aria-label="simulation running" />
            running in a Web Worker… {formatSeconds((now - state.startedAt) / 1000)}
          </>
        )}
        {state.phase === 'done' && `done in ${formatSeconds(state.elapsed_ms / 1000)} (in the worker)`}
        {state.phase === 'cancelled' && 'cancelled (worker terminated)'}
        {state.phase === 'failed' && <span className="field-error">WASM run failed: {state.message}</span>}
      </div>
    </div>
  );
}
