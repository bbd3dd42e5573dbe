import { useCallback, useEffect, useRef, useState } from 'react';
import type { Config, FieldError } from '../config/types';
import { InvalidConfig, submitExperiment, waitForExperiment, type Experiment, type SweepRequest } from '../api/client';
import { submitSweep as startSweep } from '../lib/submitSweep';

export type ServerRunState =
  | { phase: 'idle' }
  | { phase: 'submitting'; config: Config }
  | { phase: 'waiting'; id: string; status: string; config: Config }
  | { phase: 'done'; experiment: Experiment }
  | { phase: 'invalid'; error: FieldError }
  | { phase: 'failed'; message: string; id?: string };

// A rejected config names its field; any other error is a failed run.
const failed = (e: unknown, id?: string): ServerRunState => (e instanceof InvalidConfig
  ? { phase: 'invalid', error: e.error }
  : { phase: 'failed', id, message: e instanceof Error ? e.message : String(e) });

export function useServerRun() {
  const [state, setState] = useState<ServerRunState>({ phase: 'idle' });
  const abortRef = useRef<AbortController | null>(null);

  const submit = useCallback(async (config: Config) => {
    abortRef.current?.abort();
    const abort = new AbortController();
    abortRef.current = abort;
    setState({ phase: 'submitting', config });
    let id: string | undefined;
    try {
      id = (await submitExperiment(config)).id;
      const exp = await waitForExperiment(id, (e) => {
        if (!abort.signal.aborted) setState({ phase: 'waiting', id: e.id, status: e.status, config });
      }, abort.signal);
      if (abort.signal.aborted) return;
      if (exp.status === 'done' && exp.result) setState({ phase: 'done', experiment: exp });
      else setState({ phase: 'failed', id, message: `the server run failed: ${JSON.stringify(exp.error)}` });
    } catch (e) {
      if (!abort.signal.aborted) setState(failed(e, id));
    }
  }, []);

  // Several configs at once (a compare example's variants) go as a sweep, whose page then opens.
  const submitSweep = useCallback(async (body: SweepRequest) => {
    abortRef.current?.abort();
    setState({ phase: 'submitting', config: body.base });
    try {
      await startSweep(body);
    } catch (e) {
      setState(failed(e));
    }
  }, []);

  // Stops watching (the server keeps the experiment; it can be opened later at /e/{id}).
  const stopWatching = useCallback(() => {
    abortRef.current?.abort();
    setState({ phase: 'idle' });
  }, []);
  useEffect(() => () => abortRef.current?.abort(), []);
  return { state, submit, submitSweep, stopWatching };
}
