import { useEffect, useMemo, useState } from 'react';
import type { Config, FieldError, Json } from '../config/types';
import { startConfig } from '../config/examples';
import { allFields, shownFields } from '../config/schema';
import { LOAD_PATH, loadIgnored } from '../config/form';
import { useCoreSchemas } from '../hooks/useCoreSchemas';
import { InvalidConfig } from '../api/client';
import { decodeConfig, encodeConfig } from '../lib/runs/share';
import { defaultSweepName, parseAxis, pointCount, pointName, type AxisValues } from '../lib/sweeps/sweep';
import { defaultAxes, describeBase } from '../lib/sweeps/sweepDefaults';
import { formatCount, formatSeconds } from '../lib/numbers/format';
import { sweepSeconds, workPerPoint } from '../lib/runs/placement';
import { useCoreService } from '../hooks/useCoreService';
import { useAxisValueErrors, usePointCheck } from '../hooks/useAxisValueErrors';
import { Allowed } from '../components/Allowed';
import { PastSweeps } from '../components/PastSweeps';
import { TableScroll } from '../components/TableScroll';
import { submitSweep } from '../lib/sweeps/submitSweep';

interface Axis {
  path: string;
  text: string;
}

// A message of the axis parser, or an error of the core or the server naming its field.
function ErrorNote({ error, testId }: { error: FieldError | string; testId: string }) {
  return (
    <div className="field-error" role="alert" data-testid={testId}>
      {typeof error === 'string' ? error : <><code>{error.field}</code>: {error.message}<Allowed error={error} /></>}
    </div>
  );
}

// Define a grid over config fields on top of the Explore config and submit it to the API.
export function NewSweepView() {
  const base: Config = useMemo(() => decodeConfig(window.location.hash) ?? startConfig(), []);
  // null until the user types a name: the name then follows the axes.
  const [typedName, setTypedName] = useState<string | null>(null);
  // The first axes come from the base config and the core's schema once it has loaded (none before).
  const [axes, setAxes] = useState<Axis[]>([]);
  const [error, setError] = useState<FieldError | string | null>(null);
  const [busy, setBusy] = useState(false);
  // Axis fields offered: every numeric or array field of the core's schema (any kind).
  const { schemas } = useCoreSchemas();
  const [defaulted, setDefaulted] = useState(false);
  useEffect(() => {
    if (!schemas || defaulted) return;
    setAxes(defaultAxes(shownFields(schemas.config, base), base));
    setDefaulted(true);
  }, [schemas, defaulted, base]);
  // The base config's size, for the sweep's time estimate (points that change the network's
  // size differ from it, so the estimate says it is per base-sized point).
  const baseRun = useCoreService(base);
  const fields = useMemo(() => (schemas ? allFields(schemas.config) : []), [schemas]);
  const numericPaths = fields.filter((f) => ['int', 'number', 'ways'].includes(f.kind)).map((f) => f.path);
  // Fields whose values are arrays: their axis values are typed as "[5,5,5]; [7,7,7]".
  const arrayPaths = fields.filter((f) => ['dims', 'flags'].includes(f.kind)).map((f) => f.path);
  const parsed = axes.map((a) => parseAxis(a.path.trim(), a.text, arrayPaths));
  const name = typedName ?? defaultSweepName(axes.map((a) => a.path));
  // An axis key must be a field of the core's config schema (the list the input suggests, choices
  // such as switch.buffer.organisation included).
  const axisPaths = [...numericPaths, ...arrayPaths, ...fields.filter((f) => f.kind === 'choice' || f.kind === 'bool').map((f) => f.path)];
  const known = new Set(axisPaths);
  const pathError = (p: string) => (fields.length > 0 && !known.has(p.trim()) ? `${p.trim() || '(empty)'} is not a config field: pick one from the list` : null);
  const valueErrors = useAxisValueErrors(base, axes.map((a, i) => {
    const p = parsed[i];
    return p.ok && !pathError(a.path) ? { path: a.path.trim(), values: p.values } : null;
  }));
  const axisError = (i: number) => (parsed[i].ok ? valueErrors[i] : parsed[i].message);
  const ok = axes.every((_, i) => !axisError(i)) && axes.every((a) => !pathError(a.path)) && new Set(axes.map((a) => a.path)).size === axes.length;
  const count = ok && axes.length > 0 ? pointCount(parsed.map((p) => (p.ok ? p.values : []))) : null;
  // Every point prepared by the core before Submit (as the server will): undefined while checking.
  // Checked as soon as the axes parse, also beside an axis's own error, so that the first refused
  // point is named with all its values.
  const parses = axes.length > 0 && parsed.every((p) => p.ok) && axes.every((a) => !pathError(a.path))
    && new Set(axes.map((a) => a.path.trim())).size === axes.length;
  const grid: AxisValues[] | null = parses
    ? axes.map((a, i) => ({ path: a.path.trim(), values: (parsed[i] as { values: Json[] }).values })) : null;
  const failing = usePointCheck(base, grid);
  const checked = grid !== null && failing === null;
  const baseLines = baseRun.prepared && schemas
    ? describeBase(baseRun.prepared.config, baseRun.prepared.summary, new Set(shownFields(schemas.config, baseRun.prepared.config).map((f) => f.path)))
    : null;
  // A load axis of a saturation search would give identical points, e.g. from seed 003's presets.
  const axisOn = (path: string) => axes.some((a) => a.path.trim() === path);
  const loadAxisIgnored = loadIgnored(base) && axisOn(LOAD_PATH) && !axisOn('sim.mode');
  // The server's error is about the axes it was given: once they change it no longer applies.
  const changeAxes = (next: Axis[]) => {
    setAxes(next);
    setError(null);
  };
  const setAxis = (i: number, patch: Partial<Axis>) => changeAxes(axes.map((a, j) => (j === i ? { ...a, ...patch } : a)));

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, Json[]> = {};
      axes.forEach((a, i) => {
        const p = parsed[i];
        if (p.ok) body[a.path.trim()] = p.values;
      });
      await submitSweep({ name, base, axes: body });
    } catch (e) {
      setError(e instanceof InvalidConfig ? e.error : e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <main className="page">
      <h2>New sweep</h2>
      <div className="note" data-testid="sweep-base">
        Base config (<a href={`/#${encodeConfig(base)}`}>edit it in Explore</a>); every point is this config with the axis values set:
        {baseLines
          ? <dl className="summary">{baseLines.map(([k, v]) => <div key={k}><dt>{k}</dt><dd data-testid={`sweep-base-${k}`}>{v}</dd></div>)}</dl>
          : baseRun.error ? <ErrorNote error={baseRun.error} testId="sweep-base-error" /> : ' …'}
      </div>
      <div className="field">
        <label htmlFor="sweep-name">Name</label>
        <input id="sweep-name" value={name} onChange={(e) => setTypedName(e.target.value)} />
      </div>
      <TableScroll label="sweep axes">
      <table className="axes">
        <thead>
          <tr><th>config field</th><th>values (a,b,c · from..to *factor · from..to +step · arrays: [5,5,5]; [7,7,7])</th><th>count</th><th /></tr>
        </thead>
        <tbody>
          {axes.map((a, i) => (
            <tr key={i}>
              <td>
                <input list="sweep-paths" aria-label={`axis ${i + 1} field`} value={a.path} data-axis-path={i}
                  onChange={(e) => setAxis(i, { path: e.target.value })} aria-invalid={pathError(a.path) ? true : undefined} />
                {pathError(a.path) && <div className="field-error" role="alert" data-testid={`axis-path-error-${i}`}>{pathError(a.path)}</div>}
              </td>
              <td>
                <input aria-label={`axis ${i + 1} values`} value={a.text} data-axis-values={i}
                  onChange={(e) => setAxis(i, { text: e.target.value })} aria-invalid={axisError(i) ? true : undefined} />
                {axisError(i) && <ErrorNote error={axisError(i)!} testId={`axis-error-${i}`} />}
              </td>
              <td>{parsed[i].ok ? `${parsed[i].values.length} values` : '—'}</td>
              <td><button type="button" onClick={() => changeAxes(axes.filter((_, j) => j !== i))} aria-label={`remove axis ${i + 1}`}>×</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      </TableScroll>
      <datalist id="sweep-paths">
        {axisPaths.map((p) => <option key={p} value={p} />)}
      </datalist>
      <p>
        <button type="button" onClick={() => changeAxes([...axes, { path: 'seed', text: '1..4 +1' }])}>Add axis</button>
      </p>
      <p data-testid="sweep-point-count">
        {!defaulted ? "reading the core's fields…" : count !== null ? `${formatCount(count)} points` : axes.length === 0 ? 'add an axis' : 'fix the axes above (each field once)'}
      </p>
      {grid && failing === undefined && count !== null && count > 0 && (
        <p className="note" data-testid="sweep-checking">checking the {formatCount(count)} points with the core…</p>
      )}
      {failing && (
        <div className="field-error" role="alert" data-testid="sweep-point-error">
          {pointName(failing)} is refused: <code>{failing.error.field}</code>: {failing.error.message}<Allowed error={failing.error} />
        </div>
      )}
      {checked && count !== null && count > 0 && baseRun.prepared && (
        <p className="note" data-testid="sweep-eta">
          {(() => {
            const [fast, slow] = sweepSeconds(baseRun.prepared.summary, count);
            return `about ${formatSeconds(fast)} – ${formatSeconds(slow)} of worker time (${workPerPoint(baseRun.prepared.summary)} per point of the base config's size; divided among the running workers)`;
          })()}
        </p>
      )}
      {loadAxisIgnored && (
        <p className="note warn" data-testid="sweep-load-ignored">
          The base config has <code>sim.mode: "{String(base.sim?.mode)}"</code>, which bisects the offered load itself: every value of{' '}
          <code>traffic.injection.load</code> gives the same run. Set <code>sim.mode</code> to <code>latency</code> in Explore to draw a
          latency-load curve point by point.
        </p>
      )}
      {error && <ErrorNote error={error} testId="sweep-error" />}
      <button type="button" className="primary" disabled={!ok || !checked || busy || count === 0} onClick={submit}>
        Submit sweep to the server
      </button>
      <PastSweeps />
    </main>
  );
}
