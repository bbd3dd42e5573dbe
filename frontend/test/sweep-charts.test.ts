import { describe, expect, it } from 'vitest';
import { costPointsFromRows, jobSize, latencyVsSize, paretoFront, sizeAxis } from '../src/lib/sweepCharts';

const COLS = ['point', 'experiment_id', 'status', 'topology.dims', 'switch.cache.entries', 'cache.hit_rate', 'latency_ns.zero_load.mean']
  .map((name) => ({ name }));

describe('latency vs job size', () => {
  it('finds the size axis and turns dims into switch counts', () => {
    expect(sizeAxis(['switch.cache.entries', 'topology.dims'])).toBe('topology.dims');
    expect(sizeAxis(['switch.cache.entries'])).toBeUndefined();
    expect(jobSize([5, 5, 5])).toBe(125);
    expect(jobSize(7)).toBe(7);
    expect(jobSize('x')).toBeNull();
  });
  it('one line per other-axis value, x = switches, sorted', () => {
    const rows = [
      [0, 'a', 'done', [7, 7, 7], 128, 0.5, 900],
      [1, 'b', 'done', [5, 5, 5], 128, 0.6, 700],
      [2, 'c', 'done', [5, 5, 5], 2048, 0.9, 650],
      [3, 'd', 'failed', [7, 7, 7], 2048, null, null],
    ];
    expect(latencyVsSize(COLS, rows, 'topology.dims', 'latency_ns.zero_load.mean', 'switch.cache.entries')).toEqual([
      { key: '128', points: [{ x: 125, y: 700 }, { x: 343, y: 900 }] },
      { key: '2048', points: [{ x: 125, y: 650 }] },
    ]);
  });
});

describe('Pareto front (cost vs hit rate)', () => {
  const p = (id: string, cost: number, hitRate: number) => ({ id, cost, hitRate, label: id });
  it('keeps only points not beaten on both cost and hit rate, by increasing cost', () => {
    const pts = [p('a', 1, 0.5), p('b', 2, 0.4), p('c', 2, 0.7), p('d', 3, 0.7), p('e', 4, 0.9), p('f', 0.5, 0.2)];
    expect(paretoFront(pts).map((x) => x.id)).toEqual(['f', 'a', 'c', 'e']);
  });
  it('takes cost and hit rate from the result rows (the cost.cache.area_mm2 column)', () => {
    const cols = [...COLS, { name: 'cost.cache.area_mm2' }, { name: 'cost.cache.access_ns' }];
    const rows = [[0, 'a', 'done', [5, 5, 5], 128, 0.6, 700, 0.02, 0.3], [1, 'b', 'done', [5, 5, 5], 256, 0.7, 690, 0.035, 0.4],
      [2, 'c', 'running', [5, 5, 5], 512, null, null, null, null], [3, 'd', 'done', [5, 5, 5], 1024, 0.65, 695, null, null]];
    const r = costPointsFromRows(cols, rows, ['switch.cache.entries']);
    expect(r.points).toEqual([
      { id: 'a', cost: 0.02, hitRate: 0.6, label: 'entries 128' }, { id: 'b', cost: 0.035, hitRate: 0.7, label: 'entries 256' }]);
    expect(r.withoutCost).toBe(1);
    expect(paretoFront(r.points).map((x) => x.id)).toEqual(['a', 'b']);
    // Without the column nothing is drawn (and nothing is fetched: the function is pure).
    expect(costPointsFromRows(COLS, rows.map((x) => x.slice(0, 7)), [])).toEqual({ points: [], withoutCost: 3 });
  });
});
