import { describe, expect, it } from 'vitest';
import { chartAxes, costPointsFromRows, latencyVsSize, paretoFront, seriesAxis, sizeVaries, stalledPoints, sweepMetrics } from '../src/lib/charts/sweepCharts';

const COLS = ['point', 'experiment_id', 'status', 'topology.dims', 'switch.cache.entries', 'summary.switches', 'cache.hit_rate', 'latency_ns.zero_load.mean']
  .map((name) => ({ name }));

describe('latency vs job size', () => {
  const rows = [
    [0, 'a', 'done', [7, 7, 7], 128, 343, 0.5, 900],
    [1, 'b', 'done', [5, 5, 5], 128, 125, 0.6, 700],
    [2, 'c', 'done', [5, 5, 5], 2048, 125, 0.9, 650],
    [3, 'd', 'failed', [7, 7, 7], 2048, null, null, null],
  ];
  it('applies when the core-counted size differs between rows; the series axis is the one that does not fix it', () => {
    expect(sizeVaries(COLS, rows)).toBe(true);
    expect(sizeVaries(COLS, rows.map((r) => [...r.slice(0, 5), 125, ...r.slice(6)]))).toBe(false);
    expect(seriesAxis(COLS, rows, ['topology.dims', 'switch.cache.entries'])).toBe('switch.cache.entries');
    expect(seriesAxis(COLS, rows, ['topology.dims'])).toBeUndefined();
  });
  it('one line per other-axis value, x = switches from the summary column, sorted', () => {
    expect(latencyVsSize(COLS, rows, 'latency_ns.zero_load.mean', 'switch.cache.entries')).toEqual([
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
    const rows = [[0, 'a', 'done', [5, 5, 5], 128, 125, 0.6, 700, 0.02, 0.3], [1, 'b', 'done', [5, 5, 5], 256, 125, 0.7, 690, 0.035, 0.4],
      [2, 'c', 'running', [5, 5, 5], 512, 125, null, null, null, null], [3, 'd', 'done', [5, 5, 5], 1024, 125, 0.65, 695, null, null]];
    const r = costPointsFromRows(cols, rows, ['switch.cache.entries']);
    expect(r.points).toEqual([
      { id: 'a', cost: 0.02, hitRate: 0.6, label: 'entries 128' }, { id: 'b', cost: 0.035, hitRate: 0.7, label: 'entries 256' }]);
    expect(r.withoutCost).toBe(1);
    expect(paretoFront(r.points).map((x) => x.id)).toEqual(['a', 'b']);
    // Without the column nothing is drawn (and nothing is fetched: the function is pure).
    expect(costPointsFromRows(COLS, rows.map((x) => x.slice(0, 8)), [])).toEqual({ points: [], withoutCost: 3 });
  });
});

describe('the main chart\'s axes', () => {
  const cols = ['point', 'switch.buffer.organisation', 'traffic.injection.load'].map((name) => ({ name }));
  it('draws the numeric axis on x and one line per other axis, in either order', () => {
    const rows = [[0, 'hipiqs', 0.1], [1, 'central', 0.1]];
    expect(chartAxes(cols, rows, ['switch.buffer.organisation', 'traffic.injection.load'])).toEqual(['traffic.injection.load', 'switch.buffer.organisation']);
  });
  it('has no x axis for points that differ only in choices (a compare example\'s organisations)', () => {
    expect(chartAxes(cols, [[0, 'input_fifo', null], [1, 'hipiqs', null]], ['switch.buffer.organisation'])).toEqual([undefined, undefined]);
    expect(chartAxes(cols, [], ['switch.buffer.organisation'])).toEqual(['switch.buffer.organisation', undefined]);
  });
});

describe('the metrics a sweep chart offers', () => {
  // The columns the API lists for a cycle sweep with caches (backend services/sweeps.py): the
  // chart opens on the latency-load curve, not on the hit rate under load.
  it('a cycle sweep offers its latency under load first and the hit rate last', () => {
    const names = ['traffic.injection.load', 'throughput.accepted', 'latency_cycles.packet.mean', 'latency_cycles.packet.p99', 'cache.hit_rate'];
    const units: Record<string, string> = { 'traffic.injection.load': 'flits/node/cycle', 'throughput.accepted': 'flits/node/cycle',
      'latency_cycles.packet.mean': 'cycles', 'latency_cycles.packet.p99': 'cycles', 'cache.hit_rate': 'fraction' };
    const columns = names.map((name) => ({ name, unit: units[name] }));
    expect(sweepMetrics(columns, [[0.1, 0.1, 19.6, 36, 0.66]], () => '').map((m) => m.label)).toEqual([
      'mean packet latency (cycles)', 'p99 packet latency (cycles)', 'accepted throughput (flits/node/cycle)', 'hit rate (%)']);
  });

  it('a route-walk sweep offers its hit rate first', () => {
    const columns = [{ name: 'cache.hit_rate', unit: 'fraction' }, { name: 'latency_ns.zero_load.mean', unit: 'ns' }];
    expect(sweepMetrics(columns, [[0.9, 120]], () => '').map((m) => m.label)).toEqual(['hit rate (%)', 'mean zero-load latency (ns)']);
  });
});

// Rows as a sweep gives them: a point that deadlocked (no latency, nothing accepted) and one that
// delivered nothing without a deadlock.
describe('points without a latency', () => {
  const cols = ['status', 'traffic.injection.load', 'switch.buffer.organisation', 'throughput.accepted', 'saturated', 'deadlock',
    'latency_cycles.packet.mean'].map((name) => ({ name }));
  const rows = [
    ['done', 0.3, 'central', 0, true, true, null], ['done', 0.1, 'central', 0.1, false, false, 33],
    ['done', 0.2, 'vc', 0, true, false, null], ['queued', 0.4, 'central', null, null, null, null],
    ['done', 0.5, 'vc', 0.41, true, false, 160],
  ];
  it('lists the finished points that deadlocked or delivered nothing, by x', () => {
    expect(stalledPoints(cols, rows, 'traffic.injection.load', 'switch.buffer.organisation')).toEqual([
      { series: 'vc', x: 0.2, why: 'nothing delivered' }, { series: 'central', x: 0.3, why: 'deadlock' }]);
    expect(stalledPoints(cols, rows, 'traffic.injection.load').map((p) => p.series)).toEqual(['', '']);
  });

  it('lists failed points with their error, whatever their status columns say', () => {
    const withError = [...cols, { name: 'error' }];
    const failed = [['failed', 0.2, 'central', null, null, null, null, 'switch.buffer.vcs: must be at least 1'],
      ['done', 0.1, 'central', 0.1, false, false, 33, null], ['failed', 0.1, 'vc', null, null, null, null, null]];
    expect(stalledPoints(withError, failed, 'traffic.injection.load', 'switch.buffer.organisation')).toEqual([
      { series: 'vc', x: 0.1, why: 'failed', error: 'no message' },
      { series: 'central', x: 0.2, why: 'failed', error: 'switch.buffer.vcs: must be at least 1' }]);
  });
});
