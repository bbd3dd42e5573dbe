import type { Config } from '../config/types';
import type { Method, Outcome, Request, Response } from './protocol';

export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface Answer {
  outcome: Outcome;
  elapsed_ms: number;
}

// Promise-based calls into one Web Worker running the core. terminate() kills the worker (the
// only way to stop a synchronous WASM run) and rejects whatever was pending with Cancelled.
export class CoreWorker {
  private worker: Worker;
  private next = 1;
  private pending = new Map<number, { resolve: (a: Answer) => void; reject: (e: Error) => void }>();

  constructor() {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'switchlab-core' });
    this.worker.onmessage = (ev: MessageEvent<Response>) => {
      const r = ev.data;
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      if (r.ok) p.resolve({ outcome: r.outcome, elapsed_ms: r.elapsed_ms });
      else p.reject(new Error(r.message));
    };
    this.worker.onerror = (ev) => {
      const err = new Error(`WASM worker failed: ${ev.message || 'could not load the core'}`);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
  }

  call(method: Method, config?: Config): Promise<Answer> {
    const id = this.next++;
    const req: Request = { id, method, config };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(req);
    });
  }

  terminate(): void {
    this.worker.terminate();
    for (const p of this.pending.values()) p.reject(new Cancelled());
    this.pending.clear();
  }
}

// One simulation in its own worker, so cancelling it never disturbs the shared validation worker.
export function runInWorker(config: Config): { done: Promise<Answer>; cancel: () => void } {
  const w = new CoreWorker();
  const done = w.call('run', config).finally(() => w.terminate());
  return { done, cancel: () => w.terminate() };
}
