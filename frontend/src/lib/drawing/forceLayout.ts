import { forceCenter, forceLink, forceManyBody, forceSimulation, type SimulationNodeDatum } from 'd3-force';
import { hitRateColor, MISSING_FILL, type Edge, type GridLayout } from './topology';

// Force-directed drawing of any network from its links (the core's [a, port, b, port], so every
// drawn edge knows its ports): the core's default layout hint, what switch graphs and any topology
// without a hint of its own get. D3's force simulation computes positions; React draws them. Determinism matters (stable screenshots, e2e): switches start on a circle in id order,
// d3's jiggle uses a fixed-seed generator, and the simulation runs a fixed number of ticks
// synchronously instead of animating.

interface Node extends SimulationNodeDatum {
  id: number;
}

// Park-Miller LCG: the same sequence in every browser and in node.
function lcg(seed: number): () => number {
  let s = seed % 2147483647 || 1;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

export function forceLayout(
  switches: number,
  links: Array<[number, number, number, number]>,
  bySwitch: number[] | undefined,
  opts: { size?: number; ticks?: number; color?: (v: number) => string } = {},
): GridLayout & { edges: Edge[] } {
  const size = opts.size ?? 480;
  const color = opts.color ?? hitRateColor();
  const nodes: Node[] = Array.from({ length: switches }, (_, id) => {
    const t = (2 * Math.PI * id) / Math.max(1, switches);
    return { id, x: Math.cos(t) * 100, y: Math.sin(t) * 100 };
  });
  const kept = links.filter(([a, , b]) => a >= 0 && b >= 0 && a < switches && b < switches && a !== b);
  // forceLink replaces source/target by node objects, so it gets its own copies.
  const pairs = kept.map(([a, , b]) => ({ source: a, target: b }));
  const sim = forceSimulation(nodes)
    .randomSource(lcg(1))
    .force('link', forceLink<Node, { source: number; target: number }>(pairs).id((d) => d.id).distance(30))
    .force('charge', forceManyBody().strength(-60))
    .force('center', forceCenter(0, 0))
    .stop();
  sim.tick(opts.ticks ?? 300);
  // Fit the converged positions into the square drawing, keeping the aspect ratio.
  const cellSize = Math.max(4, Math.min(16, Math.floor(size / Math.sqrt(Math.max(1, switches)) / 2)));
  const xs = nodes.map((n) => n.x ?? 0);
  const ys = nodes.map((n) => n.y ?? 0);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(x1 - x0, y1 - y0, 1e-9);
  const scale = (size - cellSize) / span;
  const cells = nodes.map((n) => {
    const v = bySwitch?.[n.id];
    return {
      id: n.id, coords: [n.id], size: cellSize, hitRate: v,
      x: ((n.x ?? 0) - x0) * scale, y: ((n.y ?? 0) - y0) * scale,
      fill: v === undefined || !Number.isFinite(v) ? MISSING_FILL : color(v),
    };
  });
  const height = (y1 - y0) * scale + cellSize;
  const half = cellSize / 2;
  const drawn: Edge[] = kept.map((link) => {
    const [a, , b] = link;
    return { key: `${a}-${b}`, x1: cells[a].x + half, y1: cells[a].y + half, x2: cells[b].x + half, y2: cells[b].y + half, link };
  });
  return { width: size, height, cellSize, slices: [{ key: 'graph', label: '', x: 0, y: 0, cells }], shownSlices: 1, totalSlices: 1, edges: drawn };
}
