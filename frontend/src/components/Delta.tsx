import type { Json } from '../config/types';
import { useBaseline } from '../hooks/useHistory';
import { differenceSE, errorsOf } from '../lib/numbers/confidence';
import { formatDelta } from '../lib/numbers/format';
import { getPath } from '../lib/form/path';

// The change of one result number against the baseline run (same dotted result path), shown
// beside the number; nothing when no baseline is set or it has no such number. `se` is this run's
// standard error of the number: with the baseline's, it sets the digits of the change.
export function Delta({ path, value, unit, se }: { path: string; value: unknown; unit: string; se?: number }) {
  const baseline = useBaseline();
  if (!baseline) return null;
  const text = formatDelta(value, getPath(baseline.result as unknown as Json, path), unit, differenceSE(se, errorsOf(baseline.result)(path)));
  if (text === null) return null;
  return (
    <span className="delta" data-testid={`delta-${path}`} title={`change against the baseline “${baseline.name}”`}>
      {' '}Δ {text}
    </span>
  );
}
