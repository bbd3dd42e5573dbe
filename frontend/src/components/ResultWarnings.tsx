import type { Config, SimResult } from '../config/types';
import { setPath } from '../lib/form/path';
import { formatSetting } from '../lib/numbers/format';

// The core's warnings on a result (a cold cache, a window too short for 1 % precision), each under
// the number it qualifies and with its fixes as one click each: the run's config with that change
// goes into the form, ready to run.
export function ResultWarnings({ result, config, onFix, prefix }: {
  result: SimResult;
  config: Config;
  onFix?: (config: Config) => void;
  prefix: string;
}) {
  if (!result.warnings?.length) return null;
  return (
    <div className="result-warnings" data-testid={`${prefix}-warnings`}>
      {result.warnings.map((w) => (
        <div key={w.code} className="note warn" role="note" data-warning={w.code}>
          <strong>Warning</strong> (<code>{w.field}</code>): {w.message}.
          {w.fixes.length > 0 && (
            <ul className="warning-fixes">
              {w.fixes.map((f) => (
                <li key={f.field}>
                  {onFix ? (
                    <button type="button" data-fix={f.field} onClick={() => onFix(setPath(config, f.field, f.value))}>
                      Set {f.field} = {formatSetting(f.value, f.unit)}
                    </button>
                  ) : <code>{f.field} = {formatSetting(f.value, f.unit)}</code>}
                  {' '}<span className="small">{f.why}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
}
