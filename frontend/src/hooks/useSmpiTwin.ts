import { useEffect, useState } from 'react';
import type { Config, SimResult } from '../config/types';
import type { AppSection } from '../lib/appChart';
import { CoreWorker } from '../core/client';
import { getExperiment } from '../api/client';

// The SimGrid SMPI result of the same system, when the server has one: the config with engine
// "smpi" has its own experiment id (the core's prepare() gives it), and a finished run under that
// id is shown beside the time model's numbers. Nothing is submitted.
export function useSmpiTwin(config: Config, result: SimResult): AppSection | null {
  const [twin, setTwin] = useState<AppSection | null>(null);
  const key = JSON.stringify(config);
  const isModel = result.engine.name === 'app';
  useEffect(() => {
    setTwin(null);
    if (!isModel) return undefined;
    let live = true;
    const w = new CoreWorker();
    w.call('prepare', { ...config, engine: 'smpi' })
      .then((a) => (a.outcome.kind === 'prepared' ? getExperiment(a.outcome.prepared.id) : null))
      .then((e) => {
        if (live && e?.status === 'done' && e.result?.app) setTwin(e.result.app as unknown as AppSection);
      })
      .catch(() => undefined) // no server, or no SMPI run of this system: nothing to show
      .finally(() => w.terminate());
    return () => {
      live = false;
      w.terminate();
    };
  }, [key, isModel]); // keyed on the JSON text, like useCoreService
  return twin;
}
