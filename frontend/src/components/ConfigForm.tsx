import { useEffect, useRef, type ReactNode } from 'react';
import type { Config, FieldError } from '../config/types';
import { LOAD_PATH, loadIgnored, type FieldSpec } from '../config/form';
import { pruneToVariant, shownFields, type SchemaNode } from '../config/schema';
import { GROUPS } from '../config/presentation';
import { FieldInput } from './FieldInput';
import { Allowed } from './Allowed';
import { errorForField } from '../lib/form/fieldError';

function groupsOf(fields: FieldSpec[]) {
  const present = new Set(fields.map((f) => f.group));
  const known = GROUPS.filter((g) => present.has(g.group));
  const extra = [...present].filter((g) => !GROUPS.some((k) => k.group === g)).map((g) => ({ group: g, title: g, open: false }));
  return [...known, ...extra];
}

// A folded group opens by itself when an error is in it and otherwise stays as the user left it:
// a controlled `open` would fold it again once the error is fixed, taking the input being typed
// in out of view.
function Folded({ title, hasError, children }: { title: string; hasError: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (hasError && ref.current) ref.current.open = true;
  }, [hasError]);
  return (
    <details ref={ref} className="more">
      <summary>{title}</summary>
      {children}
    </details>
  );
}

// Editing an ignored load still makes another config (another hash: a preset's "as published"
// values no longer show), so the form says why the run does not change.
const loadIgnoredNote = (mode: string) => (
  <span data-testid="load-ignored">
    Ignored in {mode} mode: the run bisects the offered load itself, so this value changes no
    run (only the config, which then no longer matches a preset's published values). Set{' '}
    <code>sim.mode</code> to <code>latency</code> to run at this load.
  </span>
);

interface Props {
  config: Config;
  // The core's config schema: the form shows exactly the fields of the config's kind and pattern.
  schema: SchemaNode | null;
  error: FieldError | null;
  onChange: (cfg: Config) => void;
  // An input whose text does not parse (the config still holds the last good value).
  onLocalError?: (path: string, message: string | undefined) => void;
}

// The structured editor. Fields the form does not cover (or hides because they do not apply to the
// current choices) are edited in the JSON tab; an error on such a field is shown above the form so
// it is never silently dropped.
export function ConfigForm({ config, schema, error, onChange, onLocalError }: Props) {
  if (!schema) return <p className="note" data-testid="form-loading">loading the config schema from the core…</p>;
  // Only the fields that apply to the current choices (x-applies-when); a core error on a hidden
  // one is shown above the form as below.
  const fields = shownFields(schema, config);
  const change = (next: Config) => onChange(pruneToVariant(schema, config, next));
  const orphan = error && !fields.some((f) => errorForField(error, f.path)) ? error : null;
  return (
    <form className="config-form" onSubmit={(e) => e.preventDefault()} aria-label="Experiment configuration">
      {orphan && (
        <div className="field-error" role="alert" data-testid="config-error">
          <code>{orphan.field}</code>: {orphan.message}<Allowed error={orphan} />
        </div>
      )}
      {groupsOf(fields).map(({ group, title, open }) => {
        const fs = fields.filter((f) => f.group === group);
        const inputs = fs.map((f) => (
          <FieldInput key={f.path} spec={f} config={config} onChange={change} onLocalError={onLocalError}
            coreError={errorForField(error, f.path)}
            note={f.path === LOAD_PATH && loadIgnored(config) ? loadIgnoredNote(String(config.sim?.mode)) : undefined} />
        ));
        return open ? (
          <fieldset key={group}><legend>{title}</legend>{inputs}</fieldset>
        ) : (
          <Folded key={group} title={title} hasError={fs.some((f) => errorForField(error, f.path))}>{inputs}</Folded>
        );
      })}
    </form>
  );
}
