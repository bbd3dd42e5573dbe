import { createContext, useContext, useEffect, useState } from 'react';
import { sharedCore } from '../core/client';
import type { SchemaNode } from '../config/schema';
import { enginesOf, setEngines } from '../engines/describe';
import { NO_UNITS, Units, type ResultsSchemaNode } from '../lib/numbers/units';

export interface CoreSchemas {
  config: SchemaNode;
  results: ResultsSchemaNode;
}

// The core's config and results schemas, asked once per page from the page's shared worker.
let loading: Promise<CoreSchemas> | null = null;

function loadSchemas(): Promise<CoreSchemas> {
  loading ??= (async () => {
    const w = sharedCore();
    const value = async (m: 'schema' | 'resultsSchema') => {
      const a = await w.call(m);
      if (a.outcome.kind !== 'value') throw new Error(`core ${m}() gave no schema`);
      return a.outcome.value;
    };
    const config = (await value('schema')) as SchemaNode;
    setEngines(enginesOf(config));  // what the explorer's lib code says about engines comes from the core
    return { config, results: (await value('resultsSchema')) as ResultsSchemaNode };
  })();
  return loading;
}

export function useCoreSchemas(): { schemas: CoreSchemas | null; error: string | null } {
  const [schemas, setSchemas] = useState<CoreSchemas | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadSchemas().then((s) => live && setSchemas(s), (e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, []);
  return { schemas, error };
}

// Units of result numbers for every component below the provider (App sets it from the core).
export const UnitsContext = createContext<Units>(NO_UNITS);
export const useUnits = () => useContext(UnitsContext);
