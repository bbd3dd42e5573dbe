import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from '../src/core/protocol';
import { heatLayout } from '../src/lib/traceHeatmap';

// A stand-in for the browser's Worker that records what is posted (core-client.test.ts has one that answers too).
class FakeWorker {
  static made: FakeWorker[] = [];
  posted: Request[] = [];
  onmessage = null;
  onerror = null;
  constructor() {
    FakeWorker.made.push(this);
  }
  postMessage(r: Request) {
    this.posted.push(r);
  }
  terminate() {}
}

const ID = 'ab'.repeat(32);
const FILES = JSON.stringify({ 'a.txt': '0 init\n1 init\n' });
const CONFIG = { engine: 'app', traffic: { pattern: 'mpi_trace', trace_id: ID } };

describe('a trace goes to each core worker once (core/traces.ts)', () => {
  beforeEach(() => {
    vi.resetModules(); // a fresh registry and shared worker
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requests naming a loaded trace carry its files to a worker that has not had them', async () => {
    const { rememberTrace, traceIdOf } = await import('../src/core/traces');
    const { runInWorker, sharedCore } = await import('../src/core/client');
    expect(traceIdOf(CONFIG)).toBe(ID);
    expect(traceIdOf({ traffic: { pattern: 'npb', trace_id: ID } })).toBeNull();
    void sharedCore().call('prepare', CONFIG); // not loaded on this page yet: nothing to carry
    rememberTrace({ id: ID, files: FILES, summary: {} });
    void sharedCore().call('prepare', CONFIG);
    void sharedCore().call('prepare', CONFIG);
    void sharedCore().call('prepare', { traffic: { pattern: 'uniform' } });
    expect(FakeWorker.made[0].posted.map((r) => r.traces)).toEqual([undefined, { [ID]: FILES }, undefined, undefined]);
    // A run's own worker gets them with its first request.
    runInWorker(CONFIG);
    expect(FakeWorker.made[1].posted[0].traces).toEqual({ [ID]: FILES });
    // A worker that loaded the trace itself (the panel's traceLoad) is not sent it again.
    const { CoreWorker } = await import('../src/core/client');
    const w = new CoreWorker();
    w.noteTrace(ID);
    void w.call('prepare', CONFIG);
    expect(FakeWorker.made[2].posted[0].traces).toBeUndefined();
  });
});

describe('heatLayout: the rank-to-rank map', () => {
  it('places a cell per pair that sent bytes, coloured from 0 to the busiest pair', () => {
    const h = heatLayout([[0, 2048, 0], [0, 0, 4096], [1024, 0, 0]], 300);
    expect(h.cells.map((c) => [c.src, c.dst, c.bytes, c.x, c.y, c.size])).toEqual([
      [0, 1, 2048, 100, 0, 100], [1, 2, 4096, 200, 100, 100], [2, 0, 1024, 0, 200, 100]]);
    expect(h.color.domain()).toEqual([0, 4096]);
    expect(h.cells[1].fill).toBe(h.color(4096));
    expect(h.ticks.map((t) => [t.rank, t.at])).toEqual([[0, 50], [1, 150], [2, 250]]);
  });

  it('labels at most 8 ranks per axis', () => {
    const n = 64;
    const h = heatLayout(Array.from({ length: n }, () => Array<number>(n).fill(1)), 256);
    expect(h.ticks.map((t) => t.rank)).toEqual([0, 8, 16, 24, 32, 40, 48, 56]);
    expect(h.cells).toHaveLength(n * n);
  });
});
