import { useCallback, useEffect, useState } from 'react';
import type { Config } from '../config/types';
import { DEFAULT_CONFIG } from '../config/form';
import { ConfigForm } from '../components/ConfigForm';
import { JsonEditor } from '../components/JsonEditor';
import { PresetPicker } from '../components/PresetPicker';
import { RunControls } from '../components/RunControls';
import { ServerStatus } from '../components/ServerStatus';
import { ResultPanel } from '../components/ResultPanel';
import { Agreement } from '../components/Agreement';
import { ShareButton } from '../components/ShareButton';
import { PerPortToggle } from '../components/PerPortToggle';
import { useCoreService } from '../hooks/useCoreService';
import { useCoreSchemas } from '../hooks/useCoreSchemas';
import { TopologyView } from '../components/TopologyView';
import { useWasmRun } from '../hooks/useWasmRun';
import { useServerRun } from '../hooks/useServerRun';
import { decodeConfig, encodeConfig, NEW_SWEEP_URL, shareUrl } from '../lib/share';

export function ExploreView({ onEngineVersion }: { onEngineVersion: (v: string | null) => void }) {
  const [config, setConfig] = useState<Config>(() => decodeConfig(window.location.hash) ?? DEFAULT_CONFIG);
  const [tab, setTab] = useState<'form' | 'json'>('form');
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
  const server = useServerRun();

  useEffect(() => onEngineVersion(core.engineVersion), [core.engineVersion, onEngineVersion]);
  // The fragment always holds the current config, so the address bar is a working share link.
  useEffect(() => {
    window.history.replaceState(null, '', `#${encodeConfig(config)}`);
  }, [config]);

  const error = core.error ?? (wasm.state.phase === 'invalid' ? wasm.state.error : null) ??
    (server.state.phase === 'invalid' ? server.state.error : null);
  const canRun = !core.error && core.validated && Object.keys(localErrors).length === 0;
  const serverBusy = server.state.phase === 'submitting' || server.state.phase === 'waiting';

  return (
    <main className="explore">
      <section className="editor" aria-label="Configuration">
        <PresetPicker onPick={setConfig} />
        <div className="tabs" role="tablist">
          <button role="tab" aria-selected={tab === 'form'} onClick={() => setTab('form')}>Form</button>
          <button role="tab" aria-selected={tab === 'json'} onClick={() => setTab('json')}>JSON</button>
          <a className="sweep-link" href={`${NEW_SWEEP_URL}#${encodeConfig(config)}`}>Sweep…</a>
          <ShareButton url={shareUrl(config, window.location.origin)} />
        </div>
        {tab === 'form'
          ? <ConfigForm config={config} schema={schemas?.config ?? null} error={error} onChange={setConfig} onLocalError={onLocalError} />
          : <JsonEditor config={config} error={error} onChange={setConfig} onLocalError={onLocalError} />}
        {(core.loadError ?? schemaError) && <p className="field-error" role="alert">Could not load the WASM core: {core.loadError ?? schemaError}</p>}
        <RunControls state={wasm.state} canRun={canRun} prepared={core.validated ? core.prepared : null}
          onRun={() => wasm.start(config)} onCancel={wasm.cancel} onSubmit={() => server.submit(config)}
          submitting={serverBusy} />
        <PerPortToggle config={config} onChange={setConfig} />
        <ServerStatus state={server.state} onStop={server.stopWatching} />
      </section>
      <section className="results" aria-label="Results">
        {wasm.state.phase === 'done' && server.state.phase === 'done' && server.state.experiment.result && (
          <Agreement wasm={wasm.state.result} server={server.state.experiment.result} />
        )}
        {wasm.state.phase === 'done' && (
          <ResultPanel title="Browser run" source="WASM core in a Web Worker in this browser" prefix="wasm"
            config={wasm.state.config} result={wasm.state.result} />
        )}
        {server.state.phase === 'done' && server.state.experiment.result && (
          <>
            <ResultPanel title="Server run" prefix="server" config={server.state.experiment.config}
              source={`native core on a SwitchLab worker, experiment ${server.state.experiment.id.slice(0, 12)}…`}
              result={server.state.experiment.result} detailed={wasm.state.phase !== 'done'} />
            <p className="note">
              Stored at <a href={`/e/${server.state.experiment.id}`} data-testid="experiment-link">/e/{server.state.experiment.id.slice(0, 12)}…</a>{' '}
              <ShareButton url={`${window.location.origin}/e/${server.state.experiment.id}`} label="Copy experiment link" />
            </p>
          </>
        )}
        {wasm.state.phase !== 'done' && server.state.phase !== 'done' && (
          <>
            <p className="note placeholder">Run the config in the browser or submit it to the server to see hit rates, misses and latency.</p>
            {core.prepared && <TopologyView topology={core.prepared.topology} />}
          </>
        )}
      </section>
    </main>
  );
}
