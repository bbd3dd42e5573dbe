import type { Config } from '../config/types';
import { EXAMPLES, publishedConfigs, publishedExampleFor, type Example } from '../config/examples';
import { sharedCore } from '../core/client';
import { useKeyedAnswer } from './useKeyedAnswer';

// A run that published values describe: their example, and the run's config as the catalogue
// writes it (the example's, or it with one value's `when` changes).
interface PublishedMatch {
  example: Example;
  config: Config;
}

// The core's id (the content hash of the normalized config) of every config that published values
// describe, asked once per page (a few milliseconds of prepare() each); asked again after a failure.
let published: Promise<Map<string, PublishedMatch>> | null = null;
function publishedById(): Promise<Map<string, PublishedMatch>> {
  published ??= Promise.all(EXAMPLES.filter((e) => e.published?.length).flatMap((example) => publishedConfigs(example).map((config) =>
    sharedCore().call('prepare', config)
      .then((a) => (a.outcome.kind === 'prepared' ? [[a.outcome.prepared.id, { example, config }] as const] : [])))))
    .then((pairs) => new Map(pairs.flat()))
    .catch((err: unknown) => {
      published = null;
      throw err;
    });
  return published;
}

// The published values a run's config is described by: by its text (the form's config, a browser
// run's), else by the run's config id (`id`), since a server's result carries the config it
// normalized, every default written out, which no example's text equals.
export function useExampleOf(config: Config, id?: string): PublishedMatch | undefined {
  const example = publishedExampleFor(config);
  const lookUp = !example && id ? id : '';
  const byId = useKeyedAnswer(lookUp, () => (lookUp ? publishedById().then((m) => m.get(lookUp)) : Promise.resolve(undefined)));
  return example ? { example, config } : byId;
}
