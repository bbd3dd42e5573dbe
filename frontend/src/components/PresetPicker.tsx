import type { Config } from '../config/types';
import { EXAMPLES, type Example } from '../config/examples';

// Presets are the repository's example catalogue (the same files every build is tested on);
// examples with published values are grouped as seed-figure reproductions.
const REPRODUCE = 'Reproduce a seed figure';
const groupOf = (e: Example) => (e.published?.length ? REPRODUCE : 'Examples');
const label = (e: Example) => `${e.title}${e.browser ? '' : ' (large: run on the server)'}`;

export function PresetPicker({ onPick }: { onPick: (cfg: Config) => void }) {
  return (
    <div className="field preset-picker">
      <label htmlFor="preset">Preset</label>
      <select id="preset" value="" onChange={(e) => {
        const p = EXAMPLES.find((x) => x.key === e.target.value);
        if (p) onPick(structuredClone(p.config));
      }}>
        <option value="">Load a preset…</option>
        {['Examples', REPRODUCE].map((g) => (
          <optgroup key={g} label={g}>
            {EXAMPLES.filter((e) => groupOf(e) === g).map((e) => (
              <option key={e.key} value={e.key} title={`${e.description} [${e.source}]`}>{label(e)}</option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
