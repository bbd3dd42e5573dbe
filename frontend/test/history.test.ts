import { describe, expect, it } from 'vitest';
import { runHeadline, addRun, HISTORY_KEY, MAX_ENTRIES, parseHistory, remove, rename, setBaseline, shortName, storeHistory, EMPTY_HISTORY } from '../src/lib/runs/history';
import { SLICE_CONFIG, SLICE_RESULT } from './fixtures';
import type { Config, SimResult } from '../src/config/types';
import { coreRun, coreUnits } from './core';
import { exampleByKey } from '../src/config/examples';
import { appHeadline } from '../src/lib/charts/appChart';

const t0 = new Date('2026-01-01T00:00:00Z');
const other = (i: number): SimResult => ({ ...SLICE_RESULT, config_hash: `h${i}` });

describe('run history kept in this browser', () => {
  it('heads a cycle-engine run by its throughput and latency, not an absent hit rate', async () => {
    const units = await coreUnits();
    const cycle = { engine: { name: 'cycle', version: '0' }, cache: { enabled: false, hit_rate: null, lookups: 8125, hits: 0 },
      throughput: { accepted: 0.878 }, latency_cycles: { packet: { mean: 625.4 } } } as unknown as SimResult;
    expect(runHeadline(cycle, (p) => units.unitOf(p))).toBe('0.878 flits/node/cycle accepted, mean packet latency 625 cycles');
    expect(runHeadline(SLICE_RESULT, (p) => units.unitOf(p))).toMatch(/ % hit rate$/);
  });
  // The kept copy of an application-model run (which has no cache section) got an empty one, so
  // its history entry read "— hit rate" instead of its relative performance.
  it("heads a kept application-model run by its relative performance", async () => {
    const units = await coreUnits();
    const r = await coreRun(exampleByKey('seed001-fig7-npb-torus-64')!.config);
    expect(r.cache).toBeUndefined();
    const kept = addRun(EMPTY_HISTORY, SLICE_CONFIG, r, 'browser', t0).entries[0].result;
    expect(kept.cache).toBeUndefined();
    expect(runHeadline(kept, (p) => units.unitOf(p))).toBe(appHeadline(r));
  });
  it('names a run from its config', () => {
    expect(shortName(SLICE_CONFIG)).toBe('4×4 torus, 64 entries 4-way, uniform');
    expect(shortName({ topology: { kind: 'fat_tree', k: 4, n: 2 }, switch: { cache: { entries: 128, ways: 'full' } } }))
      .toBe('k=4 n=2 fat tree, 128 entries full-assoc.');
    const bmin: Config = { engine: 'cycle', topology: { kind: 'bmin', k: 4, stages: 2 }, switch: { cache: null, buffer: { organisation: 'hipiqs' } }, traffic: { pattern: 'uniform' } };
    expect(shortName(bmin)).toBe('hipiqs, k=4 stages=2 bmin, no cache, uniform');
  });
  it('adds runs on top, keeps a renamed entry\'s name when the same config runs again, trims per-port data', () => {
    let s = addRun(EMPTY_HISTORY, SLICE_CONFIG, SLICE_RESULT, 'browser', t0);
    // Per-switch hit rates stay (to 4 decimals, up to 1,024 switches) for Δ drawings; per-port data goes.
    expect(s.entries[0].result.cache.by_switch).toEqual(SLICE_RESULT.cache.by_switch!.map((v) => Math.round(v * 1e4) / 1e4));
    expect((s.entries[0].result.cache as Record<string, unknown>).by_port).toBeUndefined();
    const big = { ...SLICE_RESULT, cache: { ...SLICE_RESULT.cache, by_switch: new Array(1025).fill(0.5) } };
    expect(addRun(EMPTY_HISTORY, SLICE_CONFIG, big, 'browser', t0).entries[0].result.cache.by_switch).toBeUndefined();
    expect(s.entries[0].result.latency_ns?.zero_load?.histogram).toBeUndefined();
    s = rename(s, SLICE_RESULT.config_hash, 'my slice');
    s = addRun(s, SLICE_CONFIG, other(1), 'server', t0);
    s = addRun(s, SLICE_CONFIG, SLICE_RESULT, 'browser', t0);
    expect(s.entries.map((e) => e.name)).toEqual(['my slice', '4×4 torus, 64 entries 4-way, uniform']);
  });
  it('never drops the baseline when the list is full, and forgets it when its entry is deleted', () => {
    let s = setBaseline(addRun(EMPTY_HISTORY, SLICE_CONFIG, other(0), 'browser', t0), 'h0');
    for (let i = 1; i <= MAX_ENTRIES + 5; i++) s = addRun(s, SLICE_CONFIG, other(i), 'browser', t0);
    expect(s.entries).toHaveLength(MAX_ENTRIES);
    expect(s.entries.some((e) => e.id === 'h0')).toBe(true);
    expect(remove(s, 'h0').baseline).toBeNull();
  });
  it('survives a reload through storage, and drops the oldest entries when the quota is hit', () => {
    const store: Record<string, string> = {};
    let s = addRun(EMPTY_HISTORY, SLICE_CONFIG, other(1), 'browser', t0);
    s = setBaseline(addRun(s, SLICE_CONFIG, other(2), 'browser', t0), 'h1');
    storeHistory({ setItem: (k, v) => { store[k] = v; } }, s);
    expect(parseHistory(store[HISTORY_KEY])).toEqual(s);
    const room = JSON.stringify(remove(s, 'h2')).length;
    const tight = { setItem: (k: string, v: string) => { if (v.length > room) throw new Error('quota'); store[k] = v; } };
    const kept = storeHistory(tight, s);
    expect(kept.entries.map((e) => e.id)).toEqual(['h1']);
    expect(parseHistory('not json')).toEqual(EMPTY_HISTORY);
  });
});
