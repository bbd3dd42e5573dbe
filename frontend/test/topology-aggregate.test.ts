import { describe, expect, it } from 'vitest';
import { aggregated, aggregateLayout, aggregateValues, pairStats } from '../src/lib/drawing/cubeAggregate';
import { bundledEdgesFor, groupLayout, edgesFor, groupEdgesFor, hitRateColor, layeredLayout, MISSING_FILL } from '../src/lib/drawing/topology';
import { loadCore, coreDrawing } from './core';

const TOFU = [4, 4, 6, 2, 3, 2]; // examples/tofu-6d.json: 1,152 switches, 72 slices of 4x4

describe('big k-ary n-cubes drawn aggregated: the mean over the other coordinates per pair of dimensions', () => {
  it('aggregates when the (dim2, ...) slices are more than 36', () => {
    expect(aggregated(TOFU)).toBe(true);
    expect(aggregated([12, 12, 12, 12])).toBe(true);
    expect(aggregated([9, 9, 9])).toBe(false);
    expect(aggregated([21, 21, 21])).toBe(false);
    expect(aggregated([64, 64])).toBe(false);
  });

  it('cell (a, b) of dims (i, j) is the mean of the switches with those two coordinates', () => {
    const ids = Array.from({ length: 1152 }, (_, id) => id);
    const stats = pairStats(TOFU, ids);
    // id = c0 + 4 c1 + 16 c2 + 96 c3 + 192 c4 + 576 c5; the other coordinates average 2.5, 0.5, 1, 0.5.
    expect(stats.get('0-1:3,2')).toEqual({ mean: 3 + 8 + 568, min: 11, max: 11 + 16 * 5 + 96 + 192 * 2 + 576, count: 72 });
    expect(stats.get('4-5:2,1')!.mean).toBe(1.5 + 4 * 1.5 + 16 * 2.5 + 96 * 0.5 + 192 * 2 + 576);
    expect(stats.get('4-5:2,1')!.count).toBe(1152 / 6);
    // 15 pairs of dimensions, sum of k_i k_j cells.
    expect(stats.size).toBe(178);
    expect(aggregateValues(stats)).toHaveLength(178);
  });

  it('switches without a value are left out of the mean; a cell with none is grey', () => {
    const stats = pairStats([2, 2, 2], [1, 0.5, NaN, NaN, 1, 0.5, NaN, NaN]);
    expect(stats.get('0-1:0,0')).toEqual({ mean: 1, min: 1, max: 1, count: 2 });
    expect(stats.get('0-1:0,1')!.mean).toBeUndefined();
    const layout = aggregateLayout([2, 2, 2], stats, { color: hitRateColor([0, 1]) });
    expect(layout.cells.find((c) => c.key === '0-1:0,1')!.fill).toBe(MISSING_FILL);
  });

  it('lays Tofu out as an upper-triangle matrix of grids with dimension labels that do not overlap', () => {
    const stats = pairStats(TOFU, undefined);
    const layout = aggregateLayout(TOFU, stats, { color: hitRateColor() });
    expect(layout.cellSize).toBe(28);
    expect(layout.cells).toHaveLength(178);
    expect(layout.labels.map((l) => l.text)).toEqual(['dim1', 'dim2', 'dim3', 'dim4', 'dim5', 'dim0', 'dim1', 'dim2', 'dim3', 'dim4']);
    // Cells never overlap and stay inside the drawing.
    const boxes = layout.cells.map((c) => [c.x, c.y, c.x + c.size, c.y + c.size]);
    for (const [x0, y0, x1, y1] of boxes) {
      expect(x0).toBeGreaterThanOrEqual(0);
      expect(y0).toBeGreaterThanOrEqual(0);
      expect(x1).toBeLessThanOrEqual(layout.width);
      expect(y1).toBeLessThanOrEqual(layout.height);
    }
    const sorted = [...boxes].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 1; j < sorted.length && sorted[j][0] < sorted[i][2]; j++)
        expect(sorted[j][1] >= sorted[i][3] || sorted[j][3] <= sorted[i][1]).toBe(true);
    // Column labels: centred over columns at least 2 cells (56 px) wide, 4 characters at 11 px (< 30 px).
    const cols = layout.labels.filter((l) => l.key.startsWith('col')).map((l) => l.x);
    for (let i = 1; i < cols.length; i++) expect(cols[i] - cols[i - 1]).toBeGreaterThanOrEqual(30);
    // Row labels end left of the first column, spaced at least a row of two cells apart.
    const rows = layout.labels.filter((l) => l.key.startsWith('row'));
    for (const r of rows) expect(r.x).toBeLessThan(Math.min(...layout.cells.map((c) => c.x)));
    for (let i = 1; i < rows.length; i++) expect(rows[i].y - rows[i - 1].y).toBeGreaterThanOrEqual(14);
    expect([layout.width, layout.height]).toEqual([44 + 17 * 28 + 4 * 10, 16 + 19 * 28 + 4 * 10]);
  });
});

// The core's k-ary n-tree wiring (wasm-core/src/topology/fat_tree.cpp describe()): up port j of
// (level, word) leads to (level + 1, word with base-k digit `level` set to j).
function fatTreeLinks(k: number, n: number): number[][] {
  const perLevel = k ** (n - 1);
  const links: number[][] = [];
  for (let level = 0; level + 1 < n; level++)
    for (let word = 0; word < perLevel; word++)
      for (let j = 0; j < k; j++) {
        const d = Math.floor(word / k ** level) % k;
        links.push([level * perLevel + word, k + j, (level + 1) * perLevel + word + (j - d) * k ** level, d]);
      }
  return links;
}

describe('fat trees above 512 links: bundles between groups of switches', () => {
  it('draws the 16-ary 3-tree\'s 8,192 links as 272 bundles, width by link count', () => {
    const links = fatTreeLinks(16, 3);
    expect(links).toHaveLength(8192);
    const layout = layeredLayout(3, 256, undefined, { word: 'level', bottom: 'leaves', top: 'roots', bundled: true });
    // Rows 120 px apart, so the bundles fan out (2 px switches: 640 / 256).
    expect(layout.slices.map((s) => s.y)).toEqual([0, 120, 240]);
    expect(edgesFor(layout, links)).toEqual([]); // too many to draw one by one
    const bundles = bundledEdgesFor(layout, links);
    expect(bundles).toHaveLength(16 + 16 * 16);
    expect(bundles.reduce((n, e) => n + e.count!, 0)).toBe(8192);
    // Leaves to level 1 stay within a group of 16 (digit 0 changes): 16 bundles of 256 links.
    const low = bundles.filter((e) => e.count === 256);
    expect(low).toHaveLength(16);
    expect(low.every((e) => e.width === 6 && e.x1 === e.x2)).toBe(true);
    // Level 1 to the roots changes digit 1: every group to every group, 16 links each.
    const high = bundles.filter((e) => e.count === 16);
    expect(high).toHaveLength(256);
    expect(high[0].width).toBeCloseTo(0.75 + (15 / 255) * 5.25, 12);
    expect(bundles.find((e) => e.key === '0.0-1.3')!.title).toBe('16 links between level 2 switches 512–527 and level 1 switches 304–319');
  });

  it('a small fat tree keeps one line per link', () => {
    const links = fatTreeLinks(4, 3);
    expect(links).toHaveLength(128);
    expect(edgesFor(layeredLayout(3, 16, undefined), links)).toHaveLength(128);
  });
});

describe('networks whose links the core does not list (more than 65,536)', () => {
  it('draws a fat tree from the core\'s link_bundles exactly as from its links', async () => {
    // 64-ary 3-tree: 524,288 links, so the core sends link_bundles and no links.
    const core = await loadCore();
    const prepared = JSON.parse(core.prepare(JSON.stringify({ topology: { kind: 'fat_tree', k: 64, n: 3 } })));
    expect(prepared.topology.links).toBeNull();
    const layout = layeredLayout(3, 4096, undefined, { word: 'level', bundled: true });
    const fromCore = bundledEdgesFor(layout, null, prepared.topology.link_bundles);
    const fromLinks = bundledEdgesFor(layout, fatTreeLinks(64, 3));
    expect(fromCore).toHaveLength(16 + 16 * 16);
    expect(fromCore.reduce((n, e) => n + e.count!, 0)).toBe(524288);
    expect(fromCore).toEqual(fromLinks);
    // The drawing description carries the same bundles.
    expect((await coreDrawing({ topology: { kind: 'fat_tree', k: 64, n: 3 } })).link_bundles).toEqual(prepared.topology.link_bundles);
  });

  it('draws a Dragonfly\'s global links between every pair of groups when they are not listed', () => {
    const layout = groupLayout(4, 5, undefined);
    expect(groupEdgesFor(layout, null)).toEqual([]);
    const all = groupEdgesFor(layout, null, true);
    expect(all.map((e) => e.key)).toEqual(['0-1', '0-2', '0-3', '0-4', '1-2', '1-3', '1-4', '2-3', '2-4', '3-4']);
  });
});
