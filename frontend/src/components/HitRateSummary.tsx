import type { SimResult } from '../config/types';
import { errorsOf } from '../lib/numbers/confidence';
import { formatCount, formatSeconds, formatValue } from '../lib/numbers/format';
import { useUnits } from '../hooks/useCoreSchemas';
import { Delta } from './Delta';

// The headline numbers. `prefix` scopes the test ids ("wasm", "server") so the end-to-end test
// can read each run's numbers separately.
export function HitRateSummary({ result, prefix }: { result: SimResult; prefix: string }) {
  const c = result.cache;
  const units = useUnits();
  // Rates with the digits their counts support (lib/numbers/confidence.ts).
  const se = errorsOf(result);
  const shown = (path: 'all_hit_share' | 'packets_all_hit') => formatValue(c[path], units.unitOf(`cache.${path}`), se(`cache.${path}`));
  const misses = c.lookups - c.hits;
  return (
    <dl className="summary">
      <div>
        <dt>hit rate</dt>
        <dd className="big"><span data-testid={`${prefix}-hit-rate`}>{formatValue(c.hit_rate, 'fraction', se('cache.hit_rate'))}</span><Delta path="cache.hit_rate" value={c.hit_rate} unit="fraction" se={se('cache.hit_rate')} /></dd>
      </div>
      <div>
        <dt>look-ups</dt>
        <dd><span data-testid={`${prefix}-lookups`}>{formatCount(c.lookups)}</span><Delta path="cache.lookups" value={c.lookups} unit="" /></dd>
      </div>
      <div>
        <dt>hits</dt>
        <dd><span data-testid={`${prefix}-hits`}>{formatCount(c.hits)}</span><Delta path="cache.hits" value={c.hits} unit="" /></dd>
      </div>
      <div>
        <dt>misses</dt>
        <dd><span data-testid={`${prefix}-misses`}>{formatCount(misses)}</span><Delta path="cache.misses.total" value={misses} unit="" /></dd>
      </div>
      <div>
        <dt title="measured packets whose every look-up hit">all-hit packets</dt>
        <dd>
          <span data-testid={`${prefix}-all-hit`}>
            {shown('all_hit_share')}
            {c.packets_all_hit !== undefined && <span className="small"> ({shown('packets_all_hit')})</span>}
          </span>
          <Delta path="cache.all_hit_share" value={c.all_hit_share} unit="fraction" se={se('cache.all_hit_share')} />
        </dd>
      </div>
      {result.wall_time_s !== undefined && (
        <div>
          <dt>core wall time</dt>
          <dd>{formatSeconds(result.wall_time_s)}<Delta path="wall_time_s" value={result.wall_time_s} unit="s" /></dd>
        </div>
      )}
    </dl>
  );
}
