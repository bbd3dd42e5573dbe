import { useCallback, useEffect, useRef, useState } from 'react';
import type { Config, SimResult } from '../config/types';
import type { AppSection } from '../lib/charts/appChart';
import { sharedCore } from '../core/client';
import { simulatedBy } from '../engines/describe';
import {
  cancelExperiment, experimentPresence, submitExperiment, waitForExperiment, type Experiment, type RunProgress,
} from '../api/client';

// The server's run of the same system on its twin engine, the one the core describes as
// simulating this engine's system by other means (x-engines `twin_of`: SimGrid SMPI for the time
// model): that config has its own experiment id (the core's prepare() gives it). A finished run
// under that id is shown beside this result's numbers; when the server has none, `replay` submits
// it (a worker replays the skeletons) and the numbers appear when it is done; while it runs,
// `progress` counts its replays and `cancel` stops it. No twin or no server: status "offline",
// nothing shown.
type TwinRunStatus = 'offline' | 'absent' | 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

interface TwinRun {
  section: AppSection | null;
  status: TwinRunStatus;
  progress: RunProgress | null;
  replay: () => void;
  cancel: () => void;
}

export function useTwinRun(config: Config, result: SimResult): TwinRun {
  const [section, setSection] = useState<AppSection | null>(null);
  const [status, setStatus] = useState<TwinRunStatus>('offline');
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const twinConfig = useRef<Config | null>(null);
  const twinId = useRef<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const key = JSON.stringify(config);
  const simulator = simulatedBy(result.engine.name);
  const isModel = simulator !== undefined;

  const follow = useCallback((e: Experiment) => {
    if (abort.current?.signal.aborted) return;
    setStatus(e.status);
    setProgress(e.progress ?? null);
    if (e.status === 'done' && e.result?.app) setSection(e.result.app as unknown as AppSection);
  }, []);

  useEffect(() => {
    setSection(null);
    setStatus('offline');
    setProgress(null);
    twinConfig.current = null;
    twinId.current = null;
    if (!isModel) return undefined;
    const ctl = new AbortController();
    abort.current = ctl;
    sharedCore().call('prepare', { ...config, engine: simulator as Config['engine'] })
      .then(async (a) => {
        if (a.outcome.kind !== 'prepared' || ctl.signal.aborted) return; // beyond the twin's limits
        const { id, config: normalized } = a.outcome.prepared;
        twinConfig.current = normalized;
        twinId.current = id;
        try {
          if ((await experimentPresence(id)) === 'absent') {
            if (!ctl.signal.aborted) setStatus('absent');
            return;
          }
          await waitForExperiment(id, follow, ctl.signal); // a finished run at once, or follows one under way
        } catch {
          // no server (or aborted): nothing to show
        }
      })
      .catch(() => undefined);
    return () => ctl.abort();
  }, [key, isModel, simulator, follow]); // keyed on the JSON text, like useCoreService

  const replay = useCallback(() => {
    const cfg = twinConfig.current;
    const ctl = abort.current;
    if (!cfg || !ctl) return;
    setStatus('queued');
    setProgress(null);
    submitExperiment(cfg)
      .then(({ id }) => waitForExperiment(id, follow, ctl.signal))
      .catch(() => !ctl.signal.aborted && setStatus('failed'));
  }, [follow]);

  // The answer is the run's state (cancelled, or how it finished meanwhile); the poll ends on it.
  const cancel = useCallback(() => {
    const id = twinId.current;
    if (!id) return;
    cancelExperiment(id).then(follow).catch(() => undefined);
  }, [follow]);

  return { section, status, progress, replay, cancel };
}
