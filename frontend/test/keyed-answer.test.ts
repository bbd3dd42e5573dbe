import { afterEach, describe, expect, it, vi } from 'vitest';
import { startKeyedAnswer } from '../src/hooks/useKeyedAnswer';

// useKeyedAnswer's effect, as React runs it: started for a key, cancelled when the key changes.
// (The tests run in node without a DOM, so the effect is driven here directly.)
describe('useKeyedAnswer', () => {
  afterEach(() => vi.useRealTimers());

  const deferred = <T,>() => {
    let resolve!: (v: T) => void;
    const promise = new Promise<T>((r) => (resolve = r));
    return { promise, resolve };
  };

  it("drops an older key's answer that arrives after the newer key's", async () => {
    const answers: string[] = [];
    const older = deferred<string>();
    const newer = deferred<string>();
    const cancelOlder = startKeyedAnswer(() => older.promise, 0, (v) => answers.push(v));
    cancelOlder(); // the key changed
    startKeyedAnswer(() => newer.promise, 0, (v) => answers.push(v));
    newer.resolve('answer for [2]');
    older.resolve('answer for [1]');
    await Promise.all([older.promise, newer.promise]);
    await Promise.resolve();
    expect(answers).toEqual(['answer for [2]']);
  });

  it('tells a long computation that its key is stale, and answers nothing when it fails', async () => {
    const seen: boolean[] = [];
    const step = deferred<void>();
    const answers: number[] = [];
    const cancel = startKeyedAnswer(async (live) => {
      seen.push(live());
      await step.promise;
      seen.push(live());
      if (!live()) throw new Error('stale');
      return 1;
    }, 0, (v) => answers.push(v));
    cancel();
    step.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([true, false]);
    expect(answers).toEqual([]);
  });

  it('waits `delay` ms before computing, and never computes a key cancelled before then', async () => {
    vi.useFakeTimers();
    const computed: string[] = [];
    const answers: string[] = [];
    const start = (key: string) => startKeyedAnswer(async () => {
      computed.push(key);
      return key;
    }, 120, (v) => answers.push(v));
    const cancel = start('[1]');
    vi.advanceTimersByTime(119);
    cancel(); // typed again within the pause
    start('[1, 2]');
    vi.advanceTimersByTime(119);
    expect(computed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(computed).toEqual(['[1, 2]']);
    expect(answers).toEqual(['[1, 2]']);
  });
});
