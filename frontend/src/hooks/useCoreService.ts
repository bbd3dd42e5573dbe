import { useEffect, useRef, useState } from 'react';
import type { Config, FieldError, Prepared } from '../config/types';
import { CoreWorker } from '../core/client';

// A long-lived worker for cheap calls (prepare, engine version); prepare() runs there so even a
// slow one can never block typing. It answers either the error naming the field or what the run
// will be (summary: sizes, look-ups, memory; topology: the shape to draw before a run).
export function useCoreService(config: Config) {
  const worker = useRef<CoreWorker | null>(null);
  const [engineVersion, setEngineVersion] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ key: string; error: FieldError | null; prepared: Prepared | null } | null>(null);

  useEffect(() => {
    const w = new CoreWorker();
    worker.current = w;
    w.call('engineVersion')
      .then((a) => a.outcome.kind === 'value' && setEngineVersion(String(a.outcome.value)))
      .catch((e: Error) => setLoadError(e.message));
    return () => w.terminate();
  }, []);

  const key = JSON.stringify(config);
  useEffect(() => {
    let live = true;
    // Short debounce: one prepare per pause in typing.
    const t = setTimeout(() => {
      worker.current
        ?.call('prepare', config)
        .then((a) => {
          if (!live) return;
          const o = a.outcome;
          setAnswer({ key, error: o.kind === 'invalid' ? o.error : null, prepared: o.kind === 'prepared' ? o.prepared : null });
        })
        .catch(() => undefined);
    }, 120);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // Keyed on the JSON text: a new but equal config object needs no new prepare.
  }, [key]);

  // Answers for an older config are kept for display (no flicker) but never count as validated.
  return {
    engineVersion,
    loadError,
    error: answer?.error ?? null,
    prepared: answer?.prepared ?? null,
    validated: answer?.key === key,
  };
}
