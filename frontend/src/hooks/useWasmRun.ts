import { useCallback, useEffect, useRef, useState } from 'react';
import type { Config, FieldError, SimResult } from '../config/types';
import { Cancelled, runInWorker } from '../core/client';

export type WasmRunState =
  | { phase: 'idle' }
  | { phase: 'running'; startedAt: number; config: Config }
  | { phase: 'done'; result: SimResult; config: Config; elapsed_ms: number }
  | { phase: 'invalid'; error: FieldError }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

export function useWasmRun() {
  const [state, setState] = useState<WasmRunState>({ phase: 'idle' });
  const cancelRef = useRef<(() => void) | null>(null);

  const start = useCallback((config: Config) => {
    cancelRef.current?.();
    const { done, cancel } = runInWorker(config);
    cancelRef.current = cancel;
    setState({ phase: 'running', startedAt: performance.now(), config });
    done.then(
      (a) => {
        if (a.outcome.kind === 'result') setState({ phase: 'done', result: a.outcome.result, config, elapsed_ms: a.elapsed_ms });
        else if (a.outcome.kind === 'invalid') setState({ phase: 'invalid', error: a.outcome.error });
      },
      (e: Error) => setState(e instanceof Cancelled ? { phase: 'cancelled' } : { phase: 'failed', message: e.message }),
    );
  }, []);

  const cancel = useCallback(() => cancelRef.current?.(), []);
  useEffect(() => () => cancelRef.current?.(), []);
  return { state, start, cancel };
}

// Re-renders every `ms` while `active`, for elapsed-time displays.
export function useTicker(active: boolean, ms = 100): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(performance.now()), ms);
    return () => clearInterval(t);
  }, [active, ms]);
  return now;
}
