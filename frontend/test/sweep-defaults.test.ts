import { beforeAll, describe, expect, it } from 'vitest';
import { exampleByKey } from '../src/config/examples';
import { shownFields, type SchemaNode } from '../src/config/schema';
import type { Config, Prepared } from '../src/config/types';
import { handle } from '../src/core/protocol';
import { firstFailingPoint, gridPoints, pointName, setAxisValue } from '../src/lib/sweeps/sweep';
import { defaultAxes, describeBase, powersAround } from '../src/lib/sweeps/sweepDefaults';
import { configSchema, loadCore } from './core';

// A new sweep's defaults and its check of every point, against the real core (schema and prepare).
let SCHEMA: SchemaNode;
beforeAll(async () => {
  SCHEMA = await configSchema();
});
const preset = (key: string) => exampleByKey(key)!.config as Config;
const defaults = (cfg: Config) => defaultAxes(shownFields(SCHEMA, cfg), cfg);
const prepare = async (config: Config) => {
  const o = handle(await loadCore(), { id: 1, method: 'prepare', config });
  return o.kind === 'invalid' ? o.error : null;
};

describe('default sweep axes from the base config', () => {
  it('brackets the base cache size from /8 to x8 and the ways around it', () => {
    expect(powersAround(2048, 3)).toEqual([256, 512, 1024, 2048, 4096, 8192, 16384]);
    expect(powersAround(16, 3, 1, 64)).toEqual([2, 4, 8, 16, 32, 64]);
    expect(defaults(preset('seed000-fig7-4torus-k10'))).toEqual([
      { path: 'switch.cache.entries', text: '256, 512, 1024, 2048, 4096, 8192, 16384' },
      { path: 'switch.cache.ways', text: '2, 4, 8' },
    ]);
  });
  it('has no cache axis without a cache, and the offered load where the engine reads one', () => {
    expect(defaults(preset('booksim-mesh-8x8-cycle'))).toEqual([{ path: 'traffic.injection.load', text: '0.1..0.9 +0.1' }]);
  });
  it('leaves the load out when a saturation search sets it', () => {
    const search = { ...preset('booksim-mesh-8x8-cycle'), sim: { mode: 'saturation' } } as Config;
    expect(defaults(search)).toEqual([{ path: 'seed', text: '1..4 +1' }]);
  });
});

describe('every point checked before Submit', () => {
  it('sets axis values as the server does: through objects only', () => {
    const base = { switch: { cache: null } } as unknown as Config;
    expect(setAxisValue(base, 'switch.cache.entries', 16)).toEqual({ error: {
      field: 'axes.switch.cache.entries', message: "'switch.cache' is not an object", allowed: 'a path through objects and list indices' } });
    expect(setAxisValue({ topology: { dims: [4, 4] } } as unknown as Config, 'topology.dims.1', 8))
      .toEqual({ config: { topology: { dims: [4, 8] } } });
    expect(setAxisValue({} as Config, 'switch.cache.ways', 2)).toEqual({ config: { switch: { cache: { ways: 2 } } } });
  });
  it('walks the grid in the server order, the last axis fastest', () => {
    expect([...gridPoints([{ path: 'a', values: [1, 2] }, { path: 'b', values: ['x', 'y', 'z'] }])].map((p) => p.map(([, v]) => v)))
      .toEqual([[1, 'x'], [1, 'y'], [1, 'z'], [2, 'x'], [2, 'y'], [2, 'z']]);
  });
  it('names the first point the core refuses and its field', async () => {
    const booksim = preset('booksim-mesh-8x8-cycle');
    const cacheAxes = [{ path: 'switch.cache.entries', values: [16, 32] }, { path: 'switch.cache.ways', values: [1, 2, 4] }];
    const noCache = await firstFailingPoint(prepare, booksim, cacheAxes);
    expect(noCache && pointName(noCache)).toBe('point 1 of 6 (switch.cache.entries = 16, switch.cache.ways = 1)');
    expect(noCache!.error.field).toBe('axes.switch.cache.entries');
    const loads = await firstFailingPoint(prepare, booksim, [{ path: 'traffic.injection.load', values: [0.5, 1, 1.5] }]);
    expect(loads && pointName(loads)).toBe('point 3 of 3 (traffic.injection.load = 1.5)');
    expect(loads!.error.field).toBe('traffic.injection.load');
    expect(await firstFailingPoint(prepare, booksim, [{ path: 'traffic.injection.load', values: [0.1, 0.9] }])).toBeNull();
  });
});

describe('the base config in full', () => {
  it('says which torus, its traffic, engine and cache', async () => {
    const o = handle(await loadCore(), { id: 1, method: 'prepare', config: preset('seed000-fig7-4torus-k10') });
    const { config, summary } = (o as { prepared: Prepared }).prepared;
    const shown = (c: Config) => new Set(shownFields(SCHEMA, c).map((f) => f.path));
    const lines = Object.fromEntries(describeBase(config, summary, shown(config)));
    expect(lines.engine).toBe('routewalk');
    expect(lines.topology).toMatch(/^torus: .*dims 10×10×10×10.* \(10,000 nodes, 10,000 switches, 40,000 links\)$/);
    expect(lines.traffic).toMatch(/^uniform, .*packets 100000/);
    expect(lines.cache).toMatch(/entries 2048, .*ways 4/);
    const booksim = handle(await loadCore(), { id: 1, method: 'prepare', config: preset('booksim-mesh-8x8-cycle') }) as { prepared: Prepared };
    const b = Object.fromEntries(describeBase(booksim.prepared.config, booksim.prepared.summary, shown(booksim.prepared.config)));
    expect(b.cache).toBe('none (switch.cache: null)');
    expect(b.engine).toBe('cycle, sim.mode latency');
    expect(b.traffic).toMatch(/injection load 0.05/);
    // Fields that do not apply are left out: no burst length under Bernoulli injection.
    expect(b.traffic).not.toMatch(/burst_flits/);
  });
});
