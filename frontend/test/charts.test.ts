import { describe, expect, it } from 'vitest';
import { latencyBins, lookupSegments, missEstimateLabel, portClassRows, resultRows } from '../src/lib/charts';
import { coreUnits } from './core';
import { toCsv } from '../src/lib/exporting';
import { SLICE_RESULT } from './fixtures';

describe('chart data transforms', () => {
  it('port-class rows are ordered and carry exact counts', () => {
    expect(portClassRows(SLICE_RESULT)).toEqual([
      { portClass: 'injection', lookups: 2000, hits: 1760, hitRate: 0.88 },
      { portClass: 'dim0', lookups: 2139, hits: 1947, hitRate: 0.9102384291725105 },
      { portClass: 'dim1', lookups: 2147, hits: 2099, hitRate: 0.9776432231020028 },
    ]);
  });

  it('look-up segments stack hits and the 3C misses to 100 %', () => {
    const s = lookupSegments(SLICE_RESULT);
    expect(s.map((x) => [x.key, x.count])).toEqual([['hits', 5806], ['compulsory', 480], ['capacity', 0], ['conflict', 0]]);
    expect(s[1].start).toBeCloseTo(5806 / 6286, 12);
    expect(s.reduce((a, x) => a + x.fraction, 0)).toBeCloseTo(1, 12);
  });

  it('3C counts from a sample are labelled estimates, exact ones are not', () => {
    expect(missEstimateLabel(SLICE_RESULT)).toBe('');
    const sampled = { ...SLICE_RESULT, cache: { ...SLICE_RESULT.cache, misses: { ...SLICE_RESULT.cache.misses, classify_sampling: 16 } } };
    expect(missEstimateLabel(sampled)).toBe('estimated (1 in 16 tags)');
  });

  it('latency re-binning keeps every packet', () => {
    // 162..420 ns in 3 bins of 86 ns: 162, 171, 233 fall in the first; 420 closes the last.
    const bins = latencyBins(SLICE_RESULT.latency_ns!.zero_load!.histogram!, 3);
    expect(bins.map((b) => b.packets)).toEqual([456 + 27 + 720, 0, 2]);
    expect(bins[0].x0).toBe(162);
    expect(bins[2].x1).toBe(420);
    expect(latencyBins([[100, 7]])).toEqual([{ x0: 100, x1: 100, packets: 7 }]);
    expect(latencyBins([])).toEqual([]);
  });

  it('metrics CSV has one row per scalar of the result with the results schema\'s unit', async () => {
    const units = await coreUnits();
    const csv = toCsv(resultRows(SLICE_RESULT, (p) => units.unitOf(p)));
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('metric,value,unit');
    expect(lines).toContain('cache.hit_rate,0.9236398345529748,fraction');
    expect(lines).toContain(`cache.by_port_class.dim1.lookups,2147,${units.unitOf('cache.by_port_class.dim1.lookups')}`);
    expect(lines).toContain('latency_ns.zero_load.p99,375,ns');
    expect(lines).toContain('engine.name,routewalk,');
    // Arrays (per-switch rates, histograms) and the topology description are not metrics.
    expect(lines.some((l) => l.startsWith('cache.by_switch') || l.startsWith('topology.'))).toBe(false);
  });

  it('CSV quotes cells with commas and quotes', () => {
    expect(toCsv([{ a: 'x,y', b: 'say "hi"' }])).toBe('a,b\n"x,y","say ""hi"""\n');
  });
});
