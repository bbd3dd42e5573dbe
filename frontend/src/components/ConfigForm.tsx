import type { Config, FieldError } from '../config/types';
import { visibleFields, type FieldSpec } from '../config/form';

function groupsOf(fields: FieldSpec[]): Array<[string, string, boolean]> {
  const present = new Set(fields.map((f) => f.group));
  const known = GROUPS.filter(([g]) => present.has(g));
  const extra = [...present].filter((g) => !GROUPS.some(([k]) => k === g)).map((g): [string, string, boolean] => [g, g, false]);
  return [...known, ...extra];
}
import { FieldInput } from './FieldInput';

// Group titles by parent config path; the first ones are open, the rest fold away.
const GROUPS: Array<[string, string, boolean]> = [
  ['topology', 'Topology', true],
  ['switch.cache', 'Routing-table cache (per input port)', true],
  ['traffic', 'Traffic', true],
  ['', 'Run', true],
  ['routing', 'Routing', false],
  ['switch.delays_ns', 'Switch delays', false],
  ['switch.cam', 'Forwarding table (CAM)', false],
  ['switch', 'Switch', false],
  ['hardware', 'Hardware cost model', false],
  ['monitor', 'Monitoring', false],
];

interface Props {
  config: Config;
  error: FieldError | null;
  onChange: (cfg: Config) => void;
  // Field list (from the core's JSON Schema once loaded; the static table before that).
  fields?: FieldSpec[];
}

// The structured editor. Fields the form does not cover are edited in the JSON tab; an error on
// such a field is shown above the form so it is never silently dropped.
export function ConfigForm({ config, error, onChange, fields: all }: Props) {
  const fields = visibleFields(config, all);
  const orphan = error && !fields.some((f) => f.path === error.field) ? error : null;
  return (
    <form className="config-form" onSubmit={(e) => e.preventDefault()} aria-label="Experiment configuration">
      {orphan && (
        <div className="field-error" role="alert" data-testid="config-error">
          <code>{orphan.field}</code>: {orphan.message}
        </div>
      )}
      {groupsOf(fields).map(([g, title, open]) => {
        const fs = fields.filter((f) => f.group === g);
        const inputs = fs.map((f) => (
          <FieldInput key={f.path} spec={f} config={config} onChange={onChange}
            coreError={error?.field === f.path ? error.message : undefined} />
        ));
        // A folded group opens by itself when the error is in it.
        const hasError = fs.some((f) => f.path === error?.field);
        return open ? (
          <fieldset key={g}><legend>{title}</legend>{inputs}</fieldset>
        ) : (
          <details key={g} className="more" open={hasError || undefined}>
            <summary>{title}</summary>
            {inputs}
          </details>
        );
      })}
    </form>
  );
}
