import type { Config } from '../config/types';
import { withPerPort } from '../lib/drawing/ports';

// output.per_port is part of the config (and so of its hash): the core only collects per-port
// counts when asked, so the toggle edits the config rather than being a hidden run option.
export function PerPortToggle({ config, onChange }: { config: Config; onChange: (c: Config) => void }) {
  const on = config.output?.per_port === true;
  return (
    <label className="checkbox">
      <input type="checkbox" data-testid="per-port-toggle" checked={on} onChange={(e) => onChange(withPerPort(config, e.target.checked))} />
      {' '}per-port statistics (sets <code>output.per_port</code>; changes the config hash)
    </label>
  );
}
