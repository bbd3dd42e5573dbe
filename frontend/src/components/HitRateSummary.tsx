import type { SimResult } from '../config/types';
import { formatCount, formatPercent, formatSeconds, formatWithUnit } from '../lib/format';
import { useUnits } from '../hooks/useCoreSchemas';

// The headline numbers. `prefix` scopes the test ids ("wasm", "server") so the end-to-end test
// can read each run's numbers separately.
export function HitRateSummary({ result, prefix }: { result: SimResult; prefix: string }) {
  const c = result.cache;
  const units = useUnits();
  const shown = (path: 'all_hit_share' | 'packets_all_hit') =>
    c[path] === undefined ? '—' : formatWithUnit(c[path]!, units.unitOf(`cache.${path}`), 2);
  const misses = c.lookups - c.hits;
  return (
    <dl className="summary">
      <div>
        <dt>hit rate</dt>
        <dd data-testid={`${prefix}-hit-rate`} className="big">{formatPercent(c.hit_rate)}</dd>
      </div>
      <div>
        <dt>look-ups</dt>
        <dd data-testid={`${prefix}-lookups`}>{formatCount(c.lookups)}</dd>
      </div>
      <div>
        <dt>hits</dt>
        <dd data-testid={`${prefix}-hits`}>{formatCount(c.hits)}</dd>
      </div>
      <div>
        <dt>misses</dt>
        <dd data-testid={`${prefix}-misses`}>{formatCount(misses)}</dd>
      </div>
      <div>
        <dt title="measured packets whose every look-up hit">all-hit packets</dt>
        <dd data-testid={`${prefix}-all-hit`}>
          {shown('all_hit_share')}
          {c.packets_all_hit !== undefined && <span className="small"> ({shown('packets_all_hit')})</span>}
        </dd>
      </div>
      {result.wall_time_s !== undefined && (
        <div>
          <dt>core wall time</dt>
          <dd>{formatSeconds(result.wall_time_s)}</dd>
        </div>
      )}
    </dl>
  );
}
