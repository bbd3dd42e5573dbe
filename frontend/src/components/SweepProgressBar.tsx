import type { Sweep } from '../api/client';
import { formatCount, formatSeconds } from '../lib/numbers/format';

export function SweepProgressBar({ sweep }: { sweep: Sweep }) {
  const p = sweep.progress;
  const finished = p.done + p.failed + p.cancelled;
  return (
    <div className="sweep-progress" data-testid="sweep-progress">
      <progress max={p.total} value={finished} aria-label="sweep progress" />
      <span data-testid="sweep-status">
        {sweep.status}: {formatCount(p.done)} / {formatCount(p.total)} points done
        {p.failed > 0 && `, ${formatCount(p.failed)} failed`}
        {p.cancelled > 0 && `, ${formatCount(p.cancelled)} cancelled`}
        {p.running > 0 && `, ${formatCount(p.running)} running`}
        {p.eta_s !== null && p.eta_s > 0 && ` · ETA ${formatSeconds(p.eta_s)}`}
      </span>
    </div>
  );
}
