import { describe, expect, it } from 'vitest';
import { pickBuild, SINGLE, THREADED } from '../src/core/build';

describe('which build of the core a worker loads', () => {
  it('threaded only for a run, on a cross-origin isolated page, with more than one core', () => {
    expect(pickBuild(true, true, 2)).toBe(THREADED);
    expect(pickBuild(true, false, 8)).toBe(SINGLE); // no SharedArrayBuffer
    expect(pickBuild(true, true, 1)).toBe(SINGLE); // nothing to gain
    expect(pickBuild(false, true, 8)).toBe(SINGLE); // validation workers
  });
  it('each build names its own files', () => {
    expect(SINGLE.module).toMatch(/switchlab_core\.mjs/);
    expect(THREADED.module).toMatch(/switchlab_core_mt\.mjs/);
    expect(THREADED.wasm).toMatch(/switchlab_core_mt\.wasm/);
    expect(THREADED.pthreadWorker).toMatch(/switchlab_core_mt\.worker\.js/);
  });
});
