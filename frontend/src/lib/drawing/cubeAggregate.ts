import { coordsOf, MISSING_FILL } from './topology';

// Aggregated drawing of a big k-ary n-cube (Tofu's 6-D {X,Y,Z,A,B,C}, 12^4 tori, ...), where one
// 2-D grid per (dim2, dim3, ...) slice would be dozens of grids: for every pair of dimensions
// (i, j), a k_i x k_j grid whose cell (a, b) is the mean of the per-switch values of all switches
// with coordinate a in dimension i and b in dimension j (the mean over every other coordinate).
// The pairs form the upper triangle of a matrix, rows dim0..dim(n-2), columns dim1..dim(n-1), so
// dimension labels sit only on the margins and never overlap. D3-free: positions are plain sums.

interface PairStat {
  mean: number | undefined; // undefined: no switch of the cell has a value
  min: number;
  max: number;
  count: number; // switches averaged
}

export interface AggCell extends PairStat {
  key: string; // "i-j:a,b"
  dims: [number, number];
  coords: [number, number];
  x: number;
  y: number;
  size: number;
  fill: string;
}

interface AxisLabel {
  key: string;
  text: string;
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

export interface AggregateLayout {
  width: number;
  height: number;
  cellSize: number;
  cells: AggCell[];
  labels: AxisLabel[];
}

// Slices of 2-D grids up to this many are drawn in full (lib/drawing/topology.ts gridLayout); beyond it, aggregated.
export const MAX_FULL_SLICES = 36;

export function aggregated(dims: number[]): boolean {
  return dims.length > 2 && dims.slice(2).reduce((a, b) => a * b, 1) > MAX_FULL_SLICES;
}

// Mean, min and max per (dimension pair, coordinate pair), keyed "i-j:a,b", in one pass over switches.
export function pairStats(dims: number[], values: number[] | undefined): Map<string, PairStat> {
  const acc = new Map<string, { sum: number; n: number; min: number; max: number; count: number }>();
  const switches = dims.reduce((a, b) => a * b, 1);
  for (let id = 0; id < switches; id++) {
    const c = coordsOf(id, dims);
    const v = values?.[id];
    const ok = v !== undefined && Number.isFinite(v);
    for (let i = 0; i < dims.length; i++) {
      for (let j = i + 1; j < dims.length; j++) {
        const key = `${i}-${j}:${c[i]},${c[j]}`;
        const s = acc.get(key) ?? { sum: 0, n: 0, min: Infinity, max: -Infinity, count: 0 };
        s.count += 1;
        if (ok) {
          s.sum += v;
          s.n += 1;
          s.min = Math.min(s.min, v);
          s.max = Math.max(s.max, v);
        }
        acc.set(key, s);
      }
    }
  }
  return new Map([...acc].map(([k, s]) => [k, { mean: s.n ? s.sum / s.n : undefined, min: s.min, max: s.max, count: s.count }]));
}

// The values the cells are coloured by, so the colour scale can span exactly these (the means
// vary less than single switches do; a scale over the switches would make them all one colour).
export function aggregateValues(stats: Map<string, PairStat>): number[] {
  return [...stats.values()].flatMap((s) => (s.mean === undefined ? [] : [s.mean]));
}

const LABEL_W = 44; // room for "dim10" at 11 px
const LABEL_H = 16;
const GAP = 10;

export function aggregateLayout(
  dims: number[],
  stats: Map<string, PairStat>,
  opts: { maxWidth?: number; color: (v: number) => string },
): AggregateLayout {
  const n = dims.length;
  const cols = dims.slice(1); // column c shows dimension c + 1
  const rows = dims.slice(0, n - 1); // row r shows dimension r
  const maxWidth = opts.maxWidth ?? 640;
  const sumCols = cols.reduce((a, b) => a + b, 0);
  // Every column at least as wide as its label ("dimN"), cells at most 28 px.
  const fit = Math.floor((maxWidth - LABEL_W - GAP * (cols.length - 1)) / sumCols);
  const cellSize = Math.max(3, Math.min(28, Math.max(fit, Math.ceil(30 / Math.min(...cols)))));
  const colX: number[] = [];
  cols.reduce((x, k, c) => ((colX[c] = x), x + k * cellSize + GAP), LABEL_W);
  const rowY: number[] = [];
  rows.reduce((y, k, r) => ((rowY[r] = y), y + k * cellSize + GAP), LABEL_H);
  const labels: AxisLabel[] = [
    ...cols.map((k, c) => ({ key: `col${c}`, text: `dim${c + 1}`, x: colX[c] + (k * cellSize) / 2, y: LABEL_H - 5, anchor: 'middle' as const })),
    ...rows.map((k, r) => ({ key: `row${r}`, text: `dim${r}`, x: LABEL_W - 6, y: rowY[r] + (k * cellSize) / 2 + 4, anchor: 'end' as const })),
  ];
  const cells: AggCell[] = [];
  for (let i = 0; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) {
      // Row i (dimension i) downwards, column j - 1 (dimension j) across.
      for (let a = 0; a < dims[i]; a++) {
        for (let b = 0; b < dims[j]; b++) {
          const key = `${i}-${j}:${a},${b}`;
          const s = stats.get(key) ?? { mean: undefined, min: NaN, max: NaN, count: 0 };
          cells.push({
            ...s, key, dims: [i, j], coords: [a, b], size: cellSize,
            x: colX[j - 1] + b * cellSize, y: rowY[i] + a * cellSize,
            fill: s.mean === undefined ? MISSING_FILL : opts.color(s.mean),
          });
        }
      }
    }
  }
  const width = colX[cols.length - 1] + cols[cols.length - 1] * cellSize;
  const height = rowY[rows.length - 1] + rows[rows.length - 1] * cellSize;
  return { width, height, cellSize, cells, labels };
}
