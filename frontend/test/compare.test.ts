import { describe, expect, it } from 'vitest';
import { metricLabel, metricRows, selectionFromHash, selectionHash } from '../src/lib/compare/compare';
import { appRows } from '../src/lib/charts/appChart';
import { formatDelta } from '../src/lib/numbers/format';
import type { Config } from '../src/config/types';
import { coreRun, coreUnits } from './core';

// The compare view flags a row when its values differ; identical values are never flagged, and a
// flagged row's Δ shows the difference however small (format.ts formatDelta), never "−0.00".
describe('compare rows', () => {
  const run = (hops: number) => ({ hops: { mean: hops }, throughput: { accepted: 0.3 } });
  it('flags a real difference below the shown digits, with a Δ that shows it; identical values are not flagged', () => {
    const rows = metricRows([run(2.5), run(2.5025)]);
    const hops = rows.find((r) => r.path === 'hops.mean')!;
    expect(hops.differs).toBe(true);
    expect(formatDelta(hops.values[1], hops.values[0], '', 0.01)).toBe('+0.0025 (+0.1 %)');
    expect(rows.find((r) => r.path === 'throughput.accepted')!.differs).toBe(false);
    expect(metricRows([run(2.5), run(2.5)]).some((r) => r.differs)).toBe(false);
  });
});

// A cost figure the core could not give has its reason beside the "—", and the parts that do not
// depend on it (the CAM) keep their rows.
describe('compare: cost rows without figures', () => {
  it('carry the core\'s reason and keep the CAM rows', () => {
    const cacheError = { field: 'switch.cache.entries', message: 'must be an integer in [16, 65536]' };
    const small = { cost: { cache: { error: cacheError }, cam: { area_mm2: 2.5 }, budget: { error: cacheError } } };
    const ok = { cost: { cache: { area_mm2: 0.14 }, cam: { area_mm2: 2.5 }, budget: { total_area_mm2: 11 } } };
    const rows = metricRows([small, ok]);
    const area = rows.find((r) => r.path === 'cost.cache.area_mm2')!;
    expect(area.values).toEqual([undefined, 0.14]);
    expect(area.reasons).toEqual(['switch.cache.entries: must be an integer in [16, 65536]', undefined]);
    expect(rows.find((r) => r.path === 'cost.cam.area_mm2')!.values).toEqual([2.5, 2.5]);
  });
});

// A fit figure carries its grid region's cross-validated error; CACTI's exact figures carry none
// (docs/cost-model.md section 5).
describe('compare: fit errors beside fit figures', () => {
  it('takes each run\'s error of that figure from its cost part', () => {
    const fit = { cost: { cache: { method: 'fit', area_mm2: 0.127, fit_holdout_error_pct: { area_mm2: [8.96, 36.8] } }, budget: { total_area_mm2: 3 } } };
    const exact = { cost: { cache: { method: 'cacti', area_mm2: 0.143, cacti: {} }, budget: { total_area_mm2: 3.2 } } };
    const rows = metricRows([fit, exact]);
    expect(rows.find((r) => r.path === 'cost.cache.area_mm2')!.fitErrors).toEqual([[8.96, 36.8], undefined]);
    expect(rows.find((r) => r.path === 'cost.budget.total_area_mm2')!.fitErrors).toEqual([undefined, undefined]);
  });
});

// A cycle run without caches reports look-ups (its routing computations) but no cache: its cache
// rows are empty beside a cached run's, and absent when no compared run has a cache.
describe('compare: cache rows of networks without caches', () => {
  const cycle = (cache: object | null) => ({
    seed: 1, engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] }, switch: { cache },
    traffic: { pattern: 'uniform', injection: { load: 0.2 }, packet_flits: 1 },
    sim: { warmup_cycles: 200, measure_cycles: 1000, drain_cycles: 1000 },
  }) as unknown as Config;
  it('leaves them empty', async () => {
    const [none, cached] = await Promise.all([coreRun(cycle(null)), coreRun(cycle({ entries: 8, ways: 2 }))]);
    expect((none as { cache: { lookups: number } }).cache.lookups).toBeGreaterThan(0);
    const lookups = metricRows([none, cached]).find((r) => r.path === 'cache.lookups')!;
    expect(lookups.values[0]).toBeUndefined();
    expect(lookups.values[1]).toBe((cached as { cache: { lookups: number } }).cache.lookups);
    expect(metricRows([none, none]).filter((r) => r.path.startsWith('cache.'))).toEqual([]);
  });
});

// Whether a cycle-engine run saturated or deadlocked is a row of its own (from the result's
// `saturated` and `deadlock`), flagged when the runs differ; route-walk results have none.
describe('compare: the state of cycle-engine runs', () => {
  const mesh = { kind: 'mesh', dims: [4, 4] };
  const cycle = (organisation: string, load: number, topology = mesh, drain_cycles = 2000) => ({
    seed: 1, engine: 'cycle', topology,
    switch: { cache: null, buffer: { organisation, flits_per_port: 8, flow_control: 'wormhole' } },
    traffic: { pattern: 'uniform', injection: { load }, packet_flits: 8 },
    sim: { warmup_cycles: 200, measure_cycles: 1000, drain_cycles },
  }) as unknown as Config;
  const state = (results: unknown[]) => metricRows(results).find((r) => r.path === 'state');

  it('a saturated input FIFO beside VCs below saturation: the state row differs', async () => {
    // A 4x4 mesh at 0.6 flits/node/cycle: the single FIFO saturates, the VCs do not.
    const [fifo, vc] = await Promise.all([coreRun(cycle('input_fifo', 0.6)), coreRun(cycle('vc', 0.6))]);
    expect(state([fifo, vc])).toEqual({ path: 'state', section: 'results', values: ['saturated', 'below saturation'], reasons: [undefined, undefined], fitErrors: [undefined, undefined], differs: true });
    expect(state([vc, vc])!.differs).toBe(false);
  });

  it('a deadlock says so, and a route walk has no state', async () => {
    // One FIFO per input and wormhole DOR on a torus ring deadlock at full load (core test
    // CycleDeadlock), found after the core's 20,000 cycles without a flit moving.
    const [stuck, walk] = await Promise.all([
      coreRun(cycle('input_fifo', 1.0, { kind: 'torus', dims: [4, 4] }, 30000)),
      coreRun({ seed: 1, engine: 'routewalk', topology: { kind: 'torus', dims: [4, 4] }, traffic: { pattern: 'uniform', packets: 200 } } as Config),
    ]);
    expect(state([stuck, walk])!.values).toEqual(['deadlock', undefined]);
    expect(state([walk, walk])).toBeUndefined();
  });
});

// The Compare view's URL fragment: what links write (#ids=a,b / #h=c), what older versions of the
// view wrote (commas encoded, empty lists), and what the view writes, which reads back the same.
describe('compare selection in the URL fragment', () => {
  it('reads the lists as written, encoded or not, and writes a fragment that reads back', () => {
    expect(selectionFromHash('#ids=a,b')).toEqual({ ids: ['a', 'b'], h: [] });
    expect(selectionFromHash('#h=c')).toEqual({ ids: [], h: ['c'] });
    expect(selectionFromHash('#ids=a%2C%20b&h=')).toEqual({ ids: ['a', 'b'], h: [] });
    const selection = { ids: ['a', 'b'], h: ['c', 'd'] };
    expect(selectionHash(selection)).toBe('#ids=a,b&h=c,d');
    expect(selectionFromHash(selectionHash(selection))).toEqual(selection);
  });
});

// Two application-model runs (seed 001 Figs. 7 and 9) differ in their relative performance; the
// compare view listed "Results (0 that differ)", having no row for the model's outcome.
describe('compare: application-model runs', () => {
  it('lists the mean relative performance and each benchmark', async () => {
    const { exampleByKey } = await import('../src/config/examples');
    const [torus, random] = await Promise.all(['seed001-fig7-npb-torus-64', 'seed001-fig9-npb-random-64']
      .map((k) => coreRun(exampleByKey(k)!.config)));
    const rows = metricRows([torus, random]);
    const mean = rows.find((r) => r.path === 'app.relative_mean')!;
    const relativeMean = (r: unknown) => (r as { app: { relative_mean: number } }).app.relative_mean;
    expect(mean.values).toEqual([relativeMean(torus), relativeMean(random)]);
    expect(mean.differs).toBe(true);
    const names = Object.keys((torus as unknown as { app: { benchmarks: object } }).app.benchmarks);
    expect(rows.filter((r) => r.path.startsWith('app.')).map((r) => r.path)).toEqual(
      ['app.relative_mean', ...names.flatMap((b) => [`app.benchmarks.${b}.time_s`, `app.benchmarks.${b}.relative`])]);
  });

  // The rows named the benchmarks by their result keys ("bt"), the result panel by their names ("BT").
  it('names each benchmark as the result panel does', async () => {
    const { exampleByKey } = await import('../src/config/examples');
    const [torus, units] = await Promise.all([coreRun(exampleByKey('seed001-fig7-npb-torus-64')!.config), coreUnits()]);
    const app = (torus as unknown as { app: Parameters<typeof appRows>[0] }).app;
    const labelOf = (k: string) => units.labelOf(k);
    const panel = appRows(app).filter((r) => r.benchmark).map((r) => r.label);
    expect(panel.length).toBeGreaterThan(1);
    expect(Object.keys(app.benchmarks).map((b) => metricLabel(`app.benchmarks.${b}.time_s`, labelOf)))
      .toEqual(panel.map((name) => `app · benchmarks · ${name} · time`));
    expect(metricLabel('latency_ns.zero_load.p99', labelOf)).toBe('latency · zero load · p99');
  });
});

// "Copy link" of Compare: browser runs are stored on the server first, and the link names every
// run by server id and carries the stored runs' configs (so a server that lost one can run it again).
describe('a compare link that stands alone', () => {
  it('stores the browser runs, then links by server id with their configs', async () => {
    const { standaloneCompareLink } = await import('../src/lib/compare/compareLink');
    const { decodeConfig } = await import('../src/lib/runs/share');
    const stored: unknown[] = [];
    const a = { seed: 1 };
    const b = { seed: 2 };
    const url = await standaloneCompareLink('https://lab', ['s1'], [a, b], async (c) => {
      stored.push(c);
      return `id${(c as { seed: number }).seed}`;
    });
    expect(stored).toEqual([a, b]);
    expect(url.startsWith('https://lab/?view=compare#ids=s1,id1,id2&h=&c=')).toBe(true);
    const sel = selectionFromHash(url.slice(url.indexOf('#')));
    expect(sel.ids).toEqual(['s1', 'id1', 'id2']);
    expect(sel.h).toEqual([]);
    expect(sel.c!.map((enc) => decodeConfig(`c=${enc}`))).toEqual([a, b]);
    // A run the server already had is named once.
    expect(await standaloneCompareLink('', ['id1'], [a], async () => 'id1')).toMatch(/#ids=id1&h=&c=/);
  });

  it('a failed store gives no link', async () => {
    const { standaloneCompareLink } = await import('../src/lib/compare/compareLink');
    await expect(standaloneCompareLink('', [], [{ seed: 1 }], async () => {
      throw new Error('401: a write token is required');
    })).rejects.toThrow('401');
  });
});
