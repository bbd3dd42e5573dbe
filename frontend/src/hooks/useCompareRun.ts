import { useCallback, useEffect, useState } from 'react';
import type { Config, SimResult } from '../config/types';
import { variantConfigs, type Example } from '../config/examples';
import type { useWasmRun } from './useWasmRun';

export interface CompareRun {
  example: Example;
  variants: Array<{ variant: string; config: Config }>;
  results: SimResult[]; // of the first variants, in order; complete when as long as `variants`
  startedAt: number; // ms, when Run started the first variant
  finishedAt?: number; // ms, when the last variant's result came: the comparison's whole time
}

// A compare example run in the browser: its variants one after another through the ordinary
// worker run (so progress and Cancel are the single run's); each finished run starts the next.
export function useCompareRun(wasm: ReturnType<typeof useWasmRun>) {
  const [run, setRun] = useState<CompareRun | null>(null);
  const { state, start: startRun } = wasm;

  const start = useCallback((example: Example) => {
    const variants = variantConfigs(example);
    setRun({ example, variants, results: [], startedAt: Date.now() });
    startRun(variants[0].config);
  }, [startRun]);
  const clear = useCallback(() => setRun(null), []);

  useEffect(() => {
    if (!run || state.phase !== 'done') return;
    const next = run.results.length;
    // Only the result of the variant this comparison is waiting for (not a restarted run's).
    if (state.config !== run.variants[next]?.config) return;
    const last = next + 1 === run.variants.length;
    setRun({ ...run, results: [...run.results, state.result], ...(last ? { finishedAt: Date.now() } : {}) });
    if (!last) startRun(run.variants[next + 1].config);
  }, [run, state, startRun]);

  return { run, start, clear };
}
