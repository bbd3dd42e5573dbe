import { beforeAll, describe, expect, it } from 'vitest';
import { handle, runStepped, type CoreModule } from '../src/core/protocol';
import type { Json, SimResult } from '../src/config/types';
import { SLICE_CONFIG } from './fixtures';
import { canonical, EXAMPLES, exampleByKey, publishedConfig, variantConfigs } from '../src/config/examples';
import { diffConfigs } from '../src/lib/compare/compare';
import { getPath, setPath } from '../src/lib/form/path';
import { allFields, fieldsFor, type SchemaNode } from '../src/config/schema';
import { portRows } from '../src/lib/drawing/ports';
import { knowEngines, loadCore } from './core';
import { inTurn, placement } from '../src/lib/runs/placement';

// Drives the real WASM core in node through the same handle() the Web Worker uses.
let core: CoreModule;

beforeAll(async () => {
  core = await loadCore();
  await knowEngines();
});

function run(cfg: object): SimResult {
  const out = handle(core, { id: 1, method: 'run', config: cfg as never });
  if (out.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(out)}`);
  return out.result;
}

describe('WASM core in node', () => {
  it('run() is deterministic: the same config twice gives identical results', () => {
    const a = run(SLICE_CONFIG);
    const b = run(SLICE_CONFIG);
    const strip = (r: SimResult) => ({ ...r, wall_time_s: 0 });
    expect(strip(b)).toEqual(strip(a));
    expect(a.cache.lookups).toBeGreaterThan(0);
  });

  it('results are internally consistent to the look-up', () => {
    const r = run(SLICE_CONFIG);
    const c = r.cache;
    const misses = c.misses.compulsory + c.misses.capacity + c.misses.conflict;
    expect(c.hits + misses).toBe(c.lookups);
    expect(c.hit_rate).toBe(c.hits / c.lookups);
    const classes = Object.values(c.by_port_class);
    expect(classes.reduce((a, s) => a + s.lookups, 0)).toBe(c.lookups);
    expect(classes.reduce((a, s) => a + s.hits, 0)).toBe(c.hits);
    expect(c.by_port_class.injection.lookups).toBe(2000);
    expect(c.by_switch).toHaveLength(16);
    expect(r.seed).toBe(1);
  });

  it('per-port results carry the port class (a stale build/wasm without it fails here)', () => {
    const cfg = { seed: 3, engine: 'routewalk', topology: { kind: 'fat_tree', k: 4, n: 2 }, routing: { algorithm: 'updown' },
      switch: { cache: { entries: 64, ways: 4 } }, traffic: { pattern: 'uniform', packets: 3000 }, output: { per_port: true } };
    const r = run(cfg);
    expect((r.cache as { port_classes?: unknown }).port_classes).toEqual(['injection', 'up', 'down']);
    // Leaf switch 0: 4 node ports, then 4 up ports, on which packets arrive travelling down.
    const rows = portRows(r, 0, JSON.parse(core.topology_drawing(JSON.stringify(cfg))))!;
    expect(rows.map((p) => [p.name, p.portClass])).toEqual([0, 1, 2, 3].map((i) => [`node ${i}`, 'injection'])
      .concat([0, 1, 2, 3].map((i) => [`up ${i}`, 'down'])));
  });

  it('a different seed gives different traffic', () => {
    expect(run({ ...SLICE_CONFIG, seed: 2 }).cache.hits).not.toBe(run(SLICE_CONFIG).cache.hits);
  });

  it('prepare() names the field and what is allowed for ways=3 with entries=100', () => {
    const cfg = { ...SLICE_CONFIG, switch: { cache: { entries: 100, ways: 3 } } };
    const out = handle(core, { id: 1, method: 'prepare', config: cfg });
    expect(out.kind).toBe('invalid');
    if (out.kind !== 'invalid') return;
    expect(out.error.field).toBe('switch.cache.ways');
    expect(out.error.message).toContain('divide');
    expect(out.error.allowed).toBe('a divisor of entries (100), or "full"');
    // run() refuses the same config with the same error instead of crashing.
    expect(handle(core, { id: 2, method: 'run', config: cfg })).toEqual(out);
  });

  it('prepare() gives the experiment id of the result (the server id) and the run summary', () => {
    const p = handle(core, { id: 1, method: 'prepare', config: SLICE_CONFIG });
    if (p.kind !== 'prepared') throw new Error('prepare() failed');
    const r = run(SLICE_CONFIG);
    expect(p.prepared.id).toBe(r.config_hash);
    expect(p.prepared.summary).toEqual(r.summary);
    const v = handle(core, { id: 2, method: 'engineVersion' });
    expect(v).toEqual({ kind: 'value', value: r.engine.version });
  });

  it('the real schema() yields the form fields of the selected kind and pattern only', () => {
    const out = handle(core, { id: 1, method: 'schema' });
    if (out.kind !== 'value') throw new Error('schema() failed');
    const schema = out.value as SchemaNode;
    const paths = (cfg: object) => fieldsFor(schema, cfg as never).map((f) => f.path);
    const torus = paths(SLICE_CONFIG);
    for (const p of ['topology.kind', 'topology.dims', 'switch.cache.entries', 'switch.cache.ways', 'traffic.packets', 'seed'])
      expect(torus).toContain(p);
    expect(torus).not.toContain('topology.k');
    const ft = paths({ ...SLICE_CONFIG, topology: { kind: 'fat_tree' } });
    expect(ft).toEqual(expect.arrayContaining(['topology.k', 'topology.n', 'topology.oversubscription']));
    expect(ft).not.toContain('topology.dims');
    // The kind's fields are exactly those its allOf entry lists plus those every kind shares.
    const entry = schema.allOf!.find((e) => e['x-discriminator']?.value === 'fat_tree')!;
    const shared = Object.keys(schema.properties!.topology.properties!).filter((k) => k !== 'kind');
    expect(ft.filter((p) => p.startsWith('topology.') && p !== 'topology.kind').sort())
      .toEqual([...Object.keys(entry.then!.properties!.topology.properties!), ...shared].map((k) => `topology.${k}`).sort());
    // A config without topology.kind gets the schema default's fields (torus).
    expect(paths({})).toContain('topology.dims');
    expect(paths({ ...SLICE_CONFIG, traffic: { pattern: 'hotspot' } })).toContain('traffic.hotspot_fraction');
    expect(torus).not.toContain('traffic.hotspot_fraction');
    expect(paths({ ...SLICE_CONFIG, switch: { cache: null } })).not.toContain('switch.cache.ways');
    const ways = allFields(schema).find((f) => f.path === 'switch.cache.ways')!;
    expect(ways.kind).toBe('ways');
    const entries = allFields(schema).find((f) => f.path === 'switch.cache.entries')!;
    expect(entries).toMatchObject({ kind: 'int', unit: 'entries', label: 'Cache entries', help: '1–1048576, default 2048' });
    expect(ways.unit).toBe('ways');
    // Bounds that depend on the network are stated as such, not as the default 4x4 torus's 15 / 16.
    const hotspots = fieldsFor(schema, { ...SLICE_CONFIG, traffic: { pattern: 'hotspot' } } as never).find((f) => f.path === 'traffic.hotspots')!;
    expect(hotspots.help).toBe('0–(nodes - 1)');
    const sizes = allFields(schema).find((f) => f.path === 'traffic.jobs.sizes')!;
    expect(sizes.help).toBe('1–nodes');
  });

  it('prepare() gives the summary and the topology description the UI previews and draws', () => {
    const out = handle(core, { id: 1, method: 'prepare', config: { ...SLICE_CONFIG, topology: { kind: 'fat_tree', k: 4, n: 2 } } });
    if (out.kind !== 'prepared') throw new Error(JSON.stringify(out));
    expect(out.prepared.summary).toMatchObject({ switches: 8, nodes: 16, links: 16, ports_per_switch: 8, input_ports: 64 });
    expect(out.prepared.topology).toMatchObject({ kind: 'fat_tree', levels: 2, switches_per_level: 4 });
    const bad = handle(core, { id: 2, method: 'prepare', config: { ...SLICE_CONFIG, switch: { cache: { entries: 0 } } } });
    expect(bad.kind).toBe('invalid');
    if (bad.kind === 'invalid') expect(bad.error).toMatchObject({ field: 'switch.cache.entries' });
  });

  it('the stepped run (core.Simulation) equals run() whatever the chunk size, with progress to 1', async () => {
    const cfg = { ...SLICE_CONFIG, output: { per_port: true } };
    const strip = (r: SimResult) => ({ ...r, wall_time_s: 0 });
    const once = run(cfg);
    for (const firstChunk of [1, 97, 100000]) {
      const seen: number[] = [];
      // targetMs 0 keeps shrinking the chunk: many small steps, the worst case for equality.
      const out = await runStepped(core, cfg, { firstChunk, targetMs: firstChunk === 1 ? 1e-9 : 50, onProgress: (p) => seen.push(p.fraction) });
      if (out.kind !== 'result') throw new Error(JSON.stringify(out));
      expect(strip(out.result)).toEqual(strip(once));
      expect(seen.at(-1)).toBe(1);
      if (firstChunk === 1) expect(seen.length).toBeGreaterThan(100);
    }
  });

  it('the stepped run reports its progress in the unit the core counts (no guess from the config)', async () => {
    const cycle = { ...exampleByKey('booksim-mesh-8x8-cycle')!.config, sim: { warmup_cycles: 100, measure_cycles: 200, drain_cycles: 100 } };
    const app = exampleByKey('seed001-fig7-npb-torus-64')!.config;
    for (const [cfg, unit] of [[SLICE_CONFIG, 'packets'], [cycle, 'cycles'], [app, 'evaluations']] as const) {
      const units = new Set<string>();
      const out = await runStepped(core, cfg, { onProgress: (p) => units.add(p.unit) });
      expect(out.kind).toBe('result');
      expect([...units]).toEqual([unit]);
    }
  });

  it('per-port counts (output.per_port) add up to the port-class totals under the UI port names', async () => {
    const { portRows } = await import('../src/lib/drawing/ports');
    for (const cfg of [{ ...SLICE_CONFIG, output: { per_port: true } },
      { seed: 2, topology: { kind: 'torus', dims: [3, 4, 2], concentration: 2 }, switch: { cache: { entries: 16, ways: 4 } },
        traffic: { packets: 800 }, output: { per_port: true } }]) {
      const r = run(cfg);
      const d = JSON.parse(core.topology_drawing(JSON.stringify(cfg)));
      const byClass: Record<string, { lookups: number; hits: number }> = {};
      for (let s = 0; s < (r.topology?.switches ?? 0); s++) {
        for (const row of portRows(r, s, d)!) {
          const c = (byClass[row.portClass] ??= { lookups: 0, hits: 0 });
          c.lookups += row.lookups;
          c.hits += row.hits;
        }
      }
      for (const [c, v] of Object.entries(r.cache.by_port_class)) expect(byClass[c], c).toEqual({ lookups: v.lookups, hits: v.hits });
    }
  });

  // The preset list labels an example "(large: run on the server)" from its `browser` flag, while
  // the run preview places it from the core's summary: the two must not contradict each other.
  it("every example's browser flag agrees with where the core's summary places it", () => {
    const placed = EXAMPLES.map((e) => {
      const configs = e.compare ? variantConfigs(e).map((v) => v.config) : [e.config];
      const summaries = configs.map((c) => {
        const out = handle(core, { id: 1, method: 'prepare', config: c });
        if (out.kind !== 'prepared') throw new Error(`${e.key}: ${JSON.stringify(out)}`);
        return out.prepared.summary;
      });
      return [e.key, placement(inTurn(summaries)).where === 'browser'];
    });
    expect(placed).toEqual(EXAMPLES.map((e) => [e.key, e.browser]));
  });

  // (Its own timeout: the seed 003 Figs. 12-13 presets at 16 nodes run 200k cycles per variant,
  // about 5.6 s each in WASM, eight runs, on top of the other examples.)
  it('every browser-sized example reproduces its published values in the WASM core', () => {
    const checked = EXAMPLES.filter((e) => e.browser && e.published?.some((p) => p.check !== false));
    expect(checked.length).toBeGreaterThanOrEqual(6);
    const runs = new Map<string, SimResult>();
    for (const e of checked) {
      // Each value against the run it describes: its variant's, with its `when` changes.
      for (const p of e.published!.filter((q) => q.check !== false)) {
        const config = publishedConfig(e, p);
        const key = canonical(config);
        if (!runs.has(key)) runs.set(key, run(config));
        const got = getPath(runs.get(key)! as unknown as Json, p.path!);
        expect(typeof got, `${e.key}: ${p.what}`).toBe('number');
        expect(Math.abs((got as number) - p.value), `${e.key}: ${p.what} = ${String(got)}, published ${p.value} ± ${p.tolerance}`)
          .toBeLessThanOrEqual(p.tolerance * (1 + 1e-9) + 1e-12);
      }
    }
  }, 240_000);
});

describe('comparing a browser run with a server run: configs diffed as the core normalizes them', () => {
  const normalize = (cfg: object) => {
    const out = handle(core, { id: 1, method: 'normalize', config: cfg as never });
    if (out.kind !== 'normalized') throw new Error(`expected a normalized config, got ${JSON.stringify(out)}`);
    return out.config;
  };
  const differing = (configs: object[]) => diffConfigs(configs as never).filter((d) => d.differs).map((d) => d.path);
  const browser = exampleByKey('booksim-mesh-8x8-cycle')!.config; // as the form holds it
  let server: object; // as the API stores it
  beforeAll(() => {
    server = normalize(browser);
  });

  it('the same preset: no config differences (the raw configs differ in every default)', () => {
    expect(differing([browser, server]).length).toBeGreaterThan(20);
    expect(normalize(server)).toEqual(server);
    expect(differing([normalize(browser), normalize(server)])).toEqual([]);
  });

  it('a real difference is still listed, and only it', () => {
    const loaded = setPath(browser, 'traffic.injection.load', 0.1);
    const rows = diffConfigs([normalize(loaded), normalize(server)]).filter((d) => d.differs);
    expect(rows).toEqual([{ path: 'traffic.injection.load', values: [0.1, 0.05], differs: true }]);
  });

  it('a config the core rejects answers with its error', () => {
    expect(handle(core, { id: 1, method: 'normalize', config: { topology: { kind: 'torus', dims: [4, 4], concentration: 0 } } }))
      .toEqual({ kind: 'invalid', error: { field: 'topology.concentration', message: 'must be an integer in [1, 64], got 0', allowed: 'an integer in [1, 64]' } });
  });
});
