import type { MissCounts, SimResult } from '../../config/types';
import { displayUnit, formatWithUnit, portClassOrder } from '../numbers/format';

// Chart data transforms: results -> rows the small SVG charts and CSV exports share.

interface PortClassRow {
  portClass: string;
  lookups: number;
  hits: number;
  hitRate: number;
  // 3C misses at this class; absent from results of engines that do not classify per class.
  misses?: MissCounts;
}

export function portClassRows(r: SimResult): PortClassRow[] {
  return Object.entries(r.cache.by_port_class ?? {})
    .sort(([a], [b]) => portClassOrder(a, b))
    .map(([portClass, s]) => ({ portClass, lookups: s.lookups, hits: s.hits ?? Math.round(s.hit_rate * s.lookups), hitRate: s.hit_rate, misses: s.misses }));
}

// How the result's 3C counts were made: '' when exact, else the label every 3C view carries.
export function missEstimateLabel(r: SimResult): string {
  const s = r.cache.misses?.classify_sampling;
  return s && s > 1 ? `estimated (1 in ${s} tags)` : '';
}

interface Segment {
  key: 'hits' | 'compulsory' | 'capacity' | 'conflict';
  label: string;
  count: number;
  start: number; // fraction of look-ups before this segment
  fraction: number;
}

// Hits and the three miss kinds as consecutive fractions of all look-ups (a 100 % stacked bar).
export function lookupSegments(r: SimResult): Segment[] {
  const total = r.cache.lookups;
  const parts: Array<[Segment['key'], string, number]> = [
    ['hits', 'hits', r.cache.hits],
    ['compulsory', 'compulsory misses', r.cache.misses.compulsory],
    ['capacity', 'capacity misses', r.cache.misses.capacity],
    ['conflict', 'conflict misses', r.cache.misses.conflict],
  ];
  let start = 0;
  return parts.map(([key, label, count]) => {
    const fraction = total > 0 ? count / total : 0;
    const seg = { key, label, count, start, fraction };
    start += fraction;
    return seg;
  });
}

// Flat key/value rows of a result (for the metrics CSV export and for comparing runs).
// Every scalar of a result (numbers, strings, booleans; arrays and the topology description
// left out) as dotted metric paths with the unit the results schema gives each: the metrics CSV,
// for every engine.
export function resultRows(r: SimResult, unitOf: (path: string) => string): Array<{ metric: string; value: number | string | boolean; unit: string }> {
  const rows: Array<{ metric: string; value: number | string | boolean; unit: string }> = [];
  const walk = (v: unknown, path: string) => {
    if (v === null || v === undefined || Array.isArray(v)) return;
    if (typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) walk(child, path ? `${path}.${k}` : k);
      return;
    }
    if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean')
      rows.push({ metric: path, value: v, unit: typeof v === 'number' ? unitOf(path) : '' });
  };
  const { topology: _t, ...rest } = r;
  walk(rest, '');
  return rows;
}

interface HistogramBin {
  x0: number; // inclusive
  x1: number; // exclusive
  packets: number;
}

export interface Binned {
  width: number;
  bins: HistogramBin[];
}

// Bin widths 1, 2 and 5 times a power of ten, the first not below `w`.
function niceWidth(w: number): number {
  const p = 10 ** Math.floor(Math.log10(w));
  return [1, 2, 5, 10].map((m) => m * p).find((n) => n >= w * (1 - 1e-12))!;
}

// Re-bins an exact histogram of the core ([latency, packets] per distinct latency) into at most
// `maxBins` bins of one round width, aligned to multiples of it, for drawing: past saturation a
// cycle run has thousands of distinct latencies. Packet counts are preserved exactly. `whole`
// values (cycles) get whole widths, so a bin of width 1 is one latency.
export function binHistogram(hist: Array<[number, number]>, maxBins = 30, whole = false): Binned {
  if (hist.length === 0) return { width: 0, bins: [] };
  let [lo, hi] = [Infinity, -Infinity];
  for (const [v] of hist) [lo, hi] = [Math.min(lo, v), Math.max(hi, v)];
  // Index of the bin of `v` (the epsilon keeps 0.6 / 0.2 in bin 3, not 2).
  const at = (v: number, w: number) => Math.floor(v / w + 1e-9);
  // One distinct latency alone gets a narrow bin around it.
  const span = (hi - lo) / maxBins || Math.abs(lo) / maxBins || 1;
  let width = niceWidth(whole ? Math.max(1, span) : span);
  while (at(hi, width) - at(lo, width) + 1 > maxBins) width = niceWidth(width * 1.5);
  const first = at(lo, width);
  const bins = Array.from({ length: at(hi, width) - first + 1 }, (_, i): HistogramBin => (
    { x0: (first + i) * width, x1: (first + i + 1) * width, packets: 0 }));
  for (const [v, packets] of hist) bins[at(v, width) - first].packets += packets;
  return { width, bins };
}

// A bin as its tooltip names it, in `unit`: one whole latency ("37 cycles"), a range of whole
// latencies with both ends included ("30–34 cycles"), else from x0 to x1 ("160–180 ns").
// A histogram's x-axis title: the quantity, its unit and the bin width in that unit
// ("packet latency (cycles); bin width 10 cycles"), since a bare width reads as a count.
export function histogramAxisTitle(label: string, unit: string, width: number): string {
  return `${label} (${displayUnit(unit)}); bin width ${formatWithUnit(width, unit)}`;
}

export function binRange(b: HistogramBin, whole: boolean, unit: string): string {
  if (whole && b.x1 - b.x0 === 1) return formatWithUnit(b.x0, unit);
  return `${formatWithUnit(b.x0, '')}–${formatWithUnit(whole ? b.x1 - 1 : b.x1, unit)}`;
}
