import { describe, expect, it } from 'vitest';
import { graphLinks, portName, portRows, withPerPort } from '../src/lib/drawing/ports';
import { forceLayout } from '../src/lib/drawing/forceLayout';
import type { SimResult } from '../src/config/types';
import { SLICE_RESULT } from './fixtures';

// Switch 5 of the slice config with output.per_port, as the native CLI reports it.
const PER_PORT: SimResult = {
  ...SLICE_RESULT,
  topology: { kind: 'kary_ncube', dims: [4, 4], concentration: 1, switches: 16 },
  cache: { ...SLICE_RESULT.cache, by_port: Array.from({ length: 16 }, (_, i) => (i === 5
    ? [[131, 116], [88, 80], [20, 16], [105, 103], [33, 32]] : [[1, 0], [0, 0], [0, 0], [0, 0], [0, 0]])) } as SimResult['cache'],
};

describe('per-port rows', () => {
  it('names k-ary n-cube ports: injection, then + and - per dimension', () => {
    const rows = portRows(PER_PORT, 5)!;
    expect(rows.map((r) => [r.port, r.name, r.portClass, r.lookups, r.hits])).toEqual([
      [0, 'node', 'injection', 131, 116], [1, 'dim0 +', 'dim0', 88, 80], [2, 'dim0 −', 'dim0', 20, 16],
      [3, 'dim1 +', 'dim1', 105, 103], [4, 'dim1 −', 'dim1', 33, 32],
    ]);
    expect(rows[2].hitRate).toBe(16 / 20);
  });
  it('a port without look-ups has no hit rate (not 0 %)', () => {
    expect(portRows(PER_PORT, 0)![1].hitRate).toBeUndefined();
  });
  it('is null when the result has no per-port data', () => {
    expect(portRows(SLICE_RESULT, 5)).toBeNull();
  });
  it('with concentration 2 the first two ports are nodes', () => {
    const topo = { kind: 'kary_ncube', concentration: 2 };
    expect([0, 1, 2, 3].map((p) => portName(topo, p, 0).name)).toEqual(['node 0', 'node 1', 'dim0 +', 'dim0 −']);
  });
  it('graph ports lead to neighbours in ascending id', () => {
    const topo = { kind: 'random_regular', concentration: 1, edges: [[0, 7], [3, 0], [0, 6]] };
    expect([0, 1, 2, 3, 4].map((p) => portName(topo, p, 0).name)).toEqual(['node', 'to switch 3', 'to switch 6', 'to switch 7', 'port 4 (unused)']);
  });
  it('fat tree, Dragonfly and BMIN ports get the core class name (native CLI output)', () => {
    // fat_tree k=4 n=2, seed 3, leaf switch 0: 4 injection ports, then 4 ports whose packets travel down.
    const fat: SimResult = { ...SLICE_RESULT, topology: { kind: 'fat_tree', k: 4, n: 2, switches: 8 },
      cache: { ...SLICE_RESULT.cache, port_classes: ['injection', 'up', 'down'],
        by_port: [[[152, 142, 0], [123, 115, 0], [112, 101, 0], [118, 106, 0], [100, 100, 2], [106, 106, 2], [95, 95, 2], [111, 111, 2]]] } as SimResult['cache'] };
    expect(portRows(fat, 0)!.map((r) => [r.name, r.portClass, r.lookups, r.hits])).toEqual([
      ['injection (port 0)', 'injection', 152, 142], ['injection (port 1)', 'injection', 123, 115],
      ['injection (port 2)', 'injection', 112, 101], ['injection (port 3)', 'injection', 118, 106],
      ['down (port 4)', 'down', 100, 100], ['down (port 5)', 'down', 106, 106], ['down (port 6)', 'down', 95, 95], ['down (port 7)', 'down', 111, 111],
    ]);
    const df: SimResult = { ...SLICE_RESULT, topology: { kind: 'dragonfly', a: 4, p: 2, h: 2 },
      cache: { ...SLICE_RESULT.cache, port_classes: ['injection', 'local', 'global'],
        by_port: [[[26, 5, 0], [26, 7, 0], [26, 14, 1], [28, 16, 1], [30, 20, 1], [26, 18, 2], [25, 17, 2]]] } as SimResult['cache'] };
    expect(portRows(df, 0)!.map((r) => r.name)).toEqual([
      'injection (port 0)', 'injection (port 1)', 'local (port 2)', 'local (port 3)', 'local (port 4)', 'global (port 5)', 'global (port 6)']);
    expect(portName({ kind: 'bmin', k: 2 }, 3, 0, 'down')).toEqual({ name: 'down (port 3)', portClass: 'down' });
  });
  it('keeps the torus and graph names, with the core class; falls back without classes', () => {
    const withClasses = { ...PER_PORT, cache: { ...PER_PORT.cache, port_classes: ['injection', 'dim0', 'dim1'],
      by_port: [[[128, 119, 0], [114, 109, 1], [38, 34, 1], [92, 92, 2], [39, 39, 2]]] } as SimResult['cache'] };
    expect(portRows(withClasses, 0)!.map((r) => [r.name, r.portClass])).toEqual([
      ['node', 'injection'], ['dim0 +', 'dim0'], ['dim0 −', 'dim0'], ['dim1 +', 'dim1'], ['dim1 −', 'dim1']]);
    const graph = { kind: 'random_regular', concentration: 1, edges: [[0, 7], [3, 0]] };
    expect(portName(graph, 1, 0, 'network')).toEqual({ name: 'to switch 3', portClass: 'network' });
    expect(portName({ kind: 'fat_tree', k: 4 }, 5, 0)).toEqual({ name: 'port 5', portClass: '' });
    expect(portName({ kind: 'bmin', k: 2 }, 3, 0).name).toBe('up 1');
  });
  it('withPerPort toggles output.per_port and drops an empty output', () => {
    const on = withPerPort({ seed: 1 }, true);
    expect(on).toEqual({ seed: 1, output: { per_port: true } });
    expect(withPerPort(on, false)).toEqual({ seed: 1 });
  });
});

describe('force layout', () => {
  const ring: Array<[number, number, number, number]> = Array.from({ length: 8 }, (_, i) => [i, 2, (i + 1) % 8, 1]);
  it('is deterministic and fits the drawing', () => {
    const a = forceLayout(8, ring, undefined, { size: 200 });
    const b = forceLayout(8, ring, undefined, { size: 200 });
    expect(a.slices[0].cells.map((c) => [c.x, c.y])).toEqual(b.slices[0].cells.map((c) => [c.x, c.y]));
    for (const c of a.slices[0].cells) {
      expect(c.x).toBeGreaterThanOrEqual(-1e-9);
      expect(c.x + c.size).toBeLessThanOrEqual(200 + 1e-9);
    }
    expect(a.edges).toHaveLength(8);
  });
  it('places linked switches closer than unlinked ones on a ring', () => {
    const { slices } = forceLayout(8, ring, undefined, { size: 200 });
    const c = slices[0].cells;
    const d = (i: number, j: number) => Math.hypot(c[i].x - c[j].x, c[i].y - c[j].y);
    expect(d(0, 1)).toBeLessThan(d(0, 4));
  });
  it('colours by hit rate and greys missing values', () => {
    const { slices } = forceLayout(2, [[0, 1, 1, 1]], [0.5], { color: () => '#123456' });
    expect(slices[0].cells.map((c) => c.fill)).toEqual(['#123456', '#d9d9d9']);
  });
  it('reads links with their ports from result.topology.edges', () => {
    // Port concentration + i leads to the i-th neighbour in ascending id.
    expect(graphLinks({ concentration: 2, edges: [[0, 1], [1, 2], [2, 0]] })).toEqual([[0, 2, 1, 2], [1, 3, 2, 3], [2, 2, 0, 3]]);
    expect(graphLinks({ links: 2 })).toEqual([]);
  });
  it('keeps every drawn edge\'s link', () => {
    expect(forceLayout(8, ring, undefined).edges[0].link).toEqual([0, 2, 1, 1]);
  });
});
