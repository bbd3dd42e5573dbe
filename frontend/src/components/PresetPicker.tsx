import type { Config } from '../config/types';
import { EXAMPLES, exampleByKey, exampleFor, publishedExampleFor, thisRunKind, type Example } from '../config/examples';

// Presets are the repository's example catalogue (the same files every build is tested on);
// examples with published values are grouped as seed-figure reproductions.
const REPRODUCE = 'Reproduce a seed figure';
const groupOf = (e: Example) => (e.published?.length ? REPRODUCE : 'Examples');
const label = (e: Example) => `${e.title}${e.browser ? '' : ' (large: run on the server)'}`;

interface Props {
  config: Config;
  // The preset the form was last loaded from (it may have been edited since).
  origin: string | null;
  onPick: (key: string, cfg: Config) => void;
}

// The preset list, and under it where the current config comes from: the preset's source
// (paper, section, figure) and what it shows, or that it was edited away from its preset.
export function PresetPicker({ config, origin, onPick }: Props) {
  const same = exampleFor(config);
  const from = origin ? exampleByKey(origin) : undefined;
  return (
    <div className="preset">
      <div className="field preset-picker">
        <label htmlFor="preset">Preset</label>
        {/* The list shows the preset the form holds unchanged; "Load a preset…" once it is edited. */}
        <select id="preset" value={same?.key ?? ''} onChange={(e) => {
          const p = exampleByKey(e.target.value);
          if (p) onPick(p.key, structuredClone(p.config));
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
      {same ? (
        <div className="preset-card" data-testid="preset-card">
          <strong>{same.title}</strong>
          <div className="small">Source: <cite data-testid="preset-source">{same.source}</cite></div>
          <p className="note small">{same.description}</p>
          {!!same.published?.length && (
            <p className="note small">Published figures appear “as published” beside this run's {thisRunKind(same)} values, with their tolerance.</p>
          )}
        </div>
      ) : from ? (
        <p className="note small" data-testid="preset-card">
          Edited from the preset “{from.title}” ({from.source}): {publishedExampleFor(config) === from
            ? 'the published figures measured with this change stand beside the run; the others say which run they need.'
            : 'its published figures apply only to the unchanged preset.'}
        </p>
      ) : null}
    </div>
  );
}
