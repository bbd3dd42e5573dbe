import { useEffect, useRef, useState } from 'react';
import type { Config, FieldError } from '../config/types';
import { replacesWholeText } from '../lib/form/textEdit';
import { nonFinitePath } from '../lib/form/path';
import { Allowed } from './Allowed';

interface Props {
  config: Config;
  error: FieldError | null;
  // replaced: the text was replaced as a whole (not edited) since the last config that parsed.
  onChange: (cfg: Config, replaced: boolean) => void;
  // Text that is not a JSON object (the config still holds the last good one).
  onLocalError?: (key: string, message: string | undefined) => void;
}

// Raw JSON tab: edits apply as soon as the text parses as a JSON object.
export function JsonEditor({ config, error, onChange, onLocalError }: Props) {
  const pretty = JSON.stringify(config, null, 2);
  const [text, setText] = useState(pretty);
  const [parseError, setParseError] = useState<string | null>(null);
  useEffect(() => {
    // Re-sync only when the config changed elsewhere, not while our own text is mid-edit.
    setText((t) => {
      try {
        return JSON.stringify(JSON.parse(t)) === JSON.stringify(config) ? t : pretty;
      } catch {
        return t;
      }
    });
  }, [pretty, config]);
  useEffect(() => {
    onLocalError?.('json', parseError ?? undefined);
    return () => onLocalError?.('json', undefined);
  }, [onLocalError, parseError]);
  // Seen before the edit lands, while the selection still shows what it overwrites; kept until the
  // text parses again (a config typed into an emptied box is a replacement too).
  const box = useRef<HTMLTextAreaElement>(null);
  const replaced = useRef(false);
  useEffect(() => {
    const el = box.current!;
    const before = (e: InputEvent) => {
      if (replacesWholeText(e.inputType, el.value, el.selectionStart, el.selectionEnd)) replaced.current = true;
    };
    el.addEventListener('beforeinput', before);
    return () => el.removeEventListener('beforeinput', before);
  }, []);
  const update = (t: string) => {
    setText(t);
    try {
      const v = JSON.parse(t) as unknown;
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('the config must be a JSON object');
      const huge = nonFinitePath(v);
      if (huge !== null) throw new Error(`${huge}: too large a number (JSON would send null, the default)`);
      setParseError(null);
      // A replacement that comes back to the config it replaced (e.g. undone) replaced nothing.
      onChange(v as Config, replaced.current && JSON.stringify(v) !== JSON.stringify(config));
      replaced.current = false;
    } catch (e) {
      setParseError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="json-editor">
      <label htmlFor="config-json">Config JSON</label>
      <textarea ref={box} id="config-json" spellCheck={false} rows={22} value={text} onChange={(e) => update(e.target.value)}
        aria-invalid={parseError || error ? true : undefined} />
      {parseError && <div className="field-error" role="alert">JSON: {parseError}</div>}
      {!parseError && error && (
        <div className="field-error" role="alert" data-testid="json-error">
          <code>{error.field}</code>: {error.message}<Allowed error={error} />
        </div>
      )}
    </div>
  );
}
