import { scaleBand, scaleDiverging, scaleLinear, scaleSequential, type ScaleDiverging, type ScaleSequential } from 'd3-scale';
import { interpolateCividis, interpolatePuOr } from 'd3-scale-chromatic';
import type { Link } from './description';

// Geometry for drawing k-ary n-cubes as grids. D3 computes positions and colours here; React
// components only turn the returned cells into <rect>s.
//
// Switch ids follow the core's numbering ("row-major over dims, dimension 0 fastest", as the
// result's topology.switch_id says), which is also the index of result.cache.by_switch. A 2-D
// network is one grid (columns = dim0, rows = dim1); higher dimensions become small multiples of
// 2-D (dim0 x dim1) slices, one per combination of the outer coordinates (dim2, dim3, ...).

export interface Cell {
  id: number;
  coords: number[];
  x: number;
  y: number;
  size: number;
  hitRate: number | undefined;
  fill: string;
}

interface Slice {
  key: string;
  label: string; // outer coordinates, e.g. "dim2=1 dim3=0"
  x: number;
  y: number;
  cells: Cell[];
  // A row label in the left gutter (layered networks): its right end, vertically centred there.
  // Without it the label sits above the slice.
  labelAt?: { x: number; y: number };
}

export interface GridLayout {
  width: number;
  height: number;
  slices: Slice[];
  cellSize: number;
  shownSlices: number;
  totalSlices: number;
}

export const MISSING_FILL = '#d9d9d9';

// Δ to a baseline, per switch: purple-orange diverging around zero (readable with the common
// colour-vision deficiencies), symmetric so that equal gains and losses look equally strong.
export function deltaColor(deltas: Array<number | undefined>): ScaleDiverging<string> {
  const m = Math.max(1e-4, ...deltas.map((d) => (d === undefined || !Number.isFinite(d) ? 0 : Math.abs(d))));
  return scaleDiverging(interpolatePuOr).domain([-m, 0, m]).clamp(true);
}

// Per-switch differences of two runs of the same network (same switch count), else undefined.
export function switchDeltas(values: number[] | undefined, base: number[] | undefined): number[] | undefined {
  if (!values || !base || values.length !== base.length) return undefined;
  return values.map((v, i) => v - base[i]);
}

// Cividis is perceptually uniform and readable with the common colour-vision deficiencies.
export function hitRateColor(domain: [number, number] = [0, 1]): ScaleSequential<string> {
  return scaleSequential(interpolateCividis).domain(domain).clamp(true);
}

export function coordsOf(id: number, dims: number[]): number[] {
  return dims.map((k) => {
    const c = id % k;
    id = Math.floor(id / k);
    return c;
  });
}

export function switchId(coords: number[], dims: number[]): number {
  let id = 0;
  for (let i = dims.length - 1; i >= 0; i--) id = id * dims[i] + coords[i];
  return id;
}

export function gridLayout(
  dims: number[],
  bySwitch: number[] | undefined,
  // linkGap: px left free between neighbouring cells for their links (cubeLinkLayout).
  // maxCells: switches drawn one by one at most (the core's max_switches: a 1024×1024 torus drawn as
  // a million SVG squares hung the tab): whole slices up to it, none of a slice bigger than it.
  opts: { maxWidth?: number; maxSlices?: number; maxCells?: number; gap?: number; linkGap?: number; color?: (v: number) => string } = {},
): GridLayout {
  const maxWidth = opts.maxWidth ?? 640;
  const maxSlices = opts.maxSlices ?? 36;
  const gap = opts.gap ?? 18;
  const color = opts.color ?? hitRateColor();
  const cols = dims[0];
  const rows = dims.length > 1 ? dims[1] : 1;
  const outer = dims.slice(2);
  const totalSlices = outer.reduce((a, b) => a * b, 1);
  const shown = Math.min(totalSlices, maxSlices, Math.floor((opts.maxCells ?? Infinity) / (cols * rows)));
  // Small multiples are laid out in a near-square arrangement of slices.
  const perRow = Math.max(1, Math.ceil(Math.sqrt(shown * (rows / Math.max(cols, 1)))));
  const sliceRows = Math.ceil(shown / perRow);
  const linkGap = opts.linkGap ?? 0;
  // pitch: one cell and the gap beside it; the cell is centred in it, half the gap on each side.
  const pitch = Math.max(2 + linkGap, Math.min(28 + linkGap, Math.floor((maxWidth - gap * (perRow - 1)) / (perRow * cols))));
  const cellSize = pitch - linkGap;
  const sliceW = pitch * cols;
  const sliceH = pitch * rows;
  const labelH = outer.length > 0 ? 14 : 0;
  const x = scaleBand<number>().domain([...Array(cols).keys()]).range([0, sliceW]);
  const y = scaleBand<number>().domain([...Array(rows).keys()]).range([0, sliceH]);
  const slices: Slice[] = [];
  for (let s = 0; s < shown; s++) {
    const outerCoords = coordsOf(s, outer);
    const sx = (s % perRow) * (sliceW + gap);
    const sy = Math.floor(s / perRow) * (sliceH + gap + labelH) + labelH;
    const cells: Cell[] = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const coords = dims.length === 1 ? [c] : [c, r, ...outerCoords];
        const id = switchId(coords, dims);
        const v = bySwitch?.[id];
        cells.push({
          id, coords, x: sx + (x(c) ?? 0) + linkGap / 2, y: sy + (y(r) ?? 0) + linkGap / 2, size: cellSize, hitRate: v,
          fill: v === undefined || !Number.isFinite(v) ? MISSING_FILL : color(v),
        });
      }
    }
    slices.push({ key: String(s), label: outerCoords.map((v, i) => `dim${i + 2}=${v}`).join(' '), x: sx, y: sy, cells });
  }
  return {
    width: perRow * sliceW + (perRow - 1) * gap,
    height: sliceRows * (sliceH + gap + labelH) - gap,
    slices, cellSize, shownSlices: shown, totalSlices,
  };
}

// Cells at least this big (px) leave room to read a link between them; smaller grids keep the
// touching heat map.
export const MIN_LINK_CELL = 16;
const LINK_GAP = 12; // px between cells for a link: a line with room to hover

// A grid with the links of dim0 and dim1 drawn as lines between the cells (the core's links,
// [a, a's port, b, b's port], so linkLoads can colour each); a ring's wrap-around link (its second
// end at the lower coordinate: grid links leave in the + direction, description.ts) is a stub at
// each end of the row or column. Links of dims >= 2 join different slices and are not drawn. Null
// when the cells would be smaller than MIN_LINK_CELL: the caller keeps gridLayout.
export function gridLinkLayout(
  dims: number[],
  links: Link[],
  bySwitch: number[] | undefined,
  opts: { maxWidth?: number; maxCells?: number; color?: (v: number) => string } = {},
): (GridLayout & { edges: Edge[] }) | null {
  const layout = gridLayout(dims, bySwitch, { ...opts, linkGap: LINK_GAP });
  if (layout.cellSize < MIN_LINK_CELL) return null;
  const side = layout.cellSize - 1; // the drawn square (TopologyView leaves a 1 px seam)
  const stub = LINK_GAP / 2;
  const edges: Edge[] = [];
  const byId = new Map(layout.slices.flatMap((sl) => sl.cells.map((c) => [c.id, c] as const)));
  for (const link of links) {
    const [from, to] = [byId.get(link[0]), byId.get(link[2])];
    if (!from || !to) continue;
    const differ = dims.map((_, i) => from.coords[i] !== to.coords[i]);
    const d = differ.indexOf(true);
    if (d < 0 || d > 1 || differ.lastIndexOf(true) !== d) continue;
    const wraps = to.coords[d] < from.coords[d];
    // dim0 runs right along a row, dim1 down a column (both from the cell's centre line).
    const [dx, dy] = d === 0 ? [1, 0] : [0, 1];
    const mid = (c: Cell) => [c.x + side / 2, c.y + side / 2];
    const [ax, ay] = mid(from);
    const [bx, by] = mid(to);
    const key = link.join(':');
    if (!wraps) {
      edges.push({ key, link, x1: ax + dx * side / 2, y1: ay + dy * side / 2, x2: bx - dx * side / 2, y2: by - dy * side / 2 });
    } else {
      edges.push({ key: `${key}:out`, link, x1: ax + dx * side / 2, y1: ay + dy * side / 2, x2: ax + dx * (side / 2 + stub), y2: ay + dy * (side / 2 + stub) });
      edges.push({ key: `${key}:in`, link, x1: bx - dx * (side / 2 + stub), y1: by - dy * (side / 2 + stub), x2: bx - dx * side / 2, y2: by - dy * side / 2 });
    }
  }
  return { ...layout, edges };
}

// Colour domain from the data (so small differences are visible), widened to at least 1 % so a
// nearly uniform network does not turn into noise. Equal values stay one value ([v, v]: one colour,
// and Legend shows that value alone rather than a range no switch has).
export function hitRateDomain(bySwitch: number[] | undefined): [number, number] {
  const vals = (bySwitch ?? []).filter((v) => Number.isFinite(v));
  if (vals.length === 0) return [0, 1];
  let lo = Math.min(...vals);
  let hi = Math.max(...vals);
  if (hi > lo && hi - lo < 0.01) {
    const mid = (hi + lo) / 2;
    lo = Math.max(0, mid - 0.005);
    hi = Math.min(1, mid + 0.005);
  }
  return [lo, hi];
}

// Width of the widest of `labels` as a tick (10 px sans-serif): an upper bound of its glyphs'
// advance (about 0.55 em on average) so the gutter never clips a label.
const LABEL_CHAR_PX = 6;
const LABEL_GAP = 6;
const labelWidth = (labels: string[]) => Math.ceil(Math.max(0, ...labels.map((l) => l.length)) * LABEL_CHAR_PX);

// Layered networks (the core's "levels" layout hint: fat trees, BMINs): one row of switches per
// level, level 0 at the bottom; switch id = level * perLevel + index.
export function layeredLayout(
  levels: number,
  perLevel: number,
  bySwitch: number[] | undefined,
  // bundled: the links will be drawn as bundles (bundledEdgesFor), which need room between rows.
  opts: { maxWidth?: number; color?: (v: number) => string; word?: string; bottom?: string; top?: string; bundled?: boolean } = {},
): GridLayout {
  const color = opts.color ?? hitRateColor();
  const word = opts.word ?? 'level';
  const cellSize = Math.max(2, Math.min(28, Math.floor((opts.maxWidth ?? 640) / perLevel)));
  const gap = perLevel <= 64 ? Math.max(2, Math.floor(cellSize / 2)) : 0;
  // Bundled links (bundledEdgesFor) get room between the rows to fan out visibly: at least 120,
  // and a fifth of the row's width, so a very wide row (thousands of switches) scaled to the page
  // still leaves the bundles visible.
  const rowWidth = perLevel * (cellSize + gap) - gap;
  const rowGap = Math.max(cellSize * 3 + 12, opts.bundled ? Math.max(120, rowWidth / 5) : 0);
  const labelOf = (level: number) => {
    const role = level === 0 ? opts.bottom : level === levels - 1 ? opts.top : undefined;
    return `${word} ${level}${role ? ` (${role})` : ''}`;
  };
  // Row labels go in a gutter left of the switches: every link line runs between switch centres,
  // so none crosses the gutter (a label above a row lay under the lines leaving that row).
  const gutter = labelWidth(Array.from({ length: levels }, (_, l) => labelOf(l))) + LABEL_GAP;
  const slices: Slice[] = [];
  for (let level = levels - 1; level >= 0; level--) {
    const y = (levels - 1 - level) * rowGap;
    const cells: Cell[] = [];
    for (let w = 0; w < perLevel; w++) {
      const id = level * perLevel + w;
      const v = bySwitch?.[id];
      cells.push({ id, coords: [level, w], x: gutter + w * (cellSize + gap), y, size: cellSize, hitRate: v,
        fill: v === undefined || !Number.isFinite(v) ? MISSING_FILL : color(v) });
    }
    slices.push({ key: String(level), label: labelOf(level), x: gutter, y, cells,
      labelAt: { x: gutter - LABEL_GAP, y: y + cellSize / 2 } });
  }
  return { width: gutter + rowWidth, height: (levels - 1) * rowGap + cellSize, slices, cellSize,
    shownSlices: levels, totalSlices: levels };
}

export interface Edge {
  key: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  // A bundle of links (bundledEdgesFor): how many, its stroke width and what it joins.
  count?: number;
  width?: number;
  title?: string;
  // One link drawn as one line: [a, a's port, b, b's port] (the core's topology.links format).
  link?: [number, number, number, number];
}

// Links drawn one line each up to this many; above, as bundles (a grey smear otherwise).
export const MAX_SINGLE_EDGES = 512;

// Straight lines between the centres of linked switches (links as [a, port, b, port], the
// core's topology.links format). Empty above `maxEdges`: bundledEdgesFor draws those.
export function edgesFor(layout: GridLayout, links: unknown, maxEdges = MAX_SINGLE_EDGES): Edge[] {
  if (!Array.isArray(links) || links.length > maxEdges) return [];
  const pos = new Map(layout.slices.flatMap((s) => s.cells.map((c) => [c.id, c] as const)));
  const out: Edge[] = [];
  for (const l of links) {
    if (!Array.isArray(l) || l.length < 3) continue;
    const a = pos.get(Number(l[0]));
    const b = pos.get(Number(l[2]));
    if (!a || !b) continue;
    out.push({ key: `${l[0]}:${l[1]}-${l[2]}`, x1: a.x + a.size / 2, y1: a.y + a.size / 2, x2: b.x + b.size / 2, y2: b.y + b.size / 2,
      link: l.length >= 4 ? [Number(l[0]), Number(l[1]), Number(l[2]), Number(l[3])] : undefined });
  }
  return out;
}

// Links of a layered network (fat tree, BMIN) with too many to draw one by one: each row's
// switches form at most `maxGroups` groups of consecutive switches, and all links between two
// groups are one line between the groups' centres, its width growing with the link count
// (0.75 px for one link up to 6 px for the biggest bundle), so every link stays visible. Counted
// here from `links`, or, for networks whose links the core does not list, taken from its
// `link_bundles` ([row, group, row + 1, group, links], the same groups of ceil(n / 16) switches).
export function bundledEdgesFor(layout: GridLayout, links: unknown, coreBundles?: unknown, maxGroups = 16): Edge[] {
  if (!Array.isArray(links) && !Array.isArray(coreBundles)) return [];
  const where = new Map<number, { row: number; group: number }>();
  const groups: Array<Array<{ cells: Cell[]; label: string }>> = layout.slices.map((s, row) => {
    const size = Math.ceil(s.cells.length / maxGroups);
    const out: Array<{ cells: Cell[]; label: string }> = [];
    s.cells.forEach((c, i) => {
      const g = Math.floor(i / size);
      (out[g] ??= { cells: [], label: '' }).cells.push(c);
      where.set(c.id, { row, group: g });
    });
    for (const g of out) g.label = `${s.label.split(' (')[0]} switches ${g.cells[0].id}–${g.cells[g.cells.length - 1].id}`;
    return out;
  });
  const centre = (row: number, group: number) => {
    const cells = groups[row][group].cells;
    const first = cells[0];
    const last = cells[cells.length - 1];
    return { x: (first.x + last.x + last.size) / 2, y: first.y + first.size / 2 };
  };
  const counts = new Map<string, { a: { row: number; group: number }; b: { row: number; group: number }; count: number }>();
  const add = (a: { row: number; group: number }, b: { row: number; group: number }, n: number) => {
    const [p, q] = a.row < b.row || (a.row === b.row && a.group <= b.group) ? [a, b] : [b, a];
    const key = `${p.row}.${p.group}-${q.row}.${q.group}`;
    const e = counts.get(key) ?? { a: p, b: q, count: 0 };
    e.count += n;
    counts.set(key, e);
  };
  if (Array.isArray(links)) {
    for (const l of links) {
      if (!Array.isArray(l) || l.length < 3) continue;
      const a = where.get(Number(l[0]));
      const b = where.get(Number(l[2]));
      if (a && b) add(a, b, 1);
    }
  } else {
    const rowOf = new Map(layout.slices.map((s, row) => [s.key, row] as const));  // slice key = level / stage
    for (const bundle of coreBundles as unknown[]) {
      if (!Array.isArray(bundle) || bundle.length < 5) continue;
      const [ra, ga, rb, gb, n] = bundle.map(Number);
      const a = rowOf.get(String(ra));
      const b = rowOf.get(String(rb));
      if (a !== undefined && b !== undefined && groups[a]?.[ga] && groups[b]?.[gb]) add({ row: a, group: ga }, { row: b, group: gb }, n);
    }
  }
  const most = Math.max(1, ...[...counts.values()].map((e) => e.count));
  const width = scaleLinear().domain([1, Math.max(2, most)]).range([0.75, 6]);
  return [...counts].map(([key, { a, b, count }]) => {
    const [pa, pb] = [centre(a.row, a.group), centre(b.row, b.group)];
    return {
      key, x1: pa.x, y1: pa.y, x2: pb.x, y2: pb.y, count, width: width(count),
      title: `${count.toLocaleString('en-US')} link${count === 1 ? '' : 's'} between ${groups[a.row][a.group].label} and ${groups[b.row][b.group].label}`,
    };
  });
}

// Links between groups (slices) as one line per pair of groups, between the groups' centres:
// e.g. a Dragonfly's global links, readable at any size (links inside a group are the group itself).
// When the core does not list the links (too many), `everyPair` (the "groups" layout hint's
// every_pair: every two groups share a link) draws a line for every pair.
export function groupEdgesFor(layout: GridLayout, links: unknown, everyPair = false): Edge[] {
  const centre = layout.slices.map((s) => {
    const n = Math.max(1, s.cells.length);
    return { x: s.cells.reduce((a, c) => a + c.x + c.size / 2, 0) / n, y: s.cells.reduce((a, c) => a + c.y + c.size / 2, 0) / n };
  });
  const pairs: Array<[number, number]> = [];
  if (Array.isArray(links)) {
    const sliceOf = new Map(layout.slices.flatMap((s, i) => s.cells.map((c) => [c.id, i] as const)));
    const seen = new Set<string>();
    for (const l of links) {
      if (!Array.isArray(l) || l.length < 3) continue;
      const a = sliceOf.get(Number(l[0]));
      const b = sliceOf.get(Number(l[2]));
      if (a === undefined || b === undefined || a === b) continue;
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      pairs.push([Math.min(a, b), Math.max(a, b)]);
    }
  } else if (everyPair) {
    for (let a = 0; a < centre.length; a++) for (let b = a + 1; b < centre.length; b++) pairs.push([a, b]);
  }
  return pairs.map(([a, b]) => ({ key: `${a}-${b}`, x1: centre[a].x, y1: centre[a].y, x2: centre[b].x, y2: centre[b].y }));
}

// Groups (the core's "groups" layout hint, e.g. Dragonflies) on a circle, each group's switches on
// a small ring around its position. Switch id = group * a + index.
export function groupLayout(
  a: number,
  g: number,
  bySwitch: number[] | undefined,
  opts: { size?: number; color?: (v: number) => string } = {},
): GridLayout {
  const color = opts.color ?? hitRateColor();
  const size = opts.size ?? 480;
  // Group radius r small enough that neighbouring groups don't overlap; the ring of groups
  // (radius R) then keeps every router inside the drawing.
  const r = Math.min(60, (Math.PI * size) / 2 / g) * 0.7;
  const cellSize = Math.max(3, Math.min(14, (2 * Math.PI * r) / a - 1));
  const R = size / 2 - r - cellSize;
  const slices: Slice[] = [];
  for (let grp = 0; grp < g; grp++) {
    const theta = (2 * Math.PI * grp) / g - Math.PI / 2;
    const cx = size / 2 + R * Math.cos(theta);
    const cy = size / 2 + R * Math.sin(theta);
    const cells: Cell[] = [];
    for (let rt = 0; rt < a; rt++) {
      const phi = (2 * Math.PI * rt) / a - Math.PI / 2;
      const id = grp * a + rt;
      const v = bySwitch?.[id];
      cells.push({ id, coords: [grp, rt], x: cx + r * Math.cos(phi) - cellSize / 2, y: cy + r * Math.sin(phi) - cellSize / 2,
        size: cellSize, hitRate: v, fill: v === undefined || !Number.isFinite(v) ? MISSING_FILL : color(v) });
    }
    slices.push({ key: String(grp), label: `g${grp}`, x: cx - 8, y: cy + 4, cells });
  }
  return { width: size, height: size, slices, cellSize, shownSlices: g, totalSlices: g };
}
