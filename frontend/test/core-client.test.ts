import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request, Response } from '../src/core/protocol';

// A stand-in for the browser's Worker: records what is posted, answers when told to.
class FakeWorker {
  static made: FakeWorker[] = [];
  posted: Request[] = [];
  onmessage: ((ev: { data: Response }) => void) | null = null;
  onerror: ((ev: { message: string }) => void) | null = null;
  terminated = false;
  constructor(public url: URL, public opts: { name: string }) {
    FakeWorker.made.push(this);
  }
  postMessage(r: Request) {
    this.posted.push(r);
  }
  terminate() {
    this.terminated = true;
  }
  answer(id: number, value: unknown) {
    this.onmessage?.({ data: { id, ok: true, outcome: { kind: 'value', value }, elapsed_ms: 0, threaded: false } });
  }
}

describe('sharedCore: one worker per page for the short calls', () => {
  beforeEach(() => {
    vi.resetModules(); // a fresh module: no shared worker yet
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('every caller gets the same one-thread worker, answered per request', async () => {
    const { sharedCore } = await import('../src/core/client');
    const a = sharedCore().call('schema');
    const b = sharedCore().call('normalize', { engine: 'cycle' });
    expect(FakeWorker.made).toHaveLength(1);
    const w = FakeWorker.made[0];
    expect(w.opts.name).toBe('switchlab-core');
    expect(w.posted.map((r) => r.method)).toEqual(['schema', 'normalize']);
    w.answer(w.posted[1].id, 'n');
    w.answer(w.posted[0].id, 's');
    expect([(await a).outcome, (await b).outcome]).toEqual([{ kind: 'value', value: 's' }, { kind: 'value', value: 'n' }]);
    expect(w.terminated).toBe(false);
  });

  it('a worker that failed to load is replaced at the next call; runs never use it', async () => {
    const { runInWorker, sharedCore } = await import('../src/core/client');
    const first = sharedCore();
    const pending = first.call('engineVersion');
    FakeWorker.made[0].onerror?.({ message: 'boom' });
    await expect(pending).rejects.toThrow('WASM worker failed: boom');
    expect(sharedCore()).not.toBe(first);
    expect(FakeWorker.made).toHaveLength(2);
    runInWorker({});
    expect(FakeWorker.made).toHaveLength(3);
    expect(FakeWorker.made[2].opts.name).toBe('switchlab-core-threads');
  });
});
