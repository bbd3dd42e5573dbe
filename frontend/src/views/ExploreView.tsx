import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Config, Prepared, SimResult } from '../config/types';
import { canonical, compareSweep, exampleFor, START_EXAMPLE, startConfig } from '../config/examples';
import { ConfigForm } from '../components/ConfigForm';
import { JsonEditor } from '../components/JsonEditor';
import { PresetPicker } from '../components/PresetPicker';
import { BooksimImport } from '../components/BooksimImport';
import { TracePanel } from '../components/TracePanel';
import { RunControls } from '../components/RunControls';
import { RunPreview } from '../components/RunPreview';
import { PublishedPanel } from '../components/PublishedPanel';
import { ServerStatus } from '../components/ServerStatus';
import { ResultPanel } from '../components/ResultPanel';
import { Agreement } from '../components/Agreement';
import { ShareButton } from '../components/ShareButton';
import { PerPortToggle } from '../components/PerPortToggle';
import { HistoryPanel } from '../components/HistoryPanel';
import { useCoreService } from '../hooks/useCoreService';
import { BaselineContext, updateHistory, useHistory, useHistoryBaseline } from '../hooks/useHistory';
import { TopologyView } from '../components/TopologyView';
import { useTopologyDrawing } from '../hooks/useTopologyDrawing';
import { useWasmRun } from '../hooks/useWasmRun';
import { useCompareRun } from '../hooks/useCompareRun';
import { useVariantSummaries } from '../hooks/useVariantSummaries';
import { ComparePanel } from '../components/ComparePanel';
import { useServerRun } from '../hooks/useServerRun';
import { addRun, runHeadline, shortName, type HistoryState } from '../lib/runs/history';
import { useCoreSchemas, useUnits } from '../hooks/useCoreSchemas';
import { autoRuns } from '../lib/runs/placement';
import { nextFold, type Fold } from '../lib/runs/fold';
import { getPath } from '../lib/form/path';
import { decodeConfig, encodeConfig, NEW_SWEEP_URL, shareUrl } from '../lib/runs/share';

// Where the page starts: a shared config from the link, else the start example.
function initial(): { config: Config; origin: string | null } {
  const shared = decodeConfig(window.location.hash);
  if (shared) return { config: shared, origin: exampleFor(shared)?.key ?? null };
  return { config: startConfig(), origin: START_EXAMPLE };
}

// The next run's network as the core will build it.
function NextTopology({ prepared, comparedVariants }: { prepared: Prepared; comparedVariants?: number }) {
  const drawing = useTopologyDrawing(prepared.config);
  return <TopologyView drawing={drawing} engine={getPath(prepared.config, 'engine')} comparedVariants={comparedVariants} />;
}

// Where the results stand under the form (one column, styles.css), so a new one is out of view.
const NARROW = '(max-width: 900px)';

interface ResultSlot {
  prefix: 'wasm' | 'server';
  at: number; // when it arrived (ms)
  stale: boolean;
  title: string;
  name: string;
  result: SimResult;
  panel: ReactNode;
}

// Results of the form's config in full, newest first; then the ones it no longer holds, each
// folded to one line (its name and headline) that opens to the whole result.
function Results({ slots }: { slots: ResultSlot[] }) {
  const units = useUnits();
  const stale = slots.filter((x) => x.stale);
  return (
    <>
      {slots.filter((x) => !x.stale).map((x) => <Fragment key={x.prefix}>{x.panel}</Fragment>)}
      {stale.map((x) => (
        <details key={x.prefix} className="folded-result" data-testid={`${x.prefix}-folded`}>
          <summary data-testid={`${x.prefix}-stale`}>
            Out of date ({x.title.toLowerCase()} of another config): {x.name} · {runHeadline(x.result, (p) => units.unitOf(p))}
          </summary>
          {x.panel}
        </details>
      ))}
    </>
  );
}

const nameOf = (h: HistoryState, config: Config, result: SimResult) =>
  h.entries.find((e) => e.id === result.config_hash)?.name ?? shortName(config);

export function ExploreView({ onEngineVersion }: { onEngineVersion: (v: string | null) => void }) {
  const [start] = useState(initial);
  const [config, setConfig] = useState<Config>(start.config);
  const [origin, setOrigin] = useState<string | null>(start.origin);
  const [tab, setTab] = useState<'form' | 'json'>('form');
  // Form asked for while the JSON text does not parse: the form would show the last valid config,
  // not the text, so the user is asked first.
  const [leaveJson, setLeaveJson] = useState(false);
  const core = useCoreService(config);
  const { schemas, error: schemaError } = useCoreSchemas();
  // Inputs whose text does not parse yet: the config holds their last good value, so Run waits.
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const onLocalError = useCallback((key: string, message: string | undefined) => {
    setLocalErrors((e) => {
      if (e[key] === message) return e;
      const next = { ...e };
      if (message === undefined) delete next[key];
      else next[key] = message;
      return next;
    });
  }, []);
  const wasm = useWasmRun();
  const compare = useCompareRun(wasm);
  // The form holds a compare example: Run runs each of its variants.
  const formExample = exampleFor(config);
  const compareExample = formExample?.compare ? formExample : undefined;
  const variantSummaries = useVariantSummaries(compareExample);
  const server = useServerRun();
  const history = useHistory();
  const baseline = useHistoryBaseline();

  useEffect(() => onEngineVersion(core.engineVersion), [core.engineVersion, onEngineVersion]);
  // The fragment always holds the current config, so the address bar is a working share link.
  useEffect(() => {
    window.history.replaceState(null, '', `#${encodeConfig(config)}`);
  }, [config]);

  const error = core.error ?? (wasm.state.phase === 'invalid' ? wasm.state.error : null) ??
    (server.state.phase === 'invalid' ? server.state.error : null);
  const unparsed = Object.keys(localErrors).length > 0;
  const blocked = !!core.error || unparsed;
  const canRun = !blocked && core.validated;
  // What stops a requested run now: text that does not parse, or the core's error on this very
  // config. An error kept from the previous config does not: Enter pressed right after correcting
  // a refused value waits for the core's answer on the new one.
  const refused = unparsed || (core.validated && !!core.error);
  const serverBusy = server.state.phase === 'submitting' || server.state.phase === 'waiting';

  // Every finished run goes into this browser's history (each variant of a comparison too), and
  // its arrival time decides which result stands on top (the newest).
  const [arrived, setArrived] = useState({ wasm: 0, server: 0 });
  const wasmDone = wasm.state.phase === 'done' ? wasm.state : null;
  useEffect(() => {
    if (!wasmDone) return;
    updateHistory((h) => addRun(h, wasmDone.config, wasmDone.result, 'browser', new Date()));
    setArrived((a) => ({ ...a, wasm: Date.now() }));
  }, [wasmDone]);
  // A comparison's runs are shown by its panel, not one by one.
  const wasmResult = compare.run ? null : wasmDone;
  const serverExp = server.state.phase === 'done' ? server.state.experiment : null;
  useEffect(() => {
    if (!serverExp?.result) return;
    updateHistory((h) => addRun(h, serverExp.config, serverExp.result!, 'server', new Date()));
    setArrived((a) => ({ ...a, server: Date.now() }));
  }, [serverExp]);

  // A compare example goes to the server as a sweep over its variants (Run runs them here).
  const comparedSweep = compareExample && compareSweep(compareExample);
  // A run the user asked for (not the first screen's own): on a narrow screen, where the results
  // stand under the form, the page moves to its result when it arrives.
  const followResult = useRef(false);
  const submit = () => {
    followResult.current = true;
    return comparedSweep ? server.submitSweep(comparedSweep) : server.submit(config);
  };

  // Run asked for (button, Enter, Ctrl+Enter) while the config's prepare() is still on its way:
  // it starts as soon as the core has validated this config, and never for an invalid one.
  const [pending, setPending] = useState(false);
  const { start: startCompare, clear: clearCompare } = compare;
  const runForm = useCallback(() => {
    if (compareExample) startCompare(compareExample);
    else {
      clearCompare();
      wasm.start(config);
    }
  }, [compareExample, startCompare, clearCompare, wasm, config]);
  const requestRun = useCallback(() => {
    if (refused) {
      // Point at the field that blocks the run.
      document.querySelector<HTMLElement>('.config-form [aria-invalid="true"], #config-json[aria-invalid="true"]')?.focus();
      return;
    }
    followResult.current = true;
    if (core.validated) runForm();
    else setPending(true);
  }, [refused, core.validated, runForm]);
  useEffect(() => {
    if (!pending) return;
    if (refused) setPending(false);
    else if (core.validated) {
      setPending(false);
      runForm();
    }
  }, [pending, refused, core.validated, runForm]);

  // Ctrl/Cmd+Enter anywhere, or Enter in a form input, runs the form's config in the browser. The
  // listener reads the latest render's requestRun through a ref: a key pressed right after typing
  // must not meet the handler of the previous config.
  const requestRunRef = useRef(requestRun);
  requestRunRef.current = requestRun;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.isComposing || e.altKey || e.shiftKey) return;
      const t = e.target as HTMLElement | null;
      const inField = t instanceof HTMLInputElement && t.type === 'text' && !!t.closest('.config-form');
      if (!(e.ctrlKey || e.metaKey || inField)) return;
      e.preventDefault();
      requestRunRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A first config small enough runs by itself, so the first screen already shows a result.
  const autoRan = useRef(false);
  useEffect(() => {
    if (autoRan.current || !core.validated || core.error || !core.prepared) return;
    autoRan.current = true;
    if (autoRuns(core.prepared.summary) && wasm.state.phase === 'idle') runForm();
  }, [core.validated, core.error, core.prepared, wasm.state.phase, runForm]);

  // A result is stale once the form holds another config, or text that does not parse yet.
  const formKey = Object.keys(localErrors).length > 0 ? null : canonical(config);
  const wasmStale = wasmResult !== null && canonical(wasmResult.config) !== formKey;
  // The server answers with the config it normalized (every default written out), never equal to
  // the form's as text: it is the form's config when the core gives that the same id (its content
  // hash, the experiment's id).
  const formId = formKey !== null && core.validated ? core.prepared?.id : undefined;
  const serverStale = serverExp !== null && serverExp.id !== formId;
  const hasResult = wasmResult !== null || !!serverExp?.result;
  // The next run's preview stands on top until a result of the form's config is there.
  const showPreview = !(wasmResult && !wasmStale) && !(serverExp?.result && !serverStale);
  // What the preview's heading says: what happens to the form's config now.
  // (A run of another config, e.g. the first screen's while a preset is picked, is not this one's.)
  const runningForm = wasm.state.phase === 'running' && (!!compare.run || canonical(wasm.state.config) === formKey);
  const previewState = runningForm ? 'Running in this browser'
    : serverBusy ? 'Running on the server'
    : hasResult ? 'The form now holds' : 'Ready to run';
  const fold = useRef<Fold | null>(null);
  fold.current = nextFold(fold.current, formKey, hasResult);
  const nextDrawing = core.prepared && <NextTopology prepared={core.prepared} comparedVariants={compareExample?.compare?.values.length} />;
  // A config from elsewhere (history, the whole JSON text replaced) is no edit of the last preset:
  // its provenance is the example it equals, if any.
  const load = (cfg: Config) => {
    setConfig(cfg);
    setOrigin(exampleFor(cfg)?.key ?? null);
  };

  // A comparison's run in the status line: the variant running now, and the whole time when done.
  const cr = compare.run;
  const compareStatus = cr ? {
    running: cr.results.length < cr.variants.length
      ? `variant ${cr.results.length + 1} of ${cr.variants.length}: ${cr.variants[cr.results.length].variant}` : null,
    variants: cr.variants.length,
    elapsed_ms: cr.finishedAt !== undefined ? cr.finishedAt - cr.startedAt : null,
  } : undefined;

  // The results, newest first; one whose config the form no longer holds folds to one line.
  const slots: ResultSlot[] = [];
  if (wasmResult) {
    const name = nameOf(history, wasmResult.config, wasmResult.result);
    slots.push({ prefix: 'wasm', at: arrived.wasm, stale: wasmStale, title: 'Browser run', name, result: wasmResult.result,
      panel: <ResultPanel title="Browser run" source="WASM core in a Web Worker in this browser" prefix="wasm"
        config={wasmResult.config} result={wasmResult.result} stale={wasmStale} name={name} onFix={load} /> });
  }
  if (serverExp?.result) {
    const name = nameOf(history, serverExp.config, serverExp.result);
    slots.push({ prefix: 'server', at: arrived.server, stale: serverStale, title: 'Server run', name, result: serverExp.result,
      panel: (
        <>
          <ResultPanel title="Server run" prefix="server" config={serverExp.config} stale={serverStale} name={name} onFix={load}
            source={`native core on a SwitchLab worker, experiment ${serverExp.id.slice(0, 12)}…`} result={serverExp.result} />
          <p className="note">
            Stored at <a href={`/e/${serverExp.id}`} data-testid="experiment-link">/e/{serverExp.id.slice(0, 12)}…</a>{' '}
            <ShareButton url={`${window.location.origin}/e/${serverExp.id}`} label="Copy experiment link" />
          </p>
        </>
      ) });
  }
  slots.sort((a, b) => b.at - a.at);
  const newest = slots.find((x) => !x.stale);
  useEffect(() => {
    if (!followResult.current || !newest) return;
    followResult.current = false;
    if (window.matchMedia(NARROW).matches) document.querySelector(`[data-testid="${newest.prefix}-result"]`)?.scrollIntoView({ block: 'start' });
  }, [newest?.prefix, newest?.at]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <main className="explore">
      <a className="skip-link" href="#results">Skip to results</a>
      <section className="editor" aria-label="Configuration">
        <PresetPicker config={config} origin={origin} onPick={(key, cfg) => {
          setConfig(cfg);
          setOrigin(key);
        }} />
        <div className="run-bar">
          <RunControls state={wasm.state} canRun={canRun} onRun={requestRun} onCancel={wasm.cancel}
            onSubmit={submit} submitting={serverBusy} compare={compareStatus} />
          <ServerStatus state={server.state} onStop={server.stopWatching} onCancel={server.cancel} />
        </div>
        {/* After Run, which stays the first stop after the preset picker. */}
        <BooksimImport onImport={load} />
        <TracePanel config={config} onUse={setConfig} />
        <div className="tabs">
          <div role="tablist" aria-label="Editor" className="tablist">
            <button role="tab" aria-selected={tab === 'form'} onClick={() => (tab === 'json' && localErrors.json ? setLeaveJson(true) : setTab('form'))}>Form</button>
            <button role="tab" aria-selected={tab === 'json'} onClick={() => setTab('json')}>JSON</button>
          </div>
          <a className="sweep-link" href={`${NEW_SWEEP_URL}#${encodeConfig(config)}`}>Sweep…</a>
          <ShareButton url={shareUrl(config, window.location.origin)} />
        </div>
        {leaveJson && tab === 'json' && localErrors.json && (
          <div className="note warn" role="alert" data-testid="leave-json">
            The JSON text does not parse ({localErrors.json}), so the Form would show the last valid config, not this text.{' '}
            <button type="button" onClick={() => setLeaveJson(false)}>Keep editing the JSON</button>{' '}
            <button type="button" onClick={() => {
              setLeaveJson(false);
              setTab('form');
            }}>Discard the text and show the Form</button>
          </div>
        )}
        {tab === 'form'
          ? <ConfigForm config={config} schema={schemas?.config ?? null} error={error} onChange={setConfig} onLocalError={onLocalError} />
          : <JsonEditor config={config} error={error} onLocalError={onLocalError}
            onChange={(cfg, replaced) => (replaced ? load(cfg) : setConfig(cfg))} />}
        {(core.loadError ?? schemaError) && <p className="field-error" role="alert">Could not load the WASM core: {core.loadError ?? schemaError}</p>}
        <PerPortToggle config={config} onChange={setConfig} />
      </section>
      <section className="results" aria-label="Results" id="results" tabIndex={-1}>
        <BaselineContext.Provider value={baseline}>
          {showPreview && (
            <section className="result next-run" aria-label="Next run" data-testid="next-run">
              <h2><span data-testid="next-run-state">{previewState}</span>: <span data-testid="next-run-name">{shortName(config)}</span></h2>
              {/* A comparison's preview waits for all its variants' summaries: the form's alone is one variant's. */}
              {core.prepared && core.validated && (!compareExample || variantSummaries)
                ? <RunPreview prepared={core.prepared} variants={variantSummaries ?? undefined} />
                : <p className="note">{blocked ? 'Fix the highlighted field to see what the run will be.' : 'checking the config with the core…'}</p>}
              {!compareExample && <PublishedPanel config={config} />}
              {nextDrawing && (fold.current.folded
                ? <details className="more"><summary>Topology of the next run</summary>{nextDrawing}</details>
                : nextDrawing)}
            </section>
          )}
          {compareExample && (
            <ComparePanel example={compareExample} running={wasm.state.phase === 'running'}
              run={compare.run?.example === compareExample ? compare.run : null} />
          )}
          {wasmResult && serverExp?.result && <Agreement wasm={wasmResult.result} server={serverExp.result} />}
          <Results slots={slots} />
        </BaselineContext.Provider>
        <HistoryPanel onLoad={load} />
      </section>
    </main>
  );
}
