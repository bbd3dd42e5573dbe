import { describe, expect, it } from 'vitest';
import { portName, portRows, withPerPort } from '../src/lib/ports';
import { forceLayout, graphEdges } from '../src/lib/forceLayout';
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
  it('withPerPort toggles output.per_port and drops an empty output', () => {
    const on = withPerPort({ seed: 1 }, true);
    expect(on).toEqual({ seed: 1, output: { per_port: true } });
    expect(withPerPort(on, false)).toEqual({ seed: 1 });
  });
});

describe('force layout', () => {
  const ring: Array<[number, number]> = Array.from({ length: 8 }, (_, i) => [i, (i + 1) % 8]);
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
    const { slices } = forceLayout(2, [[0, 1]], [0.5], { color: () => '#123456' });
    expect(slices[0].cells.map((c) => c.fill)).toEqual(['#123456', '#d9d9d9']);
  });
  it('reads edges from result.topology.edges', () => {
    expect(graphEdges({ edges: [[0, 1], [1, 2]] })).toEqual([[0, 1], [1, 2]]);
    expect(graphEdges({ links: 2 })).toEqual([]);
  });
});
