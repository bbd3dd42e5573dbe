import { useCallback, useEffect, useRef, useState } from 'react';
import type { Config, FieldError, SimResult } from '../config/types';
import { Cancelled, runInWorker } from '../core/client';

export type WasmRunState =
  | { phase: 'idle' }
  // unit: what the core counts the run's progress in ("cycles", "packets", ...); "" until it says.
  | { phase: 'running'; startedAt: number; config: Config; fraction: number; unit: string }
  | { phase: 'done'; result: SimResult; config: Config; elapsed_ms: number; threaded: boolean }
  | { phase: 'invalid'; error: FieldError }
  // fraction: how far the run got when it stopped between chunks; null = worker terminated.
  | { phase: 'cancelled'; config: Config; fraction: number | null; unit: string }
  | { phase: 'failed'; message: string };

export function useWasmRun() {
  const [state, setState] = useState<WasmRunState>({ phase: 'idle' });
  const cancelRef = useRef<(() => void) | null>(null);
  // Only the latest run may update the state (an older one can still answer after a restart).
  const runRef = useRef(0);

  const start = useCallback((config: Config) => {
    cancelRef.current?.();
    const token = ++runRef.current;
    const set = (s: WasmRunState | ((p: WasmRunState) => WasmRunState)) => {
      if (runRef.current === token) setState(s);
    };
    const startedAt = performance.now();
    let unit = '';
    const { done, cancel } = runInWorker(config, (p) => {
      unit = p.unit;
      set((s) => (s.phase === 'running' ? { ...s, ...p } : s));
    });
    cancelRef.current = cancel;
    setState({ phase: 'running', startedAt, config, fraction: 0, unit });
    done.then(
      (a) => {
        if (a.outcome.kind === 'result') set({ phase: 'done', result: a.outcome.result, config, elapsed_ms: a.elapsed_ms, threaded: a.threaded });
        else if (a.outcome.kind === 'invalid') set({ phase: 'invalid', error: a.outcome.error });
        else if (a.outcome.kind === 'cancelled') set({ phase: 'cancelled', config, fraction: a.outcome.fraction, unit });
      },
      (e: Error) => set(e instanceof Cancelled ? { phase: 'cancelled', config, fraction: null, unit } : { phase: 'failed', message: e.message }),
    );
  }, []);

  const cancel = useCallback(() => cancelRef.current?.(), []);
  useEffect(() => () => cancelRef.current?.(), []);
  return { state, start, cancel };
}

// Re-renders every `ms` while `active`, for elapsed-time displays. Returns the time of the render
// itself: a clock kept in state would still hold its pre-run value on a run's first render, and
// the elapsed time would read negative until the first tick.
export function useTicker(active: boolean, ms = 100): number {
  const [, setTicks] = useState(0);
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setTicks((n) => n + 1), ms);
    return () => clearInterval(t);
  }, [active, ms]);
  return performance.now();
}
