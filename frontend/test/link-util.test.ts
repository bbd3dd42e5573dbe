import { describe, expect, it } from 'vitest';
import { linkLoads } from '../src/lib/drawing/linkUtil';
import { edgesFor, layeredLayout, type Edge } from '../src/lib/drawing/topology';
import type { SimResult } from '../src/config/types';

// A hand-made cycle result for a 2-stage BMIN of 2x2 (k = 2, 4 ports per switch: [0, 2) down,
// [2, 4) up): stage-0 switches 0, 1, stage-1 switches 2, 3, links in the core's format.
const LINKS = [[0, 2, 2, 0], [0, 3, 3, 0], [1, 2, 2, 1], [1, 3, 3, 1]];
// by_output_port[switch * 4 + port]
const BY_PORT = [
  0.1, 0.2, 0.72, 0.3, // switch 0: up ports 2 -> switch 2, 3 -> switch 3
  0.5, 0.5, 0.05, 0.25, // switch 1
  0.41, 0.6, 0, 0, // switch 2: down ports 0 -> switch 0, 1 -> switch 1
  0.1, 0.9, 0, 0, // switch 3
];
const RESULT = {
  engine: { name: 'cycle' },
  summary: { ports_per_switch: 4 },
  utilization: { by_output_port: BY_PORT, by_switch: [0.33, 0.325, 0.2525, 0.25] },
} as unknown as SimResult;

const edges = () => edgesFor(layeredLayout(2, 2, undefined), LINKS);

describe('link utilisation on the drawing', () => {
  it('gives each line both directions from by_output_port and shows the larger', () => {
    const loads = linkLoads(edges(), RESULT)!;
    const byLink = new Map(loads.edges.map((e) => [e.link!.join(':'), e]));
    expect([...byLink.keys()]).toEqual(['0:2:2:0', '0:3:3:0', '1:2:2:1', '1:3:3:1']);
    expect(['0:2:2:0', '0:3:3:0', '1:2:2:1', '1:3:3:1'].map((k) => [byLink.get(k)!.there, byLink.get(k)!.back, byLink.get(k)!.utilisation]))
      .toEqual([[0.72, 0.41, 0.72], [0.3, 0.1, 0.3], [0.05, 0.6, 0.6], [0.25, 0.9, 0.9]]);
    expect(byLink.get('0:2:2:0')!.title)
      .toBe('switch 0 port 2 → switch 2: 72.00 % of cycles; back (switch 2 port 0 → switch 0): 41.00 % of cycles');
  });
  it('colours on a scale spanning the lines\' values and widens with the share of cycles', () => {
    const loads = linkLoads(edges(), RESULT)!;
    expect(loads.color.domain()).toEqual([0.3, 0.9]);
    const [busy, idle] = [loads.edges[3], loads.edges[1]];
    expect(busy.stroke).toBe(loads.color(0.9));
    expect(busy.width!).toBeGreaterThan(idle.width!);
  });
  it('says "no data" for a direction the result lacks', () => {
    const short = { ...RESULT, utilization: { by_output_port: BY_PORT.slice(0, 8) } } as unknown as SimResult;
    const e = linkLoads(edges(), short)!.edges[0];
    expect([e.there, e.back, e.utilisation]).toEqual([0.72, undefined, 0.72]);
    expect(e.title).toContain('back (switch 2 port 0 → switch 0): no data');
  });
  it('is null without per-port utilisation or without single-link lines', () => {
    expect(linkLoads(edges(), { ...RESULT, utilization: undefined } as unknown as SimResult)).toBeNull();
    const bundle: Edge = { key: 'b', x1: 0, y1: 0, x2: 1, y2: 1, count: 40 };
    expect(linkLoads([bundle], RESULT)).toBeNull();
  });
});
