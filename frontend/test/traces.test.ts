import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from '../src/core/protocol';
import type { Config } from '../src/config/types';
import { heatLayout } from '../src/lib/charts/traceHeatmap';

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
const CONFIG: Config = { engine: 'app', traffic: { pattern: 'mpi_trace', trace_id: ID } };

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
    // @ts-expect-error: only pattern mpi_trace has a trace_id (the type says so; the core refuses it)
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

describe('traceLoad in the real WASM core (the handle() the Web Worker runs)', () => {
  it('loads the ring trace under the native core\'s id; a request carrying it lets a config name it', async () => {
    const { readFileSync } = await import('node:fs');
    const { handle, loadTraces } = await import('../src/core/protocol');
    const { loadCore } = await import('./core');
    const core = await loadCore();
    const dir = new URL('../../tests/data/traces/ring4/', import.meta.url);
    const files: Record<string, string> = { 'ring.txt': readFileSync(new URL('ring.txt', dir), 'utf8') };
    for (let r = 1; r <= 4; r++) files[`ring_files/rank-${r}.txt`] = readFileSync(new URL(`ring_files/rank-${r}.txt`, dir), 'utf8');
    const out = handle(core, { id: 1, method: 'traceLoad', text: JSON.stringify(files) });
    // The id tests/api/test_traces.py's server stores it under (the native core's, natively computed).
    const id = 'dfa2a660d553894050ad2f314d73943396728acb79ff6af63f6f497a9c443783';
    expect(out).toMatchObject({ kind: 'value', value: { id, summary: { ranks: 4, messages: 23, bytes: 25408 } } });
    const cfg: Config = { engine: 'app', topology: { kind: 'torus', dims: [2, 2] }, traffic: { pattern: 'mpi_trace', trace_id: id } };
    expect(handle(core, { id: 2, method: 'prepare', config: cfg }).kind).toBe('prepared');
    // Evicted (or another worker): refused naming the field, until a request carries the files again.
    expect(JSON.parse((core as unknown as { trace_unload(i: string): string }).trace_unload(id))).toEqual({ unloaded: true });
    expect(handle(core, { id: 3, method: 'prepare', config: cfg })).toMatchObject({ kind: 'invalid', error: { field: 'traffic.trace_id' } });
    const req = { id: 4, method: 'prepare' as const, config: cfg, traces: { [id]: JSON.stringify(files) } };
    loadTraces(core, req);
    expect(handle(core, req).kind).toBe('prepared');
    // A bad line: the core names the file and the line.
    const bad = handle(core, { id: 5, method: 'traceLoad', text: JSON.stringify({ 'bad.txt': '0 init\n0 sendrecieve 1 2 3\n1 init\n' }) });
    expect(bad).toMatchObject({ kind: 'invalid', error: { field: 'trace:bad.txt:2' } });
  });
});
