import { describe, expect, it } from 'vitest';
import { bandSegments, logTicks, markerTitles } from '../src/lib/charts/lineChart';

// Overlapping shapes of the line chart must not hide one series' tooltip under another's.
describe('line chart hover targets', () => {
  it('splits overlapping and equal bands at their edges, each stretch naming every band over it', () => {
    const a = { x0: 0.64, x1: 0.66, label: 'input_fifo' };
    const b = { x0: 0.89, x1: 0.91, label: 'hipiqs' };
    const c = { x0: 0.89, x1: 0.91, label: 'central' };
    const d = { x0: 0.9, x1: 0.95, label: 'vc' };
    expect(bandSegments([a, b, c, d])).toEqual([
      { x0: 0.64, x1: 0.66, label: 'input_fifo' },
      { x0: 0.89, x1: 0.9, label: 'hipiqs\ncentral' },
      { x0: 0.9, x1: 0.91, label: 'hipiqs\ncentral\nvc' },
      { x0: 0.91, x1: 0.95, label: 'vc' },
    ]);
    expect(bandSegments([])).toEqual([]);
  });

  it("gives a marker drawn over another's centre both labels, the hidden one's last", () => {
    const markers = [
      { cx: 100, cy: 50, label: 'hipiqs 0.4928: 158 cycles' },
      { cx: 100, cy: 200, label: 'hipiqs 0.752: 316 cycles' },
      { cx: 100, cy: 51, label: 'central 0.4928: 161 cycles' },
      { cx: 104.5, cy: 200, label: 'central 0.752: 328 cycles' },
    ];
    expect(markerTitles(markers, 4)).toEqual([
      'hipiqs 0.4928: 158 cycles',
      'hipiqs 0.752: 316 cycles',
      'central 0.4928: 161 cycles\nhipiqs 0.4928: 158 cycles',
      'central 0.752: 328 cycles', // 4.5 px away: the first one's centre stays uncovered
    ]);
  });
});

describe('log axis ticks', () => {
  it('are 1, 2 and 5 times the powers of ten inside the domain', () => {
    expect(logTicks([20, 2000])).toEqual([20, 50, 100, 200, 500, 1000, 2000]);
    expect(logTicks([33, 86])).toEqual([50]);
    expect(logTicks([0.5, 3])).toEqual([0.5, 1, 2]);
  });
});
