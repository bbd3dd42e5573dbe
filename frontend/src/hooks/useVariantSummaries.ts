import type { RunSummary } from '../config/types';
import { sharedCore } from '../core/client';
import { variantConfigs, type Example } from '../config/examples';
import { useKeyedAnswer } from './useKeyedAnswer';

// The core's prepare() summary of each variant a compare example runs (in the page's shared
// worker), in the order of `compare.values`: what Run will cost is all of them, not the form's
// one config. null without an example, until every variant has answered, or if one is invalid.
export function useVariantSummaries(example: Example | undefined): RunSummary[] | null {
  const variants = example ? variantConfigs(example) : [];
  const summaries = useKeyedAnswer(JSON.stringify(variants), async () => {
    if (variants.length === 0) return null;
    const answers = await Promise.all(variants.map((v) => sharedCore().call('prepare', v.config)));
    const each = answers.map((a) => (a.outcome.kind === 'prepared' ? a.outcome.prepared.summary : null));
    return each.every((s) => s !== null) ? each as RunSummary[] : null;
  });
  return summaries ?? null;
}
