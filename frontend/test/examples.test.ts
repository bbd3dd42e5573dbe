import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { canonical, comparisonRows, compareExampleOf, compareSweep, EXAMPLES, exampleByKey, exampleFor, publishedExampleFor, variantConfigs, variantResultsOfRows, variantRows, type Example } from '../src/config/examples';
import type { SimResult } from '../src/config/types';
import { SLICE_RESULT } from './fixtures';
import { setPath } from '../src/lib/form/path';

const DIR = fileURLToPath(new URL('../../examples', import.meta.url));

describe('example catalogue', () => {
  it('bundles every examples/*.json file (and none of examples/invalid)', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
    expect(EXAMPLES.map((e) => `${e.key}.json`)).toEqual(files);
    const fat = EXAMPLES.find((e) => e.key === 'fattree-16ary-3tree')!;
    expect(fat).toEqual({ key: 'fattree-16ary-3tree', ...JSON.parse(readFileSync(`${DIR}/fattree-16ary-3tree.json`, 'utf8')) });
  });

  it('an example is recognised only when its config is unchanged', () => {
    for (const e of EXAMPLES) {
      expect(exampleFor(structuredClone(e.config))).toBe(e);
      // Key order does not matter (the form may rebuild the object)...
      expect(exampleFor(Object.fromEntries(Object.entries(e.config).reverse()))).toBe(e);
      // ...but an edited config is no longer the example.
      expect(exampleFor({ ...e.config, seed: 99 })).toBeUndefined();
    }
  });

  it('comparison rows: published value and tolerance beside the model and the simulated figure, with units and agreement in words', () => {
    const e: Example = {
      key: 'k', title: 't', description: 'd', source: 's', config: {}, browser: true,
      published: [
        { what: 'reduction', path: 'models.seed001_torus.max_zero_load_latency_ns.reduction_vs_conventional_model',
          simulated_path: 'models.seed001_torus.max_zero_load_latency_ns.reduction_vs_conventional_simulated',
          value: 0.09, tolerance: 0.005, unit: 'fraction', source: 'seed 001 Fig. 12' },
        { what: 'capacity misses', path: 'cache.misses.capacity', value: 0, tolerance: 0, unit: 'look-ups' },
        { what: 'conflict misses', path: 'cache.misses.conflict', value: 0, tolerance: 0, unit: 'look-ups' },
        { what: 'ratio', value: 0.001, tolerance: 0, unit: 'fraction', check: false, note: 'not a result key' },
      ],
    };
    const r = { ...SLICE_RESULT, models: { seed001_torus: { max_zero_load_latency_ns: { reduction_vs_conventional_model: 0.09304351886706652,
      reduction_vs_conventional_simulated: 1 - 3384.8125 / 3740 } } },
      cache: { ...SLICE_RESULT.cache, misses: { compulsory: 480, capacity: 12345, conflict: 0 } } } as SimResult;
    expect(comparisonRows(e, r)).toEqual([
      { what: 'reduction', published: '9.0 % ± 0.5 %', source: 'seed 001 Fig. 12', model: '9.3 %', simulated: '9.5 %',
        agreement: 'reproduced (within ± 0.5 %), model and simulation', note: undefined },
      { what: 'capacity misses', published: '0 look-ups', source: 's', model: '—', simulated: '12,345 look-ups',
        agreement: 'not reproduced (Δ = +12,345 look-ups)', note: undefined },
      { what: 'conflict misses', published: '0 look-ups', source: 's', model: '—', simulated: '0 look-ups', agreement: 'reproduced (exactly)', note: undefined },
      { what: 'ratio', published: '0.1 %', source: 's', model: '—', simulated: '—', agreement: 'context only (a figure this run does not report)', note: 'not a result key' },
    ]);
    // Model and simulation apart: each judged on its own.
    const cold = { ...r, models: { seed001_torus: { max_zero_load_latency_ns: { reduction_vs_conventional_model: 0.1906,
      reduction_vs_conventional_simulated: 1 - 3189.5 / 3740 } } } } as SimResult;
    expect(comparisonRows({ ...e, published: [{ ...e.published![0], value: 0.19 }] }, cold)[0].agreement)
      .toBe('model: reproduced (within ± 0.5 %); simulated: not reproduced (Δ = −4.3 %)');
    // Before a run.
    expect(comparisonRows(e, undefined).map((c) => c.agreement))
      .toEqual(['not run yet', 'not run yet', 'not run yet', 'context only (a figure this run does not report)']);
  });

  // BookSim's saturation throughput is measured in saturation mode, its latencies at their loads:
  // the table stays for those runs, and judges only the values that run measures.
  it('a published value measured with `when` changes is judged on that run only', () => {
    const e = exampleByKey('booksim-mesh-8x8-cycle')!;
    const sat = setPath(e.config, 'sim.mode', 'saturation');
    expect(exampleFor(sat)).toBeUndefined();
    expect(publishedExampleFor(sat)).toBe(e);
    expect(publishedExampleFor(setPath(e.config, 'traffic.injection.load', 0.35))).toBe(e);
    expect(publishedExampleFor(setPath(e.config, 'traffic.injection.load', 0.3))).toBeUndefined();
    const run = { ...SLICE_RESULT, engine: { name: 'cycle', version: 'x' }, latency_cycles: { packet: { mean: 85.9 } },
      throughput: { accepted: 0.4129 }, saturation: { throughput: 0.4130015625 } } as unknown as SimResult;
    const rows = comparisonRows(e, run, sat);
    const by = Object.fromEntries(rows.map((c) => [c.what, c]));
    expect(by['saturation throughput']).toMatchObject({ published: '0.415 flits/node/cycle ± 0.03 flits/node/cycle', simulated: '0.413 flits/node/cycle',
      agreement: 'reproduced (within ± 0.03 flits/node/cycle)' });
    expect(by['saturation throughput'].source).toMatch(/^BookSim 2\.0 built from source and run here on 2026-11-24 .*injection_rate = 0\.41/);
    expect(by['mean packet latency at 0.05 flits/node/cycle (creation to tail ejection)']).toMatchObject({ simulated: '—',
      agreement: 'context only (measured with sim.mode = its default)' });
    expect(by['mean packet latency at 0.35 flits/node/cycle (creation to tail ejection)'].agreement)
      .toBe('context only (measured with traffic.injection.load = 0.35)');
    // Every BookSim number cites the BookSim run it comes from, with its config.
    for (const c of comparisonRows(e, undefined).filter((c) => c.what.startsWith('mean packet latency'))) expect(c.source).toContain('num_vcs = 4; vc_buf_size = 8');
  });

  // Submitted from Explore, a compare example becomes a sweep: its page puts the published values
  // beside the points, read from the rows' columns (they were only shown for browser runs).
  it("a compare example's sweep is recognised and its rows give each variant's values", () => {
    const e = exampleByKey('seed003-fig7-compare-bmin16')!;
    const s = compareSweep(e)!;
    // As the API returns it: keys reordered.
    const stored = { base: JSON.parse(canonical(s.base)), axes: s.axes };
    expect(compareExampleOf(stored)).toBe(e);
    expect(compareExampleOf({ ...stored, axes: { 'switch.buffer.organisation': ['hipiqs', 'central'] } })).toBeUndefined();
    const columns = ['experiment_id', 'status', 'switch.buffer.organisation', 'saturation.throughput', 'error'].map((name) => ({ name }));
    const rows = [['e1', 'done', 'input_fifo', 0.644, null], ['e2', 'failed', 'hipiqs', null, 'boom'], ['e3', 'done', 'central', 0.917, null]];
    const results = variantResultsOfRows(e, columns, rows);
    const throughput = (r: unknown) => (r as { saturation?: { throughput: number } } | undefined)?.saturation?.throughput ?? null;
    expect(results.map(throughput)).toEqual([0.644, null, 0.917]);
    // A failed point says so, with its error (it read "not run yet").
    expect(variantRows(e, results).map(({ variant, simulated, agreement }) => ({ variant, simulated, agreement }))).toEqual([
      { variant: 'input_fifo', simulated: '0.644 flits/node/cycle', agreement: 'not reproduced (Δ = +0.044 flits/node/cycle)' },
      { variant: 'hipiqs', simulated: '—', agreement: 'run failed: boom' },
      { variant: 'central', simulated: '0.917 flits/node/cycle', agreement: 'reproduced (within ± 0.05 flits/node/cycle)' },
    ]);
    // Without an error, briefly; a long one, its first line cut short; a queued point has not run yet.
    const long = `worker lost: ${'x'.repeat(200)}\ntraceback ...`;
    const others = [['e1', 'failed', 'input_fifo', null, null], ['e2', 'failed', 'hipiqs', null, long], ['e3', 'queued', 'central', null, null]];
    const agreements = variantRows(e, variantResultsOfRows(e, columns, others)).map((r) => r.agreement);
    expect(agreements).toEqual(['run failed', `run failed: ${long.slice(0, 99)}…`, 'not run yet']);
  });

  it('a compare example runs its config once per value of its path, in order', () => {
    const e = exampleByKey('seed003-fig7-compare-bmin16')!;
    const v = variantConfigs(e);
    expect(v.map((c) => c.variant)).toEqual(['input_fifo', 'hipiqs', 'central']);
    for (const c of v) {
      // Only the compared key differs from the example's config.
      const expected = structuredClone(e.config) as { switch: { buffer: { organisation: string } } };
      expected.switch.buffer.organisation = c.variant;
      expect(c.config).toEqual(expected);
    }
    // The first variant is the example's own config, so a single run of it is that variant's.
    expect(canonical(v[0].config)).toBe(canonical(e.config));
    expect(variantConfigs(exampleByKey('seed003-fig7-hipiqs-bmin16')!)).toEqual([]);
  });

  it('compare rows: each published value beside the run of its variant; a single run shows only its own', () => {
    const e = exampleByKey('seed003-fig7-compare-bmin16')!;
    const sat = (throughput: number) => ({ ...SLICE_RESULT, saturation: { throughput, curve: [] } }) as unknown as SimResult;
    // Two of three variants run so far.
    const rows = variantRows(e, [sat(0.64), sat(0.8)]);
    expect(rows.map(({ variant, simulated, published, agreement }) => ({ variant, simulated, published, agreement }))).toEqual([
      { variant: 'input_fifo', simulated: '0.64 flits/node/cycle', published: '0.6 flits/node/cycle', agreement: 'not reproduced (Δ = +0.04 flits/node/cycle)' },
      { variant: 'hipiqs', simulated: '0.8 flits/node/cycle', published: '0.9 flits/node/cycle ± 0.05 flits/node/cycle', agreement: 'not reproduced (Δ = −0.1 flits/node/cycle)' },
      { variant: 'central', simulated: '—', published: '0.9 flits/node/cycle ± 0.05 flits/node/cycle', agreement: 'not run yet' },
    ]);
    expect(variantRows(e, [sat(0.64), sat(0.93), sat(0.918)]).map((r) => r.agreement)).toEqual(['not reproduced (Δ = +0.04 flits/node/cycle)',
      'reproduced (within ± 0.05 flits/node/cycle)', 'reproduced (within ± 0.05 flits/node/cycle)']);
    // The example's config is the input FIFO's: run alone, only the FIFO's value applies.
    expect(comparisonRows(e, sat(0.64)).map((r) => r.what)).toEqual([e.published![0].what]);
  });
});

describe('a compare example submitted to the server', () => {
  it('is a sweep with compare.path as its one axis over compare.values, on the example config', () => {
    const e = exampleByKey('seed003-fig7-compare-bmin16')!;
    expect(compareSweep(e)).toEqual({
      name: e.title,
      base: e.config,
      axes: { 'switch.buffer.organisation': ['input_fifo', 'hipiqs', 'central'] },
    });
    expect(compareSweep(exampleByKey('seed003-fig7-hipiqs-bmin16')!)).toBeNull();
  });
});
