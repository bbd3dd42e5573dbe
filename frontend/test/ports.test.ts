import { describe, expect, it } from 'vitest';
import { portRows, withPerPort } from '../src/lib/drawing/ports';
import { portOf, type TopologyDrawing } from '../src/lib/drawing/description';
import { drawnLayout } from '../src/lib/drawing/layout';
import { forceLayout } from '../src/lib/drawing/forceLayout';
import { hitRateColor } from '../src/lib/drawing/topology';
import type { Config, SimResult } from '../src/config/types';
import { SLICE_RESULT } from './fixtures';
import { coreDrawing } from './core';

// Switch 5 of the slice config with output.per_port, as the native CLI reports it.
const PER_PORT: SimResult = {
  ...SLICE_RESULT,
  cache: { ...SLICE_RESULT.cache, by_port: Array.from({ length: 16 }, (_, i) => (i === 5
    ? [[131, 116], [88, 80], [20, 16], [105, 103], [33, 32]] : [[1, 0], [0, 0], [0, 0], [0, 0], [0, 0]])) } as SimResult['cache'],
};
const TORUS: Config = { topology: { kind: 'torus', dims: [4, 4] } };
const names = (d: TopologyDrawing, sw: number) => Array.from({ length: d.ports_per_switch }, (_, p) => portOf(d, sw, p).name);

describe('per-port rows', () => {
  it('names ports as the core\'s drawing does: a torus\'s injection, then + and - per dimension', async () => {
    const rows = portRows(PER_PORT, 5, await coreDrawing(TORUS))!;
    expect(rows.map((r) => [r.port, r.name, r.portClass, r.lookups, r.hits])).toEqual([
      [0, 'node', 'injection', 131, 116], [1, 'dim0 +', 'dim0', 88, 80], [2, 'dim0 −', 'dim0', 20, 16],
      [3, 'dim1 +', 'dim1', 105, 103], [4, 'dim1 −', 'dim1', 33, 32],
    ]);
    expect(rows[2].hitRate).toBe(16 / 20);
  });
  it('a port without look-ups has no hit rate (not 0 %)', async () => {
    expect(portRows(PER_PORT, 0, await coreDrawing(TORUS))![1].hitRate).toBeUndefined();
  });
  it('is null when the result has no per-port data', async () => {
    expect(portRows(SLICE_RESULT, 5, await coreDrawing(TORUS))).toBeNull();
  });
  it('with concentration 2 the first two ports are nodes', async () => {
    const d = await coreDrawing({ topology: { kind: 'mesh', dims: [4], concentration: 2 } });
    expect(names(d, 0)).toEqual(['node 0', 'node 1', 'dim0 +', 'dim0 −']);
  });
  it('graph ports lead to neighbours in ascending id', async () => {
    const d = await coreDrawing({ topology: { kind: 'edge_list', edges: [[0, 7], [3, 0], [0, 6], [3, 6], [1, 3], [2, 6], [4, 7], [5, 7]] } });
    expect(names(d, 0)).toEqual(['node', 'to switch 3', 'to switch 6', 'to switch 7']);
    expect(names(d, 1)).toEqual(['node', 'to switch 3', 'port 2 (unused)', 'port 3 (unused)']);
  });
  it('fat tree, Dragonfly and BMIN ports get the core\'s names, the result\'s classes (native CLI output)', async () => {
    // fat_tree k=4 n=2, seed 3, leaf switch 0: 4 injection ports, then 4 ports whose packets travel down.
    const fat: SimResult = { ...SLICE_RESULT,
      cache: { ...SLICE_RESULT.cache, port_classes: ['injection', 'up', 'down'],
        by_port: [[[152, 142, 0], [123, 115, 0], [112, 101, 0], [118, 106, 0], [100, 100, 2], [106, 106, 2], [95, 95, 2], [111, 111, 2]]] } as SimResult['cache'] };
    expect(portRows(fat, 0, await coreDrawing({ topology: { kind: 'fat_tree', k: 4, n: 2 } }))!.map((r) => [r.name, r.portClass, r.lookups, r.hits])).toEqual([
      ['node 0', 'injection', 152, 142], ['node 1', 'injection', 123, 115], ['node 2', 'injection', 112, 101], ['node 3', 'injection', 118, 106],
      ['up 0', 'down', 100, 100], ['up 1', 'down', 106, 106], ['up 2', 'down', 95, 95], ['up 3', 'down', 111, 111],
    ]);
    const df = await coreDrawing({ topology: { kind: 'dragonfly', p: 2, a: 4, h: 2, g: 9 } });
    expect(names(df, 0)).toEqual(['node 0', 'node 1', 'local to switch 1', 'local to switch 2', 'local to switch 3', 'global 0 to group 1', 'global 1 to group 2']);
    expect(portOf(df, 0, 5)).toEqual({ name: 'global 0 to group 1', portClass: 'global' });
    const bmin = await coreDrawing({ topology: { kind: 'bmin', k: 2, stages: 2 } });
    expect(names(bmin, 2)).toEqual(['down 0', 'down 1', 'port 2 (unused)', 'port 3 (unused)']);
  });
  it('without a drawing description a port is its number', () => {
    expect(portOf(undefined, 0, 5)).toEqual({ name: 'port 5', portClass: '' });
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
  it('keeps every drawn edge\'s link', () => {
    expect(forceLayout(8, ring, undefined).edges[0].link).toEqual([0, 2, 1, 1]);
  });
});

// A topology with no layout of its own draws: the core gives graphs its default hint (force), and
// a hint this frontend does not know is drawn as a force layout too. Every switch and link is drawn.
describe('a network without a special drawing', () => {
  const color = hitRateColor();
  const everything = (d: TopologyDrawing) => {
    const drawn = drawnLayout(d, undefined, color, false)!;
    expect(drawn.layout.slices.flatMap((s) => s.cells.map((c) => c.id))).toEqual([...Array(d.switches).keys()]);
    expect(drawn.edges.map((e) => e.link)).toEqual(d.links);
    return drawn;
  };
  it('a random regular graph gets the core\'s default force layout, the same picture every time', async () => {
    const d = await coreDrawing({ topology: { kind: 'random_regular', switches: 24, degree: 3, seed: 4 } });
    expect(d.layout).toEqual({ type: 'force' });
    expect(d.links).toHaveLength(36);
    const a = everything(d);
    const b = everything(d);
    expect(a.layout.slices[0].cells.map((c) => [c.x, c.y])).toEqual(b.layout.slices[0].cells.map((c) => [c.x, c.y]));
  });
  it('a layout hint the frontend does not know falls back to the force layout', async () => {
    const d = await coreDrawing({ topology: { kind: 'edge_list', edges: [[0, 1], [1, 2], [2, 0], [2, 3]] } });
    everything({ ...d, layout: { type: 'a-new-kind-of-hint' } });
  });
  it('a switch with no links (single_switch: no drawing hooks at all) is drawn alone', async () => {
    const d = await coreDrawing({ topology: { kind: 'single_switch', ports: 4 } });
    expect(everything(d).edges).toEqual([]);
    expect(names(d, 0)).toEqual(['injection (port 0)', 'injection (port 1)', 'injection (port 2)', 'injection (port 3)']);
  });
  // Added to the core with no frontend code (docs/architecture.md, "What adding a topology took").
  it('a flattened butterfly draws from its groups hint: a ring per dimension-0 line, a line between every two linked groups', async () => {
    const d = await coreDrawing({ topology: { kind: 'flattened_butterfly', dims: [4, 3], concentration: 2 } });
    expect(d.layout).toEqual({ type: 'groups', groups: 3, per_group: 4, every_pair: true });
    expect(d.links).toHaveLength(12 * 5 / 2);  // 12 switches of 3 + 2 links each
    const drawn = drawnLayout(d, undefined, color, false)!;
    expect(drawn.layout.slices.map((s) => s.cells.map((c) => c.id))).toEqual([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]);
    expect(drawn.edges.map((e) => e.key)).toEqual(['0-1', '0-2', '1-2']);
    expect(names(d, 5)).toEqual(['node 0', 'node 1', 'dim0 to 0', 'dim0 to 2', 'dim0 to 3', 'dim1 to 0', 'dim1 to 2']);
  });
  it('is not drawn above the core\'s limit for its layout', async () => {
    const d = await coreDrawing({ topology: { kind: 'random_regular', switches: 2050, degree: 3 } });
    expect([d.drawn, d.max_switches, d.links]).toEqual([false, 2048, null]);
    expect(drawnLayout(d, undefined, color, false)).toBeNull();
  });
});
