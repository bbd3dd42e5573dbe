import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { canonical, comparisonRows, compareExampleOf, compareSweep, EXAMPLES, exampleByKey, exampleFor, variantConfigs, variantResultsOfRows, variantRows, type Example } from '../src/config/examples';
import type { SimResult } from '../src/config/types';
import { SLICE_RESULT } from './fixtures';

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

  it('comparison rows: published value and tolerance beside the model, with units and agreement', () => {
    const e: Example = {
      key: 'k', title: 't', description: 'd', source: 's', config: {}, browser: true,
      published: [
        { what: 'reduction', path: 'models.seed001_torus.max_zero_load_latency_ns.reduction_vs_conventional_model',
          value: 0.09, tolerance: 0.005, unit: 'fraction' },
        { what: 'capacity misses', path: 'cache.misses.capacity', value: 0, tolerance: 0, unit: 'look-ups' },
        { what: 'ratio', value: 0.001, tolerance: 0, unit: 'fraction', check: false, note: 'not a result key' },
      ],
    };
    const r = { ...SLICE_RESULT, models: { seed001_torus: { max_zero_load_latency_ns: { reduction_vs_conventional_model: 0.09304351886706652 } } },
      cache: { ...SLICE_RESULT.cache, misses: { compulsory: 480, capacity: 12345, conflict: 0 } } } as SimResult;
    expect(comparisonRows(e, r)).toEqual([
      { what: 'reduction', published: '9.0 % ± 0.5 %', model: '9.3 %', agreement: 'within tolerance', note: undefined },
      { what: 'capacity misses', published: '0 look-ups', model: '12,345 look-ups', agreement: 'outside tolerance', note: undefined },
      { what: 'ratio', published: '0.1 %', model: '—', agreement: 'context only', note: 'not a result key' },
    ]);
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
    expect(variantRows(e, results).map(({ variant, model, agreement }) => ({ variant, model, agreement }))).toEqual([
      { variant: 'input_fifo', model: '0.644 flits/node/cycle', agreement: 'context only' },
      { variant: 'hipiqs', model: '—', agreement: 'run failed: boom' },
      { variant: 'central', model: '0.917 flits/node/cycle', agreement: 'within tolerance' },
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
    expect(rows.map(({ variant, model, published, agreement }) => ({ variant, model, published, agreement }))).toEqual([
      { variant: 'input_fifo', model: '0.64 flits/node/cycle', published: '0.6 flits/node/cycle', agreement: 'context only' },
      { variant: 'hipiqs', model: '0.8 flits/node/cycle', published: '0.9 flits/node/cycle ± 0.05 flits/node/cycle', agreement: 'outside tolerance' },
      { variant: 'central', model: '—', published: '0.9 flits/node/cycle ± 0.05 flits/node/cycle', agreement: 'not run yet' },
    ]);
    expect(variantRows(e, [sat(0.64), sat(0.93), sat(0.918)]).map((r) => r.agreement))
      .toEqual(['context only', 'within tolerance', 'within tolerance']);
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
