import { useEffect, useRef, useState } from 'react';
import type { Config, FieldError } from '../config/types';
import { CoreWorker } from '../core/client';
import type { SchemaNode } from '../config/schema';

// A long-lived worker for cheap calls (validate, engine version); validation runs there too so
// even a slow validate can never block typing.
export function useCoreService(config: Config) {
  const worker = useRef<CoreWorker | null>(null);
  const [engineVersion, setEngineVersion] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [schema, setSchema] = useState<SchemaNode | null>(null);
  const [error, setError] = useState<FieldError | null>(null);
  const [validatedFor, setValidatedFor] = useState<string | null>(null);

  useEffect(() => {
    const w = new CoreWorker();
    worker.current = w;
    w.call('engineVersion')
      .then((a) => a.outcome.kind === 'value' && setEngineVersion(String(a.outcome.value)))
      .catch((e: Error) => setLoadError(e.message));
    w.call('schema')
      .then((a) => a.outcome.kind === 'value' && a.outcome.value && setSchema(a.outcome.value as SchemaNode))
      .catch(() => undefined); // the static field table stays in use
    return () => w.terminate();
  }, []);

  const key = JSON.stringify(config);
  useEffect(() => {
    let live = true;
    // Short debounce: one validate per pause in typing.
    const t = setTimeout(() => {
      worker.current
        ?.call('validate', config)
        .then((a) => {
          if (!live) return;
          setError(a.outcome.kind === 'invalid' ? a.outcome.error : null);
          setValidatedFor(key);
        })
        .catch(() => undefined);
    }, 120);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // Keyed on the JSON text: a new but equal config object needs no new validation.
  }, [key]);

  return { engineVersion, loadError, schema, error, validated: validatedFor === key };
}
