import type { Config } from '../config/types';
import { sharedCore } from '../core/client';
import { useKeyedAnswer } from './useKeyedAnswer';

// The configs as the core normalizes them for the experiment id (every field, defaults filled
// in), so a browser run's config (as typed) and a server experiment's (stored normalized)
// compare field by field. A config the core rejects stays as it is. null until the core answers.
export function useNormalizedConfigs(configs: Config[]): Config[] | null {
  const normalized = useKeyedAnswer(JSON.stringify(configs), () => {
    const w = sharedCore();
    return Promise.all(configs.map((c) => w.call('normalize', c).then((a) => (a.outcome.kind === 'normalized' ? a.outcome.config : c))))
      .catch(() => configs);
  });
  return normalized ?? null;
}
