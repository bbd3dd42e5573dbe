import { useCallback, useEffect, useRef, useState } from 'react';
import type { Config, FieldError } from '../config/types';
import {
  cancelExperiment, InvalidConfig, submitExperiment, waitForExperiment, type Experiment, type RunProgress, type SweepRequest,
} from '../api/client';
import { submitSweep as startSweep } from '../lib/sweeps/submitSweep';

export type ServerRunState =
  | { phase: 'idle' }
  | { phase: 'submitting'; config: Config }
  | { phase: 'waiting'; id: string; status: string; progress: RunProgress | null; config: Config }
  | { phase: 'done'; experiment: Experiment }
  | { phase: 'cancelled'; id: string; progress: RunProgress | null }
  | { phase: 'invalid'; error: FieldError }
  | { phase: 'failed'; message: string; id?: string };

// A rejected config names its field; any other error is a failed run.
const failed = (e: unknown, id?: string): ServerRunState => (e instanceof InvalidConfig
  ? { phase: 'invalid', error: e.error }
  : { phase: 'failed', id, message: e instanceof Error ? e.message : String(e) });

// The state a finished (done, failed or cancelled) experiment leaves.
export function finishedState(exp: Experiment): ServerRunState {
  if (exp.status === 'done' && exp.result) return { phase: 'done', experiment: exp };
  if (exp.status === 'cancelled') return { phase: 'cancelled', id: exp.id, progress: exp.progress ?? null };
  return { phase: 'failed', id: exp.id, message: `the server run failed: ${JSON.stringify(exp.error)}` };
}

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
        if (!abort.signal.aborted) setState({ phase: 'waiting', id: e.id, status: e.status, progress: e.progress ?? null, config });
      }, abort.signal);
      if (!abort.signal.aborted) setState(finishedState(exp));
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
  // Cancels the run on the server; its answer is the final state (a run that finished meanwhile
  // is shown as it finished).
  const cancel = useCallback(async (id: string) => {
    abortRef.current?.abort();
    try {
      setState(finishedState(await cancelExperiment(id)));
    } catch (e) {
      setState(failed(e, id));
    }
  }, []);
  useEffect(() => () => abortRef.current?.abort(), []);
  return { state, submit, submitSweep, stopWatching, cancel };
}
