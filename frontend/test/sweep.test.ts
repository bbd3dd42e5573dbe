import { describe, expect, it } from 'vitest';
import { axisValueErrors, defaultSweepName, parseAxis, parseAxisValues, pointCount, sweepSeries } from '../src/lib/sweeps/sweep';
import { exampleByKey } from '../src/config/examples';
import type { Config } from '../src/config/types';
import { handle } from '../src/core/protocol';
import { loadCore } from './core';
import { diffConfigs, flatten } from '../src/lib/compare/compare';
import { parseRoute } from '../src/views/routes';

describe('sweep axes', () => {
  it('expands lists, geometric and arithmetic ranges', () => {
    expect(parseAxisValues('1, 2,4')).toEqual({ ok: true, values: [1, 2, 4] });
    expect(parseAxisValues('16..256 *2')).toEqual({ ok: true, values: [16, 32, 64, 128, 256] });
    expect(parseAxisValues('1..2 +0.25')).toEqual({ ok: true, values: [1, 1.25, 1.5, 1.75, 2] });
    expect(parseAxisValues('4, full')).toEqual({ ok: true, values: [4, 'full'] });
    expect(parseAxisValues('8..1 *2').ok).toBe(false);
    expect(parseAxisValues('1..8 *1').ok).toBe(false);
    expect(parseAxisValues('').ok).toBe(false);
    expect(parseAxisValues('1..100000 +1').ok).toBe(false);
    // Beyond a double: JSON would send null, i.e. the field's default, for the point.
    expect(parseAxisValues('64, 1e400')).toEqual({ ok: false, message: '1e400: too large a number' });
    expect(parseAxisValues('1.2.3..8 +1').ok).toBe(false);
  });
  it('parses array values separated by ";" (topology.dims)', () => {
    expect(parseAxisValues('[5,5,5]; [7,7,7]')).toEqual({ ok: true, values: [[5, 5, 5], [7, 7, 7]] });
    expect(parseAxisValues(' [4, 4] ;[5,5,5]; ')).toEqual({ ok: true, values: [[4, 4], [5, 5, 5]] });
    expect(parseAxisValues('[true,false]')).toEqual({ ok: true, values: [[true, false]] });
    const err = (t: string) => { const r = parseAxisValues(t); return r.ok ? null : r.message; };
    expect(err('[5,5,5], [7,7,7]')).toBe('value 1 ([5,5,5], [7,7,7]): not a valid array, write numbers separated by commas like [5,5,5]');
    expect(err('[5,5,5]; 7,7,7')).toBe('value 2 (7,7,7): not an array in brackets like [5,5,5] (separate arrays with ";")');
    expect(err('[5,5,5]; [7,7')).toBe('value 2 ([7,7): not an array in brackets like [5,5,5] (separate arrays with ";")');
    expect(err('[]')).toBe('value 1 ([]): an empty array');
    expect(err('[[1]]')).toBe('value 1 ([[1]]): only numbers, true/false or strings inside the brackets');
    expect(err('; [4,4]')).toBe('value 1 (empty): separate arrays with ";", e.g. [5,5,5]; [7,7,7]');
    expect(err('[4,4]; [4, 4]')).toBe('value 2 ([4,4]) appears twice');
  });
  it('an array-valued field refuses scalar values', () => {
    const arr = ['topology.dims', 'topology.wrap'];
    expect(parseAxis('topology.dims', '[5,5,5]; [7,7,7]', arr)).toEqual({ ok: true, values: [[5, 5, 5], [7, 7, 7]] });
    expect(parseAxis('topology.dims', '4, 5', arr)).toEqual({ ok: false,
      message: 'topology.dims takes arrays: write them in brackets separated by ";", e.g. [5,5,5]; [7,7,7]' });
    expect(parseAxis('switch.cache.ways', '2, 4', arr)).toEqual({ ok: true, values: [2, 4] });
    expect(pointCount([[[5, 5, 5], [7, 7, 7]], [1, 2, 4]])).toBe(6);
  });
  it('counts grid points', () => {
    expect(pointCount([[16, 32, 64, 128, 256], [1, 2, 4]])).toBe(15);
    expect(pointCount([])).toBe(1);
  });
  it('turns result rows into one sorted line per series value', () => {
    const cols = [{ name: 'point' }, { name: 'switch.cache.entries' }, { name: 'switch.cache.ways' }, { name: 'cache.hit_rate' }];
    const rows = [
      [0, 64, 4, 0.9], [1, 16, 4, 0.5], [2, 16, 1, 0.4], [3, 64, 1, 0.8], [4, 32, 1, null],
    ];
    expect(sweepSeries(cols, rows, 'switch.cache.entries', 'cache.hit_rate', 'switch.cache.ways')).toEqual([
      { key: '1', points: [{ x: 16, y: 0.4 }, { x: 64, y: 0.8 }] },
      { key: '4', points: [{ x: 16, y: 0.5 }, { x: 64, y: 0.9 }] },
    ]);
    expect(sweepSeries(cols, rows, 'nope', 'cache.hit_rate')).toEqual([]);
  });
});

describe('new sweep', () => {
  it('names a sweep after its axes, each by the last two parts of its path', () => {
    expect(defaultSweepName(['traffic.injection.load', 'switch.buffer.organisation'])).toBe('injection load x buffer organisation');
    expect(defaultSweepName(['switch.cache.entries', ' switch.cache.ways ', 'seed', ''])).toBe('cache entries x cache ways x seed');
    expect(defaultSweepName([])).toBe('sweep');
  });

  // The core's own prepare() judges each value, as the explorer form's config: no range here.
  it('checks every axis value with the core and reports each bad axis', async () => {
    const core = await loadCore();
    const prepare = async (config: Config) => {
      const o = handle(core, { id: 1, method: 'prepare', config });
      return o.kind === 'invalid' ? o.error : null;
    };
    const base = exampleByKey('booksim-mesh-8x8-cycle')!.config;
    const errors = await axisValueErrors(prepare, base, [
      { path: 'traffic.injection.load', values: [0.5, 1.5] },
      { path: 'switch.buffer.organisation', values: ['vc', 'central'] },
      null, // not parsed yet: nothing to check
      { path: 'switch.buffer.organisation', values: ['vc', 'bogus'] },
    ]);
    expect(errors.map((e) => e?.field ?? null)).toEqual(['traffic.injection.load', null, null, 'switch.buffer.organisation']);
    expect(errors[0]!.message).toMatch(/1\.5/);
    // A base the core refuses says nothing about the axes.
    const broken: Config = { ...base, topology: { kind: 'mesh', dims: [] } };
    expect(await prepare(broken)).not.toBeNull();
    expect(await axisValueErrors(prepare, broken, [{ path: 'traffic.injection.load', values: [1.5] }])).toEqual([null]);
  });
});

describe('compare', () => {
  it('flattens configs to dotted paths and marks differences', () => {
    expect(flatten({ a: { b: 1, c: [4, 4] }, d: null })).toEqual({ 'a.b': 1, 'a.c': [4, 4], d: null });
    const rows = diffConfigs([
      { seed: 1, switch: { cache: { ways: 4 } }, topology: { dims: [4, 4] } },
      { seed: 1, switch: { cache: { ways: 2 } }, topology: { dims: [4, 4] }, name: 'x' },
    ]);
    expect(rows).toEqual([
      { path: 'name', values: [undefined, 'x'], differs: true },
      { path: 'seed', values: [1, 1], differs: false },
      { path: 'switch.cache.ways', values: [4, 2], differs: true },
      { path: 'topology.dims', values: [[4, 4], [4, 4]], differs: false },
    ]);
  });
  it('routes the sweep and compare views', () => {
    expect(parseRoute('/s/abc123')).toEqual({ view: 'sweep', id: 'abc123' });
    expect(parseRoute('/sweeps')).toEqual({ view: 'new-sweep' });
    expect(parseRoute('/compare')).toEqual({ view: 'compare' });
    expect(parseRoute('/', '?view=sweeps')).toEqual({ view: 'new-sweep' });
    expect(parseRoute('/', '?view=compare')).toEqual({ view: 'compare' });
  });
});
