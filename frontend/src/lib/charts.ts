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
export function resultRows(r: SimResult): Array<{ metric: string; value: number | string; unit: string }> {
  const rows: Array<{ metric: string; value: number | string; unit: string }> = [
    { metric: 'config_hash', value: r.config_hash, unit: '' },
    { metric: 'engine', value: `${r.engine.name} ${r.engine.version}`, unit: '' },
    { metric: 'seed', value: r.seed, unit: '' },
    { metric: 'cache.lookups', value: r.cache.lookups, unit: 'look-ups' },
    { metric: 'cache.hits', value: r.cache.hits, unit: 'look-ups' },
    { metric: 'cache.hit_rate', value: r.cache.hit_rate, unit: 'fraction' },
    { metric: 'cache.misses.compulsory', value: r.cache.misses.compulsory, unit: 'look-ups' },
    { metric: 'cache.misses.capacity', value: r.cache.misses.capacity, unit: 'look-ups' },
    { metric: 'cache.misses.conflict', value: r.cache.misses.conflict, unit: 'look-ups' },
  ];
  for (const row of portClassRows(r)) {
    rows.push({ metric: `cache.by_port_class.${row.portClass}.lookups`, value: row.lookups, unit: 'look-ups' });
    rows.push({ metric: `cache.by_port_class.${row.portClass}.hit_rate`, value: row.hitRate, unit: 'fraction' });
  }
  const z = r.latency_ns?.zero_load;
  if (z) for (const k of ['mean', 'p50', 'p99', 'max'] as const) rows.push({ metric: `latency_ns.zero_load.${k}`, value: z[k], unit: 'ns' });
  if (r.wall_time_s !== undefined) rows.push({ metric: 'wall_time_s', value: r.wall_time_s, unit: 's' });
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
