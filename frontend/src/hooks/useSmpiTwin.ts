import { useCallback, useEffect, useRef, useState } from 'react';
import type { Config, SimResult } from '../config/types';
import type { AppSection } from '../lib/appChart';
import { sharedCore } from '../core/client';
import { experimentPresence, submitExperiment, waitForExperiment, type Experiment } from '../api/client';

// The SimGrid SMPI run of the same system on the server: the config with engine "smpi" has its
// own experiment id (the core's prepare() gives it). A finished run under that id is shown beside
// the time model's numbers; when the server has none, `replay` submits it (a worker replays the
// skeletons) and the numbers appear when it is done. No server: status "offline", nothing shown.
export type SmpiTwinStatus = 'offline' | 'absent' | 'queued' | 'running' | 'done' | 'failed';

export interface SmpiTwin {
  section: AppSection | null;
  status: SmpiTwinStatus;
  replay: () => void;
}

export function useSmpiTwin(config: Config, result: SimResult): SmpiTwin {
  const [section, setSection] = useState<AppSection | null>(null);
  const [status, setStatus] = useState<SmpiTwinStatus>('offline');
  const twinConfig = useRef<Config | null>(null);
  const abort = useRef<AbortController | null>(null);
  const key = JSON.stringify(config);
  const isModel = result.engine.name === 'app';

  const follow = useCallback((e: Experiment) => {
    if (abort.current?.signal.aborted) return;
    setStatus(e.status === 'cancelled' ? 'failed' : e.status);
    if (e.status === 'done' && e.result?.app) setSection(e.result.app as unknown as AppSection);
  }, []);

  useEffect(() => {
    setSection(null);
    setStatus('offline');
    twinConfig.current = null;
    if (!isModel) return undefined;
    const ctl = new AbortController();
    abort.current = ctl;
    sharedCore().call('prepare', { ...config, engine: 'smpi' })
      .then(async (a) => {
        if (a.outcome.kind !== 'prepared' || ctl.signal.aborted) return; // beyond engine smpi's limits
        const { id, config: normalized } = a.outcome.prepared;
        twinConfig.current = normalized;
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
  }, [key, isModel, follow]); // keyed on the JSON text, like useCoreService

  const replay = useCallback(() => {
    const cfg = twinConfig.current;
    const ctl = abort.current;
    if (!cfg || !ctl) return;
    setStatus('queued');
    submitExperiment(cfg)
      .then(({ id }) => waitForExperiment(id, follow, ctl.signal))
      .catch(() => !ctl.signal.aborted && setStatus('failed'));
  }, [follow]);

  return { section, status, replay };
}
