import type { MissCounts, SimResult } from '../config/types';
import { portClassOrder } from './format';

// Chart data transforms: results -> rows the small SVG charts and CSV exports share.

export interface PortClassRow {
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

export interface Segment {
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

export interface LatencyBin {
  x0: number; // ns, inclusive
  x1: number; // ns, exclusive (inclusive for the last bin)
  packets: number;
}

// Re-bins the core's exact latency histogram ([ns, packets] per distinct latency) into at most
// `maxBins` equal-width bins for drawing. Packet counts are preserved exactly.
export function latencyBins(hist: Array<[number, number]>, maxBins = 30): LatencyBin[] {
  if (hist.length === 0) return [];
  const lo = Math.min(...hist.map((h) => h[0]));
  const hi = Math.max(...hist.map((h) => h[0]));
  if (hi === lo) return [{ x0: lo, x1: hi, packets: hist.reduce((a, h) => a + h[1], 0) }];
  const n = Math.min(maxBins, hist.length);
  const w = (hi - lo) / n;
  const bins: LatencyBin[] = Array.from({ length: n }, (_, i) => ({ x0: lo + i * w, x1: lo + (i + 1) * w, packets: 0 }));
  for (const [ns, count] of hist) bins[Math.min(n - 1, Math.floor((ns - lo) / w))].packets += count;
  return bins;
}
