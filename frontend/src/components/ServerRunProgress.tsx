import type { RunProgress } from '../api/client';
import { formatRunProgress } from '../lib/numbers/format';

// A server run under way: its worker's last progress report (about once a second) as a bar with the
// engine's work units, and Cancel (DELETE /api/experiments/{id}). Queued, or before the first
// report, the bar is indeterminate.
export function ServerRunProgress({ status, progress, onCancel, testId }: {
  status: string;
  progress: RunProgress | null | undefined;
  onCancel: () => void;
  testId: string;
}) {
  const fraction = status === 'running' && progress ? progress.fraction : null;
  return (
    <span className="server-progress" data-testid={testId}>
      {fraction === null
        ? <span className="progress indeterminate" role="progressbar" aria-label="server run in progress" />
        : (
          <span className="progress" role="progressbar" aria-label="server run progress" aria-valuemin={0}
            aria-valuemax={100} aria-valuenow={Math.round(fraction * 100)}>
            <span className="progress-fill" style={{ width: `${(fraction * 100).toFixed(1)}%` }} />
          </span>
        )}
      <span data-testid={`${testId}-text`}>
        {fraction === null ? status : `${status}: ${formatRunProgress(progress!)}`}
      </span>{' '}
      <button type="button" onClick={onCancel} data-testid={`${testId}-cancel`}>Cancel</button>
    </span>
  );
}
