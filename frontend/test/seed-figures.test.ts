import { describe, expect, it } from 'vitest';
import { capacityMissRows, latencyReductionRows, SEED_FIGURES, seedFigureFor, switchableRows } from '../src/config/seedFigures';
import type { SimResult } from '../src/config/types';
import { SLICE_RESULT } from './fixtures';

describe('seed figure presets', () => {
  it('every preset is labelled with its source and recognised only when unchanged', () => {
    for (const f of SEED_FIGURES) {
      expect(f.source).toMatch(/^seed 00\d /);
      expect(seedFigureFor(structuredClone(f.config))).toBe(f);
      // Key order does not matter (the form may rebuild the object)...
      expect(seedFigureFor(Object.fromEntries(Object.entries(f.config).reverse()))).toBe(f);
      // ...but an edited config is no longer the figure.
      expect(seedFigureFor({ ...f.config, seed: 99 })).toBeUndefined();
    }
  });

  it('seed 001 Sec. 6.4 rows: published vs the model reduction and latencies with units', () => {
    const r = { ...SLICE_RESULT, models: { seed001_torus: { max_zero_load_latency_ns: {
      conventional_switch: 3740, model: 3392.017239437171, reduction_vs_conventional_model: 0.09304351886706652,
      simulated_mean_at_max_distance: 3384.8125 } } } } as SimResult;
    expect(latencyReductionRows(r, '9 %').map((c) => [c.published, c.model])).toEqual([
      ['9 %', '9.3 %'], ['—', '3392.0 ns'], ['—', '3740 ns'], ['—', '3384.8 ns'],
    ]);
    expect(latencyReductionRows(SLICE_RESULT, '9 %')[0].model).toBe('n/a (model not applicable)');
  });

  it('seed 000 Fig. 7 rows: capacity misses per look-up', () => {
    const r = { ...SLICE_RESULT, cache: { ...SLICE_RESULT.cache, lookups: 1100780, misses: { compulsory: 5479, capacity: 168632, conflict: 27273 } } };
    expect(capacityMissRows(r, 10)[0]).toEqual({
      what: 'capacity misses per look-up, k = 10 (10,000 switches)', published: 'grow with k',
      model: '15.32 % (168,632 of 1,100,780 look-ups)',
    });
    expect(capacityMissRows(SLICE_RESULT, 6)[0].published).toBe('none (the machine fits in 2K entries)');
  });

  it('seed 000 Sec. IV rows: one miss per filled entry and 100 % hits after', () => {
    const r = { ...SLICE_RESULT, cache: { ...SLICE_RESULT.cache, lookups: 1000, hits: 900,
      misses: { compulsory: 100, capacity: 0, conflict: 0, total: 100 }, occupancy: { entries_total: 100 } } } as SimResult;
    expect(switchableRows(r).map((c) => c.model)).toEqual(['100 misses, 100 entries filled', '0', '100.00 %']);
  });
});
