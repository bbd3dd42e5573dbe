import { describe, expect, it } from 'vitest';
import { boundedMeanSE, differenceSE, errorsOf, histogramMeanSE, proportionSE, rowErrors } from '../src/lib/numbers/confidence';
import { decimalsForError, formatDelta, formatEstimate, formatRate, formatValue } from '../src/lib/numbers/format';
import { SLICE_RESULT } from './fixtures';

describe('standard errors from the counts a result carries', () => {
  it('binomial error of a rate, at least about 1/N at 0 and 1', () => {
    expect(proportionSE(0.5, 100)).toBe(0.05);
    expect(proportionSE(1, 1_000_000)).toBeCloseTo(1e-6, 15);
    expect(proportionSE(0, 400)).toBe(1 / 400);
    expect(proportionSE(0.5, 0)).toBeUndefined();
  });
  it('error of a histogram mean and of a mean in a bounded range', () => {
    expect(histogramMeanSE([[1, 1], [3, 1]])).toBe(1);
    expect(histogramMeanSE([[5, 10]])).toBe(0);
    expect(histogramMeanSE([[5, 1]])).toBeUndefined();
    expect(boundedMeanSE(1, 5, 400)).toBe(0.1);
    expect(differenceSE(3, 4)).toBe(5);
    expect(differenceSE(3, undefined)).toBeUndefined();
  });
  it('knows which counts each result path was estimated from', () => {
    const se = errorsOf({
      ...SLICE_RESULT,
      cache: { ...SLICE_RESULT.cache, all_hit_share: 0.88 },
      packets: { measured: 2000, max_switches: 5, mean_switches: 3.143 },
      latency_ns: { zero_load: { mean: 2, histogram: [[1, 1], [3, 1]] } },
    });
    expect(se('cache.hit_rate')).toBe(proportionSE(0.9236398345529748, 6286));
    expect(se('cache.by_port_class.injection.hit_rate')).toBe(proportionSE(0.88, 2000));
    expect(se('cache.all_hit_share')).toBe(proportionSE(0.88, 2000));
    expect(se('latency_ns.zero_load.mean')).toBe(1);
    expect(se('packets.mean_switches')).toBe(boundedMeanSE(1, 5, 2000));
    expect(se('cache.hits')).toBeUndefined();
    // A sweep row: columns by result path.
    const row = rowErrors([{ name: 'cache.lookups' }, { name: 'cache.hit_rate' }, { name: 'latency_ns.zero_load.mean' }], [6286, 0.5, 245]);
    expect(row('cache.hit_rate')).toBe(proportionSE(0.5, 6286));
    expect(row('latency_ns.zero_load.mean')).toBeUndefined();
  });
  it('scales the cycle engine\'s ns mean error from its cycle histogram', () => {
    const se = errorsOf({ latency_cycles: { packet: { mean: 2, histogram: [[1, 1], [3, 1]] } }, latency_ns: { packet: { mean: 4 } } });
    expect(se('latency_cycles.packet.mean')).toBe(1);
    expect(se('latency_ns.packet.mean')).toBe(2);
  });
});

describe('digits from the confidence of each statistic', () => {
  it('shows decimals down to the first significant digit of 2 SE', () => {
    expect(decimalsForError(0.335, 1, 4)).toBe(1);   // 2 SE = 0.67
    expect(decimalsForError(0.05, 1, 4)).toBe(1);    // 2 SE = 0.1 exactly
    expect(decimalsForError(0.0084, 1, 4)).toBe(2);  // 2 SE = 0.0168
    expect(decimalsForError(5, 1, 4)).toBe(1);       // clamped to the minimum
    expect(decimalsForError(0, 1, 4)).toBe(4);       // no error: the maximum
  });
  it('hit rates: 1 to 4 decimals of a percent by their look-ups', () => {
    expect(formatRate(0.9236398345529748, 6286)).toBe('92.4 %');
    expect(formatRate(0.9236398345529748, 10_000_000)).toBe('92.36 %');
    expect(formatRate(0.9236398345529748, 1_000_000_000)).toBe('92.364 %');
    expect(formatRate(0.5, 100)).toBe('50.0 %');
    expect(formatRate(1, 1_000_000)).toBe('100.0000 %');
    expect(formatRate(0.88, 2000)).toBe('88.0 %');
    expect(formatRate(0.9236398345529748, undefined)).toBe('92.36 %');
  });
  it('means: 0 to 3 decimals in their unit', () => {
    expect(formatEstimate(245.313, 'ns', 1.4217792527751316)).toBe('245 ns');
    expect(formatEstimate(245.313, 'ns', 0.04)).toBe('245.31 ns');
    expect(formatEstimate(1234.5678, 'cycles', 0.004)).toBe('1,234.568 cycles');
    expect(formatEstimate(3.143, 'switches', boundedMeanSE(1, 5, 2000))).toBe('3.14 switches');
    expect(formatEstimate(245.313, 'ns', undefined)).toBe('245.3 ns');
    expect(formatValue(0.9236398345529748, 'fraction', proportionSE(0.9236398345529748, 6286))).toBe('92.4 %');
  });
  it('changes against a baseline: digits from both runs\' errors', () => {
    expect(formatDelta(0.7361, 0.5515, 'fraction', 0.004)).toBe('+18.5 pp');
    expect(formatDelta(0.7361, 0.5515, 'fraction', 0.00004)).toBe('+18.460 pp');
    expect(formatDelta(0.7361, 0.5515, 'fraction')).toBe('+18.46 pp');
    expect(formatDelta(300, 400, 'ns', 2)).toBe('−100 ns (−25 %)');
  });
});
