import { describe, expect, it } from 'vitest';
import { binHistogram, binRange, histogramAxisTitle, lookupSegments, missEstimateLabel, portClassRows, resultRows } from '../src/lib/charts/charts';
import { coreUnits } from './core';
import { toCsv } from '../src/lib/runs/exporting';
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

  it('latency re-binning keeps every packet, in bins of one round width', () => {
    // 162..420 ns in at most 3 bins: width 200 ns from 0 (162, 171 in the first, 233 and 420 after).
    const { width, bins } = binHistogram(SLICE_RESULT.latency_ns!.zero_load!.histogram!, 3);
    expect(width).toBe(200);
    expect(bins).toEqual([{ x0: 0, x1: 200, packets: 456 + 27 }, { x0: 200, x1: 400, packets: 720 }, { x0: 400, x1: 600, packets: 2 }]);
    expect(binHistogram([[100, 7]]).bins.map((b) => b.packets)).toEqual([7]);
    expect(binHistogram([])).toEqual({ width: 0, bins: [] });
  });

  // Past saturation a cycle run has thousands of distinct latencies: drawn as at most 30 bars of
  // a round whole number of cycles, every packet kept.
  it('bins a long cycle histogram into at most 30 whole-cycle bins', () => {
    const hist: Array<[number, number]> = Array.from({ length: 5000 }, (_, i) => [11 + i * 3, 1 + (i % 7)]);
    const t0 = performance.now();
    const { width, bins } = binHistogram(hist, 30, true);
    expect(performance.now() - t0).toBeLessThan(50);
    expect(width).toBe(1000);
    expect(bins.length).toBeLessThanOrEqual(30);
    expect(bins.reduce((n, b) => n + b.packets, 0)).toBe(hist.reduce((n, [, c]) => n + c, 0));
    // Few distinct latencies: one bar per cycle, named by its latency.
    const short = binHistogram([[11, 677], [12, 160], [14, 18], [40, 1]], 30, true);
    expect(short.width).toBe(1);
    expect(short.bins).toHaveLength(30);
    expect(binRange(short.bins[0], true, 'cycles')).toBe('11 cycles');
    expect(binRange({ x0: 1000, x1: 2000, packets: 3 }, true, 'cycles')).toBe('1,000–1,999 cycles');
    expect(binRange({ x0: 0, x1: 200, packets: 3 }, false, 'ns')).toBe('0–200 ns');
  });

  it('names the bin width in the unit of the axis', () => {
    expect(histogramAxisTitle('packet latency', 'cycles', 10)).toBe('packet latency (cycles); bin width 10 cycles');
    expect(histogramAxisTitle('packet latency', 'cycles', 1000)).toBe('packet latency (cycles); bin width 1,000 cycles');
    expect(histogramAxisTitle('zero-load latency', 'ns', 2.5)).toBe('zero-load latency (ns); bin width 2.50 ns');
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
