import type { Config, SimResult } from './types';
import { formatCount, formatNs, formatPercent } from '../lib/format';

// "Reproduce seed figure X" presets: configs the core can reproduce a published figure with,
// each with the figure's published numbers, and how to read the model's counterpart out of the
// result. Configs and tolerances follow wasm-core/tests/test_validation.cpp and docs/engines.md;
// packet counts are cut down so each runs in the browser in about a second.

export interface Comparison {
  what: string;
  published: string;
  model: string;
}

export interface SeedFigure {
  key: string;
  title: string;
  source: string; // where the published number is from
  config: Config;
  compare: (r: SimResult) => Comparison[];
}

// Seed 001 Table 1 case study 1 delays; C = 20 ns link delay reproduces both published
// reductions (docs/engines.md, "Link delay").
const SEED001_DELAYS = { rc_hit: 2, rc_miss: 27, rc_no_cache: 25, other: 75, link: 20 };

interface LatencyModel {
  model?: number;
  conventional_switch?: number;
  reduction_vs_conventional_model?: number;
  simulated_mean_at_max_distance?: number;
}

function seed001Latency(r: SimResult): LatencyModel {
  const m = (r.models as { seed001_torus?: { max_zero_load_latency_ns?: LatencyModel } } | undefined)?.seed001_torus;
  return m?.max_zero_load_latency_ns ?? {};
}

export function latencyReductionRows(r: SimResult, published: string): Comparison[] {
  const l = seed001Latency(r);
  const num = (v: number | undefined, f: (x: number) => string) => (typeof v === 'number' ? f(v) : 'n/a (model not applicable)');
  return [
    { what: 'max zero-load latency reduction vs conventional switch', published, model: num(l.reduction_vs_conventional_model, (v) => formatPercent(v, 1)) },
    { what: 'max zero-load latency, cache switch (eq. 4)', published: '—', model: num(l.model, formatNs) },
    { what: 'max zero-load latency, conventional switch', published: '—', model: num(l.conventional_switch, formatNs) },
    { what: 'simulated mean latency at max distance', published: '—', model: num(l.simulated_mean_at_max_distance, formatNs) },
  ];
}

function seed001(entries: number, published: string): SeedFigure {
  return {
    key: `seed001-sec64-${entries}`,
    title: `Seed 001 Sec. 6.4: 21³ torus, ${formatCount(entries)}-entry caches — latency reduction`,
    source: 'seed 001 Sec. 6.4 (Table 1 case study 1 delays, link 20 ns)',
    config: {
      name: `seed 001 Sec. 6.4, 21^3 torus, ${entries} entries`,
      seed: 1, engine: 'routewalk',
      topology: { kind: 'torus', dims: [21, 21, 21] },
      switch: { cache: { entries, ways: 'full' }, delays_ns: SEED001_DELAYS },
      traffic: { pattern: 'uniform', packets: 20000, warmup_packets: 20000 },
      // Monitored mode (31 = 2K + 1 samples) keeps a 9,261-switch torus fast.
      monitor: { samples: 31 },
    },
    compare: (r) => latencyReductionRows(r, published),
  };
}

export function capacityMissRows(r: SimResult, k: number): Comparison[] {
  const c = r.cache;
  const frac = c.lookups > 0 ? c.misses.capacity / c.lookups : NaN;
  return [{
    what: `capacity misses per look-up, k = ${k} (${formatCount(k ** 4)} switches)`,
    published: k ** 4 <= 2048 ? 'none (the machine fits in 2K entries)' : 'grow with k',
    model: `${formatPercent(frac)} (${formatCount(c.misses.capacity)} of ${formatCount(c.lookups)} look-ups)`,
  }];
}

function fig7(k: number): SeedFigure {
  return {
    key: `seed000-fig7-k${k}`,
    title: `Seed 000 Fig. 7: ${k}-ary 4-torus, 2K-entry caches — capacity misses`,
    source: 'seed 000 Fig. 7 (k-ary 4-tori, 2K entries; monitored)',
    config: {
      name: `seed 000 Fig. 7, ${k}-ary 4-torus, 2K entries`,
      seed: 4, engine: 'routewalk',
      topology: { kind: 'torus', dims: [k, k, k, k] },
      switch: { cache: { entries: 2048, ways: 4 } },
      traffic: { pattern: 'uniform', packets: 100000, warmup_packets: 600000 },
      monitor: { samples: 2 * k + 1 },
    },
    compare: (r) => capacityMissRows(r, k),
  };
}

export function switchableRows(r: SimResult): Comparison[] {
  const c = r.cache;
  const filled = (c as { occupancy?: { entries_total?: number } }).occupancy?.entries_total;
  return [
    { what: 'misses', published: 'one per (port, tag): = entries filled', model: `${formatCount(c.misses.total ?? c.lookups - c.hits)} misses, ${filled === undefined ? 'n/a' : formatCount(filled)} entries filled` },
    { what: 'capacity + conflict misses', published: '0', model: formatCount(c.misses.capacity + c.misses.conflict) },
    { what: 'hit rate after the first miss per tag', published: '100 %', model: formatPercent((c.hits) / Math.max(1, c.lookups - c.misses.compulsory)) },
  ];
}

export const SEED_FIGURES: SeedFigure[] = [
  seed001(128, '9 %'),
  seed001(9261, '19 % (at ≥ 9,261 entries)'),
  fig7(6),
  fig7(10),
  {
    key: 'seed000-sec4-switchable',
    title: 'Seed 000 Sec. IV: switchable hash on a 12³ torus, 64-entry caches',
    source: 'seed 000 Sec. IV (switchable hash: tag = output port)',
    config: {
      name: 'seed 000 Sec. IV, switchable hash, 12^3 torus',
      seed: 2, engine: 'routewalk',
      topology: { kind: 'torus', dims: [12, 12, 12] },
      switch: { cache: { entries: 64, ways: 4, index: 'switchable' } },
      traffic: { pattern: 'uniform', packets: 100000 },
    },
    compare: switchableRows,
  },
];

// Key-order-independent JSON, so a config that went through the form compares equal.
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

// The seed figure a config reproduces: only the unchanged preset config (an edited one is a
// different experiment, and its numbers must not be shown as "the figure").
export function seedFigureFor(config: Config): SeedFigure | undefined {
  const c = canonical(config);
  return SEED_FIGURES.find((f) => canonical(f.config) === c);
}
