import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Config, FieldError } from '../config/types';
import { applyField, fieldText, type FieldSpec } from '../config/form';
import { Allowed } from './Allowed';

interface Props {
  spec: FieldSpec;
  config: Config;
  // The core's error for this field (from prepare()), shown under the input.
  coreError?: FieldError;
  onChange: (cfg: Config) => void;
  onLocalError?: (path: string, message: string | undefined) => void;
  // A remark on the field's value in this config (e.g. that the run ignores it), under the input.
  note?: ReactNode;
}

// One labelled input. It keeps its own text so a half-typed value ("4x") is not lost, and only
// writes the config once the text parses; until then it reports a local error, which blocks Run
// (the config still holds the previous value).
export function FieldInput({ spec, config, coreError, onChange, onLocalError, note }: Props) {
  const id = useId();
  const external = fieldText(spec, config);
  const [text, setText] = useState(external);
  const [localError, setLocalError] = useState<string | undefined>();
  useEffect(() => {
    setText(external);
    setLocalError(undefined);
  }, [external]);
  useEffect(() => {
    onLocalError?.(spec.path, localError);
  }, [onLocalError, spec.path, localError]);
  // A field that disappears (another topology kind) takes its local error with it.
  useEffect(() => () => onLocalError?.(spec.path, undefined), [onLocalError, spec.path]);

  const update = (t: string) => {
    setText(t);
    const r = applyField(config, spec, t);
    setLocalError(r.error);
    // Reported in the same event too (not only from the effect), so a Run key pressed right after
    // typing already sees whether the text parses.
    onLocalError?.(spec.path, r.error);
    if (!r.error) onChange(r.config);
  };
  const error = localError ?? coreError?.message;
  const errId = `${id}-err`;
  const noteId = `${id}-note`;
  const describedBy = [error && errId, note && noteId].filter(Boolean).join(' ');
  const common = {
    id,
    name: spec.path,
    'data-field': spec.path,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  const choices = spec.kind === 'bool' ? ['true', 'false'] : spec.choices;
  const options = choices && !choices.includes(text) && text !== '' ? [...choices, text] : choices;
  const tooltip = [spec.doc, spec.help].filter(Boolean).join(' · ') || undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} title={tooltip}>
        {spec.label}
        {spec.unit && <span className="unit"> ({spec.unit})</span>}
      </label>
      {options && options.length > 0 ? (
        <select {...common} title={tooltip} value={text} onChange={(e) => update(e.target.value)}>
          {text === '' && <option value="">(default{spec.default !== undefined ? `: ${String(spec.default)}` : ''})</option>}
          {options.map((c) => (
            <option key={c} value={c}>{c}</option>
          ))}
        </select>
      ) : (
        <input {...common} type="text" inputMode={spec.kind === 'int' ? 'numeric' : spec.kind === 'number' ? 'decimal' : undefined}
          title={tooltip} value={text} placeholder={spec.help ?? '(default)'} onChange={(e) => update(e.target.value)} />
      )}
      {note && <p className="note warn" id={noteId}>{note}</p>}
      {error && (
        <div className="field-error" id={errId} role="alert">
          <span data-testid={`error-${spec.path}`}>{error}</span>
          {!localError && coreError && <Allowed error={coreError} />}
        </div>
      )}
    </div>
  );
}
