import { describe, expect, it } from 'vitest';
import { exampleByKey } from '../src/config/examples';
import { handle } from '../src/core/protocol';
import { coreDrawing, loadCore } from './core';
import { coordsOf, edgesFor, gridLayout, groupEdgesFor, groupLayout, layeredLayout, hitRateDomain, MISSING_FILL, switchId } from '../src/lib/drawing/topology';
import { networkName } from '../src/lib/drawing/description';

describe('topology grid geometry', () => {
  it('numbers switches with dimension 0 fastest (as the core does)', () => {
    expect(coordsOf(1, [4, 4])).toEqual([1, 0]);
    expect(coordsOf(4, [4, 4])).toEqual([0, 1]);
    expect(coordsOf(23, [4, 3, 2])).toEqual([3, 2, 1]);
    for (let id = 0; id < 24; id++) expect(switchId(coordsOf(id, [4, 3, 2]), [4, 3, 2])).toBe(id);
  });

  it('lays out a 2-D torus as one grid: columns = dim0, rows = dim1', () => {
    const rates = Array.from({ length: 12 }, (_, i) => i / 11);
    const g = gridLayout([4, 3], rates, { maxWidth: 400 });
    expect(g.slices).toHaveLength(1);
    const cells = g.slices[0].cells;
    expect(cells).toHaveLength(12);
    const byId = new Map(cells.map((c) => [c.id, c]));
    expect(byId.get(1)!.x).toBeGreaterThan(byId.get(0)!.x);
    expect(byId.get(1)!.y).toBe(byId.get(0)!.y);
    expect(byId.get(4)!.y).toBeGreaterThan(byId.get(0)!.y);
    expect(byId.get(4)!.x).toBe(byId.get(0)!.x);
    expect(byId.get(7)!.hitRate).toBe(7 / 11);
    expect(g.cellSize).toBe(28);
    expect(g.width).toBe(4 * 28);
    expect(g.height).toBe(3 * 28);
  });

  it('draws higher dimensions as small multiples of dim0 x dim1 slices', () => {
    const g = gridLayout([3, 3, 2, 2], undefined);
    expect(g.totalSlices).toBe(4);
    expect(g.slices.map((s) => s.label)).toEqual(['dim2=0 dim3=0', 'dim2=1 dim3=0', 'dim2=0 dim3=1', 'dim2=1 dim3=1']);
    expect(g.slices[1].cells[0].id).toBe(9);
    expect(g.slices[3].cells[8].id).toBe(35);
    expect(g.slices[0].cells[0].fill).toBe(MISSING_FILL);
    expect(gridLayout([4, 4, 6, 2, 3, 2], undefined, { maxSlices: 10 }).shownSlices).toBe(10);
  });

  it('colour domain spans the data, at least 1 % wide unless every value is equal', () => {
    expect(hitRateDomain([0.5, 0.9])).toEqual([0.5, 0.9]);
    const [lo, hi] = hitRateDomain([0.92, 0.921]);
    expect(hi - lo).toBeCloseTo(0.01, 12);
    // Equal values are one value, not a range none of them has.
    expect(hitRateDomain([0, 0, 0])).toEqual([0, 0]);
    expect(hitRateDomain(undefined)).toEqual([0, 1]);
  });

  it('fat tree: one row per level, roots on top, ids level * switches_per_level + word', () => {
    // 4-ary 3-tree as the core describes it: levels 3, switches_per_level 16.
    const g = layeredLayout(3, 16, Array.from({ length: 48 }, (_, i) => i / 47), { word: 'level', bottom: 'leaves', top: 'roots' });
    expect(g.slices.map((s) => s.label)).toEqual(['level 2 (roots)', 'level 1', 'level 0 (leaves)']);
    expect(g.slices.map((s) => s.cells.length)).toEqual([16, 16, 16]);
    expect(g.slices[0].cells[0].id).toBe(32);
    expect(g.slices[2].cells[15].id).toBe(15);
    expect(g.slices[0].y).toBeLessThan(g.slices[2].y);
    expect(g.slices[1].cells[3].hitRate).toBe(19 / 47);
  });

  it('BMIN: stage labels sit in a gutter left of the switches, clear of every link line', async () => {
    // The seed 003 BMIN as the core describes it (prepare()'s topology: stages, links).
    const out = handle(await loadCore(), { id: 1, method: 'prepare', config: exampleByKey('seed003-fig7-hipiqs-bmin16')!.config });
    if (out.kind !== 'prepared') throw new Error(JSON.stringify(out));
    const t = out.prepared.topology;
    const g = layeredLayout(Number(t.stages), Number(t.switches_per_stage), undefined, { word: 'stage', bottom: 'nodes attach here' });
    const edges = edgesFor(g, t.links);
    expect(edges.length).toBeGreaterThan(0);
    const leftmostLine = Math.min(...edges.map((e) => Math.min(e.x1, e.x2)));
    const leftmostCell = Math.min(...g.slices.flatMap((s) => s.cells.map((c) => c.x)));
    for (const s of g.slices) {
      // Right end of the label left of every line and switch; at 6 px a character it fits from x = 0.
      expect(s.labelAt!.x).toBeLessThan(Math.min(leftmostLine, leftmostCell));
      expect(s.labelAt!.x - s.label.length * 6).toBeGreaterThanOrEqual(0);
      expect(s.labelAt!.y).toBe(s.cells[0].y + g.cellSize / 2);
    }
    expect(g.slices.map((s) => s.label)).toEqual(['stage 1', 'stage 0 (nodes attach here)']);
  });

  it('dragonfly: g groups of a routers, ids group * a + router', () => {
    const g = groupLayout(4, 9, undefined, { size: 400 });
    expect(g.slices).toHaveLength(9);
    expect(g.slices.flatMap((s) => s.cells.map((c) => c.id))).toEqual([...Array(36).keys()]);
    expect(g.slices[2].cells[1].coords).toEqual([2, 1]);
    for (const c of g.slices.flatMap((s) => s.cells)) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x + c.size).toBeLessThanOrEqual(400);
    }
  });

  it('BMIN: stages as rows, links drawn between switch centres', () => {
    const g = layeredLayout(2, 4, undefined, { word: 'stage', bottom: 'nodes attach here' });
    expect(g.slices.map((s) => s.label)).toEqual(['stage 1', 'stage 0 (nodes attach here)']);
    expect(g.slices[0].cells.map((c) => c.id)).toEqual([4, 5, 6, 7]);
    const edges = edgesFor(g, [[0, 4, 4, 0], [3, 7, 7, 3], [9, 0, 1, 0]]);
    expect(edges).toHaveLength(2); // switch 9 does not exist
    const c0 = g.slices[1].cells[0];
    const c4 = g.slices[0].cells[0];
    expect(edges[0]).toEqual({ key: '0:4-4', x1: c0.x + c0.size / 2, y1: c0.y + c0.size / 2, x2: c4.x + c4.size / 2, y2: c4.y + c4.size / 2, link: [0, 4, 4, 0] });
    expect(edgesFor(g, Array.from({ length: 600 }, () => [0, 0, 4, 0]))).toEqual([]);
    expect(edgesFor(g, undefined)).toEqual([]);
  });

  it('dragonfly global links: one line per pair of groups, between group centres; local links none', () => {
    const g = groupLayout(2, 3, undefined, { size: 300 }); // routers 0,1 | 2,3 | 4,5
    const links = [[0, 1, 1, 1], [0, 2, 2, 2], [1, 2, 3, 2], [2, 3, 4, 3], [5, 2, 1, 3]];
    const edges = groupEdgesFor(g, links);
    expect(edges.map((e) => e.key)).toEqual(['0-1', '1-2', '0-2']); // 0-1 listed twice, drawn once
    const centre = (i: number) => ({
      x: (g.slices[i].cells[0].x + g.slices[i].cells[1].x + g.slices[i].cells[0].size) / 2,
      y: (g.slices[i].cells[0].y + g.slices[i].cells[1].y + g.slices[i].cells[0].size) / 2,
    });
    expect(edges[0].x1).toBeCloseTo(centre(0).x, 9);
    expect(edges[0].y2).toBeCloseTo(centre(1).y, 9);
    expect(groupEdgesFor(g, null)).toEqual([]);
  });
});

describe('the network named in captions', () => {
  it('says the kind the config chose, with a grid\'s shape', async () => {
    expect(networkName(await coreDrawing({ topology: { kind: 'mesh', dims: [8, 8] } }))).toBe('8×8 mesh');
    expect(networkName(await coreDrawing({ topology: { kind: 'torus', dims: [16, 16] } }))).toBe('16×16 torus');
    expect(networkName(await coreDrawing({ topology: { kind: 'kary_ncube', dims: [8, 8] } }))).toBe('8×8 kary_ncube');
    expect(networkName(await coreDrawing({ topology: { kind: 'fat_tree', n: 3 } }))).toBe('fat_tree');
    expect(networkName(undefined)).toBe('network');
  });
});

// A 1024×1024 torus (the core accepts a million nodes) was drawn as a million SVG squares and hung
// the tab: no more than the core's max_switches are laid out, whole slices at a time.
describe('grid layout of a very large network', () => {
  it('lays out whole slices up to the cell budget, and none of a slice beyond it', async () => {
    const { max_switches: most } = await coreDrawing({ topology: { kind: 'torus', dims: [1024, 1024] } });
    expect(most).toBe(40_000);
    const big = gridLayout([1024, 1024], undefined, { maxCells: most });
    expect([big.shownSlices, big.slices.length]).toEqual([0, 0]);
    const deep = gridLayout([64, 64, 16], undefined, { maxCells: most });
    expect([deep.shownSlices, deep.totalSlices]).toEqual([Math.floor(most / 4096), 16]);
    expect(deep.slices.flatMap((s) => s.cells).length).toBeLessThanOrEqual(most);
    expect(gridLayout([31, 31, 31], undefined, { maxCells: most }).shownSlices).toBe(31); // seed 001 Fig. 11: drawn in full
  });
});
