import type { Config } from '../config/types';
import { EXAMPLES, exampleFor, type Example } from '../config/examples';
import { sharedCore } from '../core/client';
import { useKeyedAnswer } from './useKeyedAnswer';

// The core's id (the content hash of the normalized config) of every example with published
// values, asked once per page (a few milliseconds of prepare() each); asked again after a failure.
let published: Promise<Map<string, Example>> | null = null;
function publishedById(): Promise<Map<string, Example>> {
  published ??= Promise.all(EXAMPLES.filter((e) => e.published?.length).map((e) => sharedCore().call('prepare', e.config)
    .then((a) => (a.outcome.kind === 'prepared' ? [[a.outcome.prepared.id, e] as const] : []))))
    .then((pairs) => new Map(pairs.flat()))
    .catch((err: unknown) => {
      published = null;
      throw err;
    });
  return published;
}

// The example a run's config is: by its text (the form's config, a browser run's), else by the
// run's config id (`id`), since a server's result carries the config it normalized, every
// default written out, which no example's text equals.
export function useExampleOf(config: Config, id?: string): Example | undefined {
  const byText = exampleFor(config);
  const lookUp = !byText && id ? id : '';
  const byId = useKeyedAnswer(lookUp, () => (lookUp ? publishedById().then((m) => m.get(lookUp)) : Promise.resolve(undefined)));
  return byText ?? byId;
}
