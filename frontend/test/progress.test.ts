import { describe, expect, it } from 'vitest';
import { FIRST_CHUNK_PACKETS, nextChunk } from '../src/lib/runs/chunking';
import { formatProgress } from '../src/lib/numbers/format';
import { runStepped, type CoreModule, type CoreSimulation } from '../src/core/protocol';

describe('chunk sizing for the stepped WASM run', () => {
  it('scales the chunk towards the target duration', () => {
    expect(nextChunk(1000, 25, 50)).toBe(2000);
    expect(nextChunk(1000, 100, 50)).toBe(500);
  });
  it('caps growth and shrinkage at 4x per step and never goes below one packet', () => {
    expect(nextChunk(1000, 1, 50)).toBe(4000);
    expect(nextChunk(1000, 0, 50)).toBe(4000);
    expect(nextChunk(1000, 10_000, 50)).toBe(250);
    expect(nextChunk(1, 10_000, 50)).toBe(1);
  });
  it('starts from the first-chunk size when there is no previous chunk', () => {
    expect(nextChunk(0, 10)).toBe(FIRST_CHUNK_PACKETS);
  });
});

describe('progress formatting', () => {
  it('floors to one decimal so 100 % means done', () => {
    expect(formatProgress(0.12345)).toBe('12.3 %');
    expect(formatProgress(0.99999)).toBe('99.9 %');
    expect(formatProgress(1)).toBe('100.0 %');
    expect(formatProgress(-0.1)).toBe('0.0 %');
  });
});

// A fake core: 1000 packets, each chunk advances by the requested packets.
function fakeCore(total = 1000, error = ''): { core: CoreModule; steps: number[]; deleted: () => boolean } {
  const steps: number[] = [];
  let done = 0;
  let freed = false;
  class Sim implements CoreSimulation {
    error() { return error; }
    workUnit() { return 'packets'; }
    step(p: number) { steps.push(p); done = Math.min(total, done + p); return done / total; }
    result() { return JSON.stringify({ done }); }
    delete() { freed = true; }
  }
  const core = { Simulation: Sim } as unknown as CoreModule;
  return { core, steps, deleted: () => freed };
}

describe('runStepped', () => {
  it('reports monotone progress ending at 1 and frees the simulation', async () => {
    const { core, deleted } = fakeCore();
    const seen: number[] = [];
    let t = 0;
    const out = await runStepped(core, {}, {
      onProgress: (p) => {
        expect(p.unit).toBe('packets');
        seen.push(p.fraction);
      },
      now: () => (t += 10), firstChunk: 100,
    });
    expect(out).toEqual({ kind: 'result', result: { done: 1000 } });
    expect(seen[0]).toBe(0); // before the first chunk: the unit is known at once
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1])).toBe(true);
    expect(deleted()).toBe(true);
  });
  it('stops between chunks when asked, with the fraction reached', async () => {
    const { core, steps, deleted } = fakeCore();
    let n = 0;
    const out = await runStepped(core, {}, { shouldStop: () => ++n > 2, firstChunk: 100, now: () => 0 });
    expect(steps.length).toBe(2);
    expect(out.kind).toBe('cancelled');
    expect(out.kind === 'cancelled' && out.fraction).toBeCloseTo(0.5, 12); // 100 + 400 of 1000
    expect(deleted()).toBe(true);
  });
  it('returns the core error for an invalid config without stepping', async () => {
    const { core, steps } = fakeCore(1000, '{"field":"switch.cache.ways","message":"bad","allowed":"a divisor of entries"}');
    expect(await runStepped(core, {})).toEqual({ kind: 'invalid', error: { field: 'switch.cache.ways', message: 'bad', allowed: 'a divisor of entries' } });
    expect(steps).toEqual([]);
  });
});
