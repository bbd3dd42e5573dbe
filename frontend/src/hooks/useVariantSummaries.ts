import { useEffect, useState } from 'react';
import type { RunSummary } from '../config/types';
import { sharedCore } from '../core/client';
import { variantConfigs, type Example } from '../config/examples';

// The core's prepare() summary of each variant a compare example runs (in the page's shared
// worker), in the order of `compare.values`: what Run will cost is all of them, not the form's
// one config. null without an example, until every variant has answered, or if one is invalid.
export function useVariantSummaries(example: Example | undefined): RunSummary[] | null {
  const variants = example ? variantConfigs(example) : [];
  const key = JSON.stringify(variants);
  const [answer, setAnswer] = useState<{ key: string; summaries: RunSummary[] | null } | null>(null);
  useEffect(() => {
    if (variants.length === 0) return;
    let live = true;
    Promise.all(variants.map((v) => sharedCore().call('prepare', v.config)))
      .then((answers) => {
        if (!live) return;
        const summaries = answers.map((a) => (a.outcome.kind === 'prepared' ? a.outcome.prepared.summary : null));
        setAnswer({ key, summaries: summaries.every((s) => s !== null) ? summaries as RunSummary[] : null });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Keyed on the JSON text: the same variants re-derived on every render need no new prepare.
  }, [key]);
  return answer?.key === key ? answer.summaries : null;
}
