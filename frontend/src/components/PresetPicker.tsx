import type { Config } from '../config/types';
import { PRESETS } from '../config/presets';

// Presets are the project's shared example configs (the same files every build is tested on).
export function PresetPicker({ onPick }: { onPick: (cfg: Config) => void }) {
  return (
    <div className="field preset-picker">
      <label htmlFor="preset">Preset</label>
      <select id="preset" value="" onChange={(e) => {
        const p = PRESETS.find((x) => x.key === e.target.value);
        if (p) onPick(structuredClone(p.config));
      }}>
        <option value="">Load a preset…</option>
        {PRESETS.filter((p) => !p.group).map((p) => (
          <option key={p.key} value={p.key}>{p.title}</option>
        ))}
        {[...new Set(PRESETS.map((p) => p.group).filter(Boolean))].map((g) => (
          <optgroup key={g} label={g}>
            {PRESETS.filter((p) => p.group === g).map((p) => <option key={p.key} value={p.key}>{p.title}</option>)}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
