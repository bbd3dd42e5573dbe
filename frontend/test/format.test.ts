import { describe, expect, it } from 'vitest';
import { formatAxisValue, formatCount, formatDelta, formatEstimate, formatNs, formatPercent, formatSeconds, formatValue, formatWithUnit, portClassOrder } from '../src/lib/numbers/format';

describe('number formatting (always with units)', () => {
  it('counts of one take the singular unit', () => {
    expect(formatWithUnit(1, 'ways')).toBe('1 way');
    expect(formatWithUnit(4, 'ways')).toBe('4 ways');
    expect(formatWithUnit(1, 'entries')).toBe('1 entry');
  });
  it('formats hit rates as percentages with two decimals', () => {
    expect(formatPercent(0.9236398345529748)).toBe('92.36 %');
    expect(formatPercent(0.88)).toBe('88.00 %');
    expect(formatPercent(1)).toBe('100.00 %');
    expect(formatPercent(0.99995)).toBe('100.00 %');
    expect(formatPercent(0.5, 0)).toBe('50 %');
    expect(formatPercent(NaN)).toBe('—');
  });
  it('formats chart x values: integers as they are, others to four significant digits', () => {
    expect(formatAxisValue(0.4928125)).toBe('0.4928');
    expect(formatAxisValue(0.30000000000000004)).toBe('0.3');
    expect(formatAxisValue(0.05)).toBe('0.05');
    expect(formatAxisValue(2048)).toBe('2048');
    expect(formatAxisValue(131072)).toBe('131072');
  });
  it('formats counts with thousands separators', () => {
    expect(formatCount(6286)).toBe('6,286');
    expect(formatCount(2000000)).toBe('2,000,000');
    expect(formatCount(0)).toBe('0');
  });
  it('formats latencies and durations', () => {
    expect(formatNs(233)).toBe('233 ns');
    expect(formatNs(245.313)).toBe('245.3 ns');
    expect(formatNs(12.3456)).toBe('12.35 ns');
    expect(formatSeconds(0.000590799)).toBe('0.6 ms');
    expect(formatSeconds(0.000049)).toBe('49 µs');  // not "0.0 ms"
    expect(formatSeconds(0.0000012345)).toBe('1.2 µs');
    expect(formatSeconds(0)).toBe('0.0 ms');
    expect(formatDelta(0.00102, 0.001, 's')).toMatch(/^\+20 µs \(/);
    expect(formatSeconds(2.5)).toBe('2.50 s');
    expect(formatSeconds(45.31)).toBe('45.3 s');
    expect(formatSeconds(60)).toBe('1 min');
    expect(formatSeconds(446.89)).toBe('7.4 min');
    expect(formatSeconds(2457.91)).toBe('41 min');
    expect(formatSeconds(4320)).toBe('1.2 h');
    expect(formatSeconds(36 * 3600)).toBe('1.5 d');
    expect(formatSeconds(Infinity)).toBe('—');
  });
  it('formats numbers in the example catalogue units', () => {
    expect(formatWithUnit(0.19064171122994655, 'fraction')).toBe('19.1 %');
    expect(formatWithUnit(3392.017, 'ns')).toBe('3,392.0 ns');
    expect(formatWithUnit(1000, 'Mpps')).toBe('1,000 Mpps');
    expect(formatWithUnit(2.229843779, 'times')).toBe('2.23 times');
    expect(formatWithUnit(NaN, 'look-ups')).toBe('—');
  });
  it('orders port classes injection, local/global, up/down, then dims numerically', () => {
    expect(['dim10', 'dim2', 'injection', 'dim0'].sort(portClassOrder)).toEqual(['injection', 'dim0', 'dim2', 'dim10']);
    expect(['down', 'up', 'injection'].sort(portClassOrder)).toEqual(['injection', 'up', 'down']);
  });
});

describe('one formatter for every table cell, and changes against a baseline', () => {
  it('formats any value in its unit (three significant digits, no raw float tails)', () => {
    expect(formatValue(0.026020757736111098, 'mm^2')).toBe('0.026 mm²');
    expect(formatValue(0.9236398345529748, 'fraction')).toBe('92.36 %');
    expect(formatValue(1234, 'count')).toBe('1,234');
    expect(formatValue(0.0123, 's')).toBe('12.3 ms');
    expect(formatValue(null, 'ns')).toBe('—');
    expect(formatValue([3, 3], '')).toBe('[3,3]');
    expect(formatValue(true, '')).toBe('yes');
    expect(formatValue('crc32', '')).toBe('crc32');
  });
  it('shows fractions in percentage points and other units with the relative change', () => {
    expect(formatDelta(0.7361, 0.5515, 'fraction')).toBe('+18.46 pp');
    expect(formatDelta(300, 400, 'ns')).toBe('−100 ns (−25 %)');
    expect(formatDelta(6286, 6000, '')).toBe('+286 (+4.8 %)');
    expect(formatDelta(5, 5, '')).toBe('±0');
    expect(formatDelta(undefined, 5, '')).toBeNull();
  });
  // A review found "1378 ns" beside "1,378 cycles": ns are grouped as every other number is.
  it('groups thousands of ns as of any other unit', () => {
    expect(formatNs(1378)).toBe('1,378 ns');
    expect(formatNs(12345.678)).toBe('12,345.7 ns');
    expect(formatWithUnit(1378, 'ns')).toBe(formatWithUnit(1378, 'cycles').replace('cycles', 'ns'));
    expect(formatValue(1378.04, 'ns')).toBe('1,378.0 ns');
    // With a standard error (a cycle run's mean latency in ns), as the cycles beside it.
    expect(formatEstimate(1378.04, 'ns', 0.4)).toBe('1,378.0 ns');
    expect(formatEstimate(1378.04, 'ns', 0.4)).toBe(formatEstimate(1378.04, 'cycles', 0.4).replace('cycles', 'ns'));
    expect(formatDelta(2500, 1000, 'ns')).toBe('+1,500 ns (+150 %)');
  });
  // A difference below the digits the error supports (hops 2.5 vs 2.5025, 0.1 %) used to read
  // "−0.00 (−0.1 %)": a signed zero for a real difference.
  it('never shows a real change as a signed zero', () => {
    expect(formatDelta(2.5, 2.5025, 'hops', 0.01)).toBe('−0.0025 hops (−0.1 %)');
    expect(formatDelta(2.5025, 2.5, '', 0.01)).toBe('+0.0025 (+0.1 %)');
    expect(formatDelta(100.00001, 100, 'ns', 0.01)).toBe('+0.000010 ns (+0.000010 %)');
    expect(formatDelta(100.001, 100, 'ns')).toBe('+0.0010 ns (+0.0010 %)');
    expect(formatDelta(0.500001, 0.5, 'fraction', 0.001)).toBe('+0.00010 pp');
    expect(formatDelta(0.5000012, 0.5, 'fraction')).toBe('+0.00012 pp');
    // Changes the digits show are unchanged, and equal values are "±0".
    expect(formatDelta(2.6, 2.5, 'hops', 0.01)).toBe('+0.10 hops (+4.0 %)');
    expect(formatDelta(2.5, 2.5, 'hops', 0.01)).toBe('±0');
    for (const [v, b, se] of [[3.2001, 3.2, 0.05], [3.2, 3.2001, 0.05], [7, 7.0000001, undefined]] as const) {
      expect(formatDelta(v, b, 'hops', se)).not.toMatch(/[+−]0(\.0*)? |\(\S0(\.0*)? %\)/);
    }
  });
});
