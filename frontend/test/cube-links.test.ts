import { describe, expect, it } from 'vitest';
import { linkLoads } from '../src/lib/drawing/linkUtil';
import { gridLayout, gridLinkLayout, MIN_LINK_CELL } from '../src/lib/drawing/topology';
import type { SimResult } from '../src/config/types';
import { coreDrawing } from './core';

const result = (byPort: number[]) => ({
  engine: { name: 'cycle' }, summary: { ports_per_switch: 5 }, utilization: { by_output_port: byPort },
} as unknown as SimResult);

// A hand-made 3x3 mesh result (c = 1, 5 ports: node, dim0 +, dim0 −, dim1 +, dim1 −):
// by_output_port[i] = i / 100, so every direction's value names its switch and port.
const MESH = result(Array.from({ length: 45 }, (_, i) => i / 100));

// A native 4x4 torus run (switchlab-sim run, seed 5, uniform 0.2; rounded to 3 digits).
const TORUS = result([
  0.188, 0.179, 0.052, 0.162, 0.06, 0.211, 0.174, 0.053, 0.155, 0.055, 0.216, 0.142, 0.043, 0.166, 0.057, 0.201,
  0.152, 0.058, 0.135, 0.053, 0.213, 0.175, 0.054, 0.162, 0.066, 0.192, 0.162, 0.047, 0.152, 0.058, 0.201, 0.175,
  0.042, 0.167, 0.063, 0.179, 0.177, 0.067, 0.163, 0.043, 0.186, 0.148, 0.067, 0.177, 0.065, 0.197, 0.152, 0.058,
  0.173, 0.051, 0.198, 0.142, 0.066, 0.162, 0.054, 0.197, 0.162, 0.052, 0.185, 0.053, 0.238, 0.144, 0.055, 0.151,
  0.056, 0.21, 0.161, 0.051, 0.154, 0.055, 0.207, 0.155, 0.053, 0.156, 0.045, 0.227, 0.161, 0.042, 0.158, 0.061,
]);

// The links of a mesh or torus as the core lists them (topology_drawing).
const coreLinks = async (dims: number[], wrap: boolean, concentration = 1) =>
  (await coreDrawing({ topology: { kind: wrap ? 'torus' : 'mesh', dims, concentration } })).links!;

const byLink = async (dims: number[], wrap: boolean, r: SimResult) => {
  const layout = gridLinkLayout(dims, await coreLinks(dims, wrap), undefined)!;
  const loads = linkLoads(layout.edges, r)!;
  return { layout, loads, get: (k: string) => loads.edges.filter((e) => e.link!.join(':') === k) };
};

describe('k-ary n-cube links on the grid', () => {
  it('takes the core\'s links: + port c + 2d to coordinate + 1, answered by the − port', async () => {
    const mesh = await coreLinks([3, 3], false);
    expect(mesh).toContainEqual([0, 1, 1, 2]);
    expect(mesh).toContainEqual([0, 3, 3, 4]);
    expect(mesh.filter(([a, pa]) => a === 2 && pa === 1)).toEqual([]); // a line's last switch
    expect(await coreLinks([4, 4], true, 2)).toContainEqual([7, 2, 4, 3]);
    expect(await coreLinks([4, 4], true)).toContainEqual([13, 3, 1, 4]);
  });

  it('3x3 mesh: twelve lines, each with both directions from by_output_port', async () => {
    const { loads, get } = await byLink([3, 3], false, MESH);
    expect(loads.edges).toHaveLength(12);
    // switch 0 → 1 leaves by port 1 (0.01), 1 → 0 by switch 1's port 2 (0.07)
    expect(get('0:1:1:2').map((e) => [e.there, e.back, e.utilisation])).toEqual([[0.01, 0.07, 0.07]]);
    // switch 4 → 7 (dim1) by port 3 (0.23), back by switch 7's port 4 (0.39)
    expect(get('4:3:7:4').map((e) => [e.there, e.back, e.utilisation])).toEqual([[0.23, 0.39, 0.39]]);
    expect(get('7:1:8:2')[0].title).toBe('switch 7 port 1 → switch 8: 36.00 % of cycles; back (switch 8 port 2 → switch 7): 42.00 % of cycles');
  });

  it('draws a line in the gap between neighbours: horizontal in dim0, vertical in dim1', async () => {
    const { layout, get } = await byLink([3, 3], false, MESH);
    const cell = (id: number) => layout.slices[0].cells.find((c) => c.id === id)!;
    const [a, b] = [cell(0), cell(1)];
    const e = get('0:1:1:2')[0];
    expect([e.x1, e.x2, e.y1, e.y2]).toEqual([a.x + a.size - 1, b.x, a.y + (a.size - 1) / 2, a.y + (a.size - 1) / 2]);
    expect(b.x - (a.x + a.size - 1)).toBeGreaterThanOrEqual(12);
    const v = get('0:3:3:4')[0];
    expect([v.x1, v.x2, v.y1, v.y2]).toEqual([a.x + (a.size - 1) / 2, a.x + (a.size - 1) / 2, a.y + a.size - 1, cell(3).y]);
  });

  it('4x4 torus: 32 links, the 8 wrap-around ones as a stub at each end, values of the native run', async () => {
    const { loads, get } = await byLink([4, 4], true, TORUS);
    expect(new Set(loads.edges.map((e) => e.link!.join(':'))).size).toBe(32);
    expect(loads.edges).toHaveLength(24 + 2 * 8);
    expect(get('0:1:1:2').map((e) => [e.there, e.back, e.utilisation])).toEqual([[0.179, 0.053, 0.179]]);
    // dim0 wrap: switch 3 → 0 by port 1 (0.152), back by switch 0's port 2 (0.052): two stubs
    expect(get('3:1:0:2').map((e) => [e.there, e.back, e.utilisation])).toEqual([[0.152, 0.052, 0.152], [0.152, 0.052, 0.152]]);
    // dim1 wrap: switch 12 → 0 by port 3 (0.151), back by switch 0's port 4 (0.06)
    expect(get('12:3:0:4').map((e) => [e.there, e.back, e.utilisation])).toEqual([[0.151, 0.06, 0.151], [0.151, 0.06, 0.151]]);
    const [out, back] = get('3:1:0:2');
    expect(out.x2 - out.x1).toBe(6);
    expect(back.x2 - back.x1).toBe(6);
  });

  it('keeps the touching heat map when cells would be under the minimum', async () => {
    expect(gridLinkLayout([8, 8, 8], await coreLinks([8, 8, 8], false), undefined)).toBeNull();
    const withLinks = gridLinkLayout([4, 4, 4], await coreLinks([4, 4, 4], true), undefined)!;
    expect(withLinks.cellSize).toBeGreaterThanOrEqual(MIN_LINK_CELL);
    // only dim0 and dim1 links: 4 slices x 32
    expect(new Set(withLinks.edges.map((e) => e.key.replace(/:(out|in)$/, ''))).size).toBe(4 * 32);
    // the plain grid is unchanged: touching cells of 28 px
    const plain = gridLayout([8, 8], undefined);
    expect([plain.cellSize, plain.slices[0].cells[1].x - plain.slices[0].cells[0].x]).toEqual([28, 28]);
  });
});
