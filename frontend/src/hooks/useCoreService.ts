import { useEffect, useState } from 'react';
import type { Config, FieldError, Prepared } from '../config/types';
import { sharedCore } from '../core/client';
import { knownTrace, traceIdOf, useTraceGeneration } from '../core/traces';

// Cheap calls (prepare, engine version) in the page's shared worker; prepare() runs there so even
// a slow one can never block typing. It answers either the error naming the field or what the run
// will be (summary: sizes, look-ups, memory; topology: the shape to draw before a run).
export function useCoreService(config: Config) {
  const [engineVersion, setEngineVersion] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ key: string; error: FieldError | null; prepared: Prepared | null } | null>(null);

  useEffect(() => {
    let live = true;
    sharedCore().call('engineVersion')
      .then((a) => live && a.outcome.kind === 'value' && setEngineVersion(String(a.outcome.value)))
      .catch((e: Error) => live && setLoadError(e.message));
    return () => {
      live = false;
    };
  }, []);

  const key = JSON.stringify(config);
  // A config naming a trace is validated again once this page has loaded the trace (core/traces.ts).
  useTraceGeneration();
  const traceLoaded = !!knownTrace(traceIdOf(config));
  useEffect(() => {
    let live = true;
    // Short debounce: one prepare per pause in typing.
    const t = setTimeout(() => {
      sharedCore()
        .call('prepare', config)
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
  }, [key, traceLoaded]); // eslint-disable-line react-hooks/exhaustive-deps

  // Answers for an older config are kept for display (no flicker) but never count as validated.
  return {
    engineVersion,
    loadError,
    error: answer?.error ?? null,
    prepared: answer?.prepared ?? null,
    validated: answer?.key === key,
  };
}
