import { describe, expect, it } from 'vitest';
import { addSweep, MAX_SWEEPS, parseSweeps, rememberSweep, SWEEPS_KEY } from '../src/lib/sweeps/sweepList';

describe('sweeps submitted from this browser', () => {
  it('keeps the newest first, once per id, at most MAX_SWEEPS', () => {
    let l = addSweep([], { id: 'a', name: 'first', at: '2026-01-01T00:00:00Z' });
    l = addSweep(l, { id: 'b', name: 'second', at: '2026-01-02T00:00:00Z' });
    l = addSweep(l, { id: 'a', name: 'first again', at: '2026-01-03T00:00:00Z' });
    expect(l.map((s) => s.name)).toEqual(['first again', 'second']);
    for (let i = 0; i < MAX_SWEEPS + 3; i++) l = addSweep(l, { id: `x${i}`, name: 'n', at: '' });
    expect(l).toHaveLength(MAX_SWEEPS);
  });
  it('reads back what it stored and ignores junk', () => {
    const store: Record<string, string> = {};
    const storage = { getItem: (k: string) => store[k] ?? null, setItem: (k: string, v: string) => { store[k] = v; } };
    rememberSweep(storage, { id: 's1', name: 'entries x ways', at: '2026-01-01T00:00:00Z' });
    expect(parseSweeps(store[SWEEPS_KEY])).toEqual([{ id: 's1', name: 'entries x ways', at: '2026-01-01T00:00:00Z' }]);
    expect(parseSweeps('{"not": "a list"}')).toEqual([]);
    expect(parseSweeps('nope')).toEqual([]);
  });
});
