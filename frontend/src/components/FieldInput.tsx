import { useEffect, useId, useState } from 'react';
import type { Config } from '../config/types';
import { applyField, fieldText, type FieldSpec } from '../config/form';

interface Props {
  spec: FieldSpec;
  config: Config;
  // The core's message for this field (from validate()), shown under the input.
  coreError?: string;
  onChange: (cfg: Config) => void;
}

// One labelled input. It keeps its own text so a half-typed value ("4x") is not lost, and only
// writes the config once the text parses.
export function FieldInput({ spec, config, coreError, onChange }: Props) {
  const id = useId();
  const external = fieldText(spec, config);
  const [text, setText] = useState(external);
  const [localError, setLocalError] = useState<string | undefined>();
  useEffect(() => {
    setText(external);
    setLocalError(undefined);
  }, [external]);

  const update = (t: string) => {
    setText(t);
    const r = applyField(config, spec, t);
    setLocalError(r.error);
    if (!r.error) onChange(r.config);
  };
  const error = localError ?? coreError;
  const errId = `${id}-err`;
  const common = {
    id,
    name: spec.path,
    'data-field': spec.path,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errId : undefined,
  };
  const choices = spec.choices && !spec.choices.includes(text) && text !== '' ? [...spec.choices, text] : spec.choices;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={id} title={spec.doc}>
        {spec.label}
        {spec.unit && <span className="unit"> ({spec.unit})</span>}
      </label>
      {spec.kind === 'choice' && choices && choices.length > 0 ? (
        <select {...common} title={spec.doc} value={text} onChange={(e) => update(e.target.value)}>
          {text === '' && <option value="">(default)</option>}
          {choices.map((c) => (
            <option key={c} value={c}>{c}</option>
          ))}
        </select>
      ) : (
        <input {...common} type="text" inputMode={spec.kind === 'int' ? 'numeric' : spec.kind === 'number' ? 'decimal' : undefined}
          title={spec.doc}
          value={text} placeholder={spec.help ?? '(default)'} onChange={(e) => update(e.target.value)} />
      )}
      {error && (
        <div className="field-error" id={errId} role="alert" data-testid={`error-${spec.path}`}>
          {error}
        </div>
      )}
    </div>
  );
}
