import type { Config, SimResult } from '../src/config/types';

// The quick-start example's config (examples/quickstart-torus-4x4.json): the unit tests' small torus.
export const SLICE_CONFIG: Config = {
  seed: 1,
  engine: 'routewalk',
  topology: { kind: 'torus', dims: [4, 4] },
  switch: { cache: { entries: 64, ways: 4 } },
  traffic: { pattern: 'uniform', packets: 2000 },
};

// A result in the core's shape (numbers from the native CLI for the slice config).
export const SLICE_RESULT: SimResult = {
  config_hash: '478a737cafe3dac43ef50cd69c569b79817eec58f0b28a6b9aa4ec42006ebc7d',
  engine: { name: 'routewalk', version: '0.1.0' },
  seed: 1,
  wall_time_s: 0.000590799,
  cache: {
    lookups: 6286,
    hits: 5806,
    hit_rate: 0.9236398345529748,
    misses: { compulsory: 480, capacity: 0, conflict: 0, total: 480 },
    by_port_class: {
      dim1: { hit_rate: 0.9776432231020028, hits: 2099, lookups: 2147 },
      injection: { hit_rate: 0.88, hits: 1760, lookups: 2000 },
      dim0: { hit_rate: 0.9102384291725105, hits: 1947, lookups: 2139 },
    },
    by_switch: Array.from({ length: 16 }, (_, i) => 0.9 + i / 1000),
  },
  latency_ns: {
    zero_load: {
      mean: 245.313, p50: 233, p99: 375, max: 420, min: 162,
      histogram: [[162, 456], [171, 27], [233, 720], [420, 2]],
    },
  },
  packets: { measured: 2000, warmup: 0, mean_switches: 3.143, max_switches: 5 },
  topology: {
    concentration: 1, dims: [4, 4], kind: 'kary_ncube', node_id: 'switch_id * concentration + local index', nodes: 16,
    switch_id: 'row-major over dims, dimension 0 fastest', switches: 16, wrap: [true, true],
  },
};
