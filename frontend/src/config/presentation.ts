// Presentation of the generated form only: the order fields are listed in, group titles and
// which groups start folded, and friendlier labels for a few keys. Which fields exist, their
// units, ranges, defaults and choices come from the core's schema (schema.ts), never from here.

// Fields in the order a packet meets them; fields not listed follow, in schema order.
const ORDER = [
  'topology.kind', 'topology.dims', 'topology.wrap', 'topology.concentration', 'topology.k', 'topology.n',
  'topology.oversubscription', 'topology.stages', 'topology.p', 'topology.a', 'topology.h', 'topology.g',
  'switch.cache.entries', 'switch.cache.ways', 'switch.cache.policy', 'switch.cache.index',
  'traffic.pattern', 'traffic.warmup_packets', 'traffic.packets', 'seed',
];

const LABELS: Record<string, string> = {
  'topology.kind': 'Topology',
  'topology.dims': 'Dimensions',
  'topology.wrap': 'Wrap per dim',
  'switch.cache.entries': 'Cache entries',
  'switch.cache.policy': 'Replacement',
  'switch.cache.index': 'Index / hash',
  'switch.delays_ns.rc_hit': 'RC on a hit',
  'switch.delays_ns.rc_miss': 'RC on a miss',
  'switch.delays_ns.rc_no_cache': 'RC without cache',
  'switch.delays_ns.other': 'VA + SA + ST',
  'traffic.pattern': 'Traffic',
  'traffic.warmup_packets': 'Warm-up',
  'traffic.packets': 'Measured',
  // The cycle engine's fields (docs/engines.md, pipeline-timing model).
  'traffic.injection.load': 'Offered load',
  'switch.buffer.vcs': 'VCs',
  'switch.buffer.flits_per_vc': 'Flits per VC',
  'switch.pipeline_cycles.rc_hit': 'RC on a hit',
  'switch.pipeline_cycles.rc_miss': 'RC on a miss',
  'switch.pipeline_cycles.rc_no_cache': 'RC without cache',
  'switch.pipeline_cycles.va': 'VC allocation (VA)',
  'switch.pipeline_cycles.sa': 'Switch allocation (SA)',
  'switch.pipeline_cycles.st': 'Switch traversal (ST)',
  'switch.clock_ghz': 'Clock',
  'switch.link_cycles': 'Link traversal',
};

// Group titles by parent config path; open ones first, the rest fold away.
export const GROUPS: Array<{ group: string; title: string; open: boolean }> = [
  { group: 'topology', title: 'Topology', open: true },
  { group: 'switch.cache', title: 'Routing-table cache (per input port)', open: true },
  { group: 'traffic', title: 'Traffic', open: true },
  // The cycle engine's offered load and buffers (only its configs have these fields).
  { group: 'traffic.injection', title: 'Injection', open: true },
  { group: 'switch.buffer', title: 'Buffers and flow control', open: true },
  { group: '', title: 'Run', open: true },
  { group: 'routing', title: 'Routing', open: false },
  { group: 'switch.delays_ns', title: 'Switch delays', open: false },
  { group: 'switch.cam', title: 'Forwarding table (CAM)', open: false },
  { group: 'switch', title: 'Switch', open: false },
  { group: 'hardware', title: 'Hardware cost model', open: false },
  { group: 'monitor', title: 'Monitoring', open: false },
  { group: 'output', title: 'Output', open: false },
  { group: 'traffic.jobs', title: 'Traffic: job mix', open: false },
  // The cycle engine's folded groups (only its configs have these fields).
  { group: 'switch.allocator', title: 'Switch allocator', open: false },
  { group: 'switch.pipeline_cycles', title: 'Router pipeline', open: false },
  { group: 'sim', title: 'Measurement (warm-up, window, saturation search)', open: false },
  { group: 'traffic.size_mix', title: 'Traffic: packet size mix', open: false },
];

export function fieldOrder(path: string): number {
  const i = ORDER.indexOf(path);
  return i >= 0 ? i : ORDER.length;
}

// Label from the key ("warmup_packets" -> "Warmup packets") unless a friendlier one is listed;
// one-letter keys are the papers' symbols (k, n, a, h, g) and stay as they are.
export function fieldLabel(path: string): string {
  if (LABELS[path]) return LABELS[path];
  const last = path.split('.').pop()!;
  if (last.length === 1) return last;
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/_/g, ' ');
}

// The form group of a field: its parent config path ("" for top-level fields).
export function groupOf(path: string): string {
  const i = path.lastIndexOf('.');
  return i < 0 ? '' : path.slice(0, i);
}
