import { useEffect, useState } from 'react';
import type { Config } from '../config/types';
import { sharedCore } from '../core/client';

// The configs as the core normalizes them for the experiment id (every field, defaults filled
// in), so a browser run's config (as typed) and a server experiment's (stored normalized)
// compare field by field. A config the core rejects stays as it is. null until the core answers.
export function useNormalizedConfigs(configs: Config[]): Config[] | null {
  const key = JSON.stringify(configs);
  const [answer, setAnswer] = useState<{ key: string; configs: Config[] } | null>(null);
  useEffect(() => {
    const w = sharedCore();
    let live = true;
    Promise.all(configs.map((c) => w.call('normalize', c).then((a) => (a.outcome.kind === 'normalized' ? a.outcome.config : c))))
      .then((out) => live && setAnswer({ key, configs: out }), () => live && setAnswer({ key, configs }));
    return () => {
      live = false;
    };
    // Keyed on the JSON text: equal configs in new objects need no second round.
  }, [key]);
  return answer?.key === key ? answer.configs : null;
}
