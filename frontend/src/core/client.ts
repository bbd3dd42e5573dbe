import type { Config } from '../config/types';
import { THREADED_WORKER, type Method, type Outcome, type Request, type Response, type RunProgress } from './protocol';
import { tracesFor } from './traces';

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface Answer {
  outcome: Outcome;
  elapsed_ms: number;
  threaded: boolean;
}

// Promise-based calls into one Web Worker running the core. terminate() kills the worker (the
// only way to stop a synchronous WASM run) and rejects whatever was pending with Cancelled.
export class CoreWorker {
  private worker: Worker;
  // The worker could not load the core (or crashed): it will never answer again.
  failed = false;
  private next = 1;
  // Trace ids whose files this worker's core has been sent (core/traces.ts).
  private traces = new Set<string>();
  private pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void; onProgress?: (p: RunProgress) => void }>();

  // threads: load the threaded build of the core where the page allows it (core/build.ts).
  constructor(threads = false) {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url),
      { type: 'module', name: threads ? THREADED_WORKER : 'switchlab-core' });
    this.worker.onmessage = (ev: MessageEvent<Response>) => {
      const r = ev.data;
      const p = this.pending.get(r.id);
      if (!p) return;
      if ('progress' in r) {
        p.onProgress?.(r.progress);
        return;
      }
      this.pending.delete(r.id);
      if (r.ok) p.resolve({ outcome: r.outcome, elapsed_ms: r.elapsed_ms, threaded: r.threaded });
      else p.reject(new Error(r.message));
    };
    this.worker.onerror = (ev) => {
      this.failed = true;
      const err = new Error(`WASM worker failed: ${ev.message || 'could not load the core'}`);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
  }

  call(method: Method, config?: Config, onProgress?: (progress: RunProgress) => void): Promise<Answer> {
    return this.start(method, config, onProgress).done;
  }

  // A call whose argument is text rather than a config (importBooksim).
  callWithText(method: Method, text: string): Promise<Answer> {
    return this.start(method, undefined, undefined, text).done;
  }

  // Like call(), but also returns the request id (to cancel a run between chunks).
  start(method: Method, config?: Config, onProgress?: (progress: RunProgress) => void,
    text?: string): { id: number; done: Promise<Answer> } {
    const id = this.next++;
    const req: Request = { id, method, config, text, traces: tracesFor(config, this.traces) };
    const done = new Promise<Answer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage(req);
    });
    return { id, done };
  }

  // The worker's core has loaded this trace (a traceLoad call): later requests need not carry it.
  noteTrace(id: string): void {
    this.traces.add(id);
  }

  // Asks the worker to stop request `id` between two chunks (answers with outcome 'cancelled').
  softCancel(id: number): void {
    this.worker.postMessage({ id, method: 'cancel' } satisfies Request);
  }

  terminate(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Cancelled());
    this.pending.clear();
  }
}

// The page's one worker for the short calls (schemas, engine version, prepare, normalize): one
// WASM instantiation per page, not one per hook or per comparison. It is never terminated, and no
// simulation runs in it (runInWorker gives each run its own, which Cancel may kill), so a request
// waits only for those posted before it: the worker answers in arrival order, each synchronously.
// One that failed to load is replaced at the next call.
let shared: CoreWorker | null = null;
export function sharedCore(): CoreWorker {
  if (!shared || shared.failed) shared = new CoreWorker();
  return shared;
}

// If the worker has not stopped this long after a Cancel (a chunk can overrun its ~50 ms, or
// the module is still loading), it is terminated: the hard stop that always works.
export const HARD_STOP_MS = 1000;

// One simulation in its own worker, so cancelling it never disturbs the shared validation worker.
export function runInWorker(
  config: Config,
  onProgress?: (progress: RunProgress) => void,
): { done: Promise<Answer>; cancel: () => void } {
  const w = new CoreWorker(true);
  const run = w.start('run', config, onProgress);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const done = run.done.finally(() => {
    clearTimeout(timer);
    w.terminate();
  });
  const cancel = () => {
    w.softCancel(run.id);
    timer ??= setTimeout(() => w.terminate(), HARD_STOP_MS);
  };
  return { done, cancel };
}
