import { describe, expect, it } from 'vitest';
import { appHeadline, appLayout, appRows, formatGain, replayNote, simulatorName, type AppSection } from '../src/lib/charts/appChart';

const app: AppSection = {
  benchmarks: {
    cg: { time_s: 0.0254, mops: 2.7e6, relative: 1.06, time_no_cache_s: 0.0269 },
    ep: { time_s: 1.2, mops: 1e5, relative: 1.0 },
    is: { time_s: 0.01, mops: 1e4, relative: 1.1 },
  },
  relative_mean: 1.05,
};
const box = { width: 400, height: 200, left: 50, right: 10, top: 20, bottom: 30 };

describe('parallel applications chart', () => {
  it('has one bar per benchmark in the result order, then the mean', () => {
    expect(appRows(app).map((r) => [r.key, r.label, r.relative])).toEqual([
      ['cg', 'CG', 1.06], ['ep', 'EP', 1.0], ['is', 'IS', 1.1], ['mean', 'mean', 1.05]]);
  });

  it('grows bars from relative 1 with 10 % headroom above the largest', () => {
    const l = appLayout(appRows(app), box);
    // Range [1, 1.11] over y 170 (bottom) .. 20 (top).
    expect(l.baselineY).toBeCloseTo(170, 9);
    expect(l.yOf(1.11)).toBeCloseTo(20, 9);
    const [cg, ep, is, mean] = l.bars;
    expect(cg.height).toBeCloseTo((0.06 / 0.11) * 150, 9);
    expect(ep.height).toBeCloseTo(0, 9);
    expect(is.y).toBeCloseTo(170 - (0.1 / 0.11) * 150, 9);
    expect(mean.y + mean.height).toBeCloseTo(170, 9);
    // Four equal slots of 85 px from x = 50, bars 70 % of a slot, centred.
    expect(l.bars.map((b) => b.x)).toEqual([50 + 12.75, 135 + 12.75, 220 + 12.75, 305 + 12.75].map((x) => expect.closeTo(x, 9)));
    expect(cg.width).toBeCloseTo(59.5, 9);
    expect(l.ticks.map((t) => t.value)).toEqual([1, expect.closeTo(1.11, 12)]);
  });

  it('makes room for marked values (SMPI) beyond the bars', () => {
    const l = appLayout(appRows(app), box, [1.21]);
    expect(l.yOf(1.21 + 0.021)).toBeCloseTo(20, 9);
    expect(l.bars).toHaveLength(4);
  });

  it('draws a slowdown below the baseline', () => {
    const l = appLayout(appRows({ benchmarks: { lu: { time_s: 1, mops: 1, relative: 0.9 } }, relative_mean: 0.9 }), box);
    expect(l.bars[0].y).toBeCloseTo(l.baselineY, 9);
    expect(l.bars[0].height).toBeGreaterThan(0);
    expect(l.ticks.map((t) => t.value)).toEqual([expect.closeTo(0.89, 12), 1, expect.closeTo(1.01, 12)]);
  });

  it('formats gains as the seeds quote them, with units', () => {
    expect(formatGain(1.0595)).toBe('+5.95 %');
    expect(formatGain(0.98)).toBe('−2.00 %');
    expect(formatGain(Number.NaN)).toBe('—');
    expect(appHeadline({ app })).toBe('mean relative performance 1.05 × (+5.00 %)');
    expect(simulatorName(app)).toBe('time model');
    expect(simulatorName({ ...app, simulator: 'smpi', simgrid_version: '3.32' })).toBe('SimGrid SMPI 3.32');
  });

  it('names how SMPI replayed a benchmark', () => {
    const b = { time_s: 1, mops: 1, relative: 1.1 };
    expect(replayNote(undefined)).toBe('—');
    expect(replayNote(b)).toBe('—');
    expect(replayNote({ ...b, smpi_replay: 'full', smpi_sample_repeats: null })).toBe('full');
    expect(replayNote({ ...b, smpi_replay: 'extrapolated', smpi_sample_repeats: 8 })).toBe('extrapolated from 8 and 16 repeats');
  });
});
