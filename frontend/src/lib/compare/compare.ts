import type { Config, Json } from '../../config/types';
import { fitErrorOf, type FitError } from '../numbers/fitError';
import { getPath } from '../form/path';
import { portClassOrder } from '../numbers/format';
import { runState } from '../charts/loadCurve';
import { benchmarkName } from '../charts/appChart';

// What the Compare view compares, as its URL fragment holds it: server experiments (ids=) and
// runs of this browser's history (h=), e.g. #ids=abc,def&h=123; a link made by "Copy link" also
// carries the configs of the runs it stored on the server (c=, each compressed as share.ts does),
// so that a server which lost them can run them again.
export interface CompareSelection {
  ids: string[];
  h: string[];
  c?: string[];
}

// Ids as a list: comma-separated, blanks dropped (the fragment's lists and the ids text box).
export function idList(text: string): string[] {
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

function listFromHash(hash: string, key: string): string[] {
  const m = new RegExp(`(?:^#?|&)${key}=([^&]*)`).exec(hash);
  return m ? idList(decodeURIComponent(m[1])) : [];
}

export function selectionFromHash(hash: string): CompareSelection {
  const c = listFromHash(hash, 'c');
  return { ids: listFromHash(hash, 'ids'), h: listFromHash(hash, 'h'), ...(c.length ? { c } : {}) };
}

// The fragment of a selection; selectionFromHash reads it back. Commas stay literal, so the URL
// reads as the links to this view are written.
export function selectionHash({ ids, h, c }: CompareSelection): string {
  const list = (l: string[]) => l.map(encodeURIComponent).join(',');
  return `#ids=${list(ids)}&h=${list(h)}${c?.length ? `&c=${list(c)}` : ''}`;
}

// Flattens a config to dotted paths ("switch.cache.ways" -> 4); arrays stay one value.
export function flatten(obj: Json | undefined, prefix = '', out: Record<string, Json> = {}): Record<string, Json> {
  if (obj !== null && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = obj ?? null;
  }
  return out;
}

interface DiffRow {
  path: string;
  values: Array<Json | undefined>;
  differs: boolean;
}

// One row per config path present in any of the configs, marking the ones that differ.
export function diffConfigs(configs: Config[]): DiffRow[] {
  const flat = configs.map((c) => flatten(c as Json));
  const paths = [...new Set(flat.flatMap((f) => Object.keys(f)))].sort();
  return paths.map((path) => {
    const values = flat.map((f) => f[path]);
    const keys = values.map((v) => JSON.stringify(v));
    return { path, values, differs: new Set(keys).size > 1 };
  });
}

// The result rows a comparison lists, by dotted result path: outcome, then latency, then the
// cycle engine's load figures, then cost. All are numbers but `state`, derived below.
// Per-port-class hit rates are added for every class any of the results has.
const RESULT_PATHS = [
  'cache.hit_rate', 'cache.all_hit_share', 'cache.lookups', 'cache.hits',
  'cache.misses.compulsory', 'cache.misses.capacity', 'cache.misses.conflict', 'cache.misses.total',
  'latency_ns.zero_load.mean', 'latency_ns.zero_load.p50', 'latency_ns.zero_load.p99', 'latency_ns.zero_load.max',
  'packets.mean_switches',
  // The cycle engine's network under load (docs/engines.md, "Measurement"). The load of the run a
  // result reports comes first: a saturation search reports one of its runs, and two searches'
  // runs are at different loads.
  'throughput.offered_configured', 'throughput.offered', 'throughput.accepted', 'saturation.throughput', 'state',
  'latency_cycles.packet.mean', 'latency_cycles.packet.p99', 'latency_cycles.network.mean', 'hops.mean',
  'utilization.port_mean', 'utilization.port_max', 'buffers.mean_flits_per_port',
];
export const COST_PATHS = [
  'cost.cache.area_mm2', 'cost.cache.access_ns', 'cost.cache.read_energy_nJ', 'cost.cache.leakage_mW',
  'cost.budget.caches_area_mm2', 'cost.budget.total_area_mm2', 'cost.budget.leakage_mW', 'cost.cam.area_mm2',
];

// Rows that are not a result path: a cycle-engine run's state (below saturation, saturated or
// deadlock) from its `saturated` and `deadlock` booleans, which a number row would not show.
const DERIVED: Record<string, (result: unknown) => string | undefined> = { state: runState };

// A row's label: each part of its path as a label ("latency_ns.zero_load.p99" -> "latency · zero
// load · p99"), a benchmark by its name ("app · benchmarks · BT · time"), as the result panel names it.
export function metricLabel(path: string, labelOf: (key: string) => string): string {
  const parts = path.split('.');
  return parts.map((p, i) => (i === 2 && parts[0] === 'app' && parts[1] === 'benchmarks' ? benchmarkName(p) : labelOf(p))).join(' · ');
}

interface MetricRow {
  path: string;
  section: 'results' | 'cost';
  values: Array<number | string | undefined>;
  // Why a cost figure is missing, in the core's words (the part's or the whole model's error, or
  // its note), so a comparison never shows a bare "—" where the core said why.
  reasons: Array<string | undefined>;
  // A cost figure the fit made: its cross-validated error in the array's grid region (lib/numbers/fitError.ts).
  fitErrors: Array<FitError | undefined>;
  differs: boolean;
}

const NO_COST = 'no cost section in this result';
function costReason(r: unknown, path: string): string | undefined {
  if (!path.startsWith('cost.')) return undefined;
  const cost = getPath(r as Json, 'cost') as Record<string, unknown> | undefined;
  if (!cost || typeof cost !== 'object') return NO_COST;
  const part = cost[path.split('.')[1]] as { error?: { field?: string; message?: string } } | undefined;
  const error = part?.error ?? (cost.error as { field?: string; message?: string } | undefined);
  if (error?.message) return `${error.field ? `${error.field}: ` : ''}${error.message}`;
  return typeof cost.note === 'string' && cost.note !== '' ? cost.note : undefined;
}

// One row per listed number (or derived value) any result has, marking those that are not the
// same in all.
export function metricRows(results: unknown[]): MetricRow[] {
  const at = (r: unknown, path: string) => getPath(r as Json, path);
  const valueOf = (r: unknown, path: string) => {
    if (DERIVED[path]) return DERIVED[path](r);
    // A network without caches counts its routing computations as look-ups, but has no cache:
    // its cache rows are empty rather than a count beside a cached run's.
    if (path.startsWith('cache.') && at(r, 'cache.enabled') === false) return undefined;
    const v = at(r, path);
    return typeof v === 'number' ? v : undefined;
  };
  const classes = [...new Set(results.flatMap((r) => {
    const c = at(r, 'cache.by_port_class');
    return c && typeof c === 'object' && !Array.isArray(c) ? Object.keys(c) : [];
  }))].sort(portClassOrder);
  // The application model's outcome (it has no cache section): its mean relative performance,
  // then each benchmark's time and relative performance, for every benchmark any result has.
  const benchmarks = [...new Set(results.flatMap((r) => {
    const b = at(r, 'app.benchmarks');
    return b && typeof b === 'object' && !Array.isArray(b) ? Object.keys(b) : [];
  }))];
  const appPaths = ['app.relative_mean', ...benchmarks.flatMap((b) => [`app.benchmarks.${b}.time_s`, `app.benchmarks.${b}.relative`])];
  const paths: Array<[string, MetricRow['section']]> = [
    ...RESULT_PATHS.slice(0, 2).map((p): [string, 'results'] => [p, 'results']),
    ...classes.map((c): [string, 'results'] => [`cache.by_port_class.${c}.hit_rate`, 'results']),
    ...appPaths.map((p): [string, 'results'] => [p, 'results']),
    ...RESULT_PATHS.slice(2).map((p): [string, 'results'] => [p, 'results']),
    ...COST_PATHS.map((p): [string, 'cost'] => [p, 'cost']),
  ];
  return paths
    .map(([path, section]) => {
      const values = results.map((r) => valueOf(r, path));
      const reasons = results.map((r, i) => (values[i] === undefined ? costReason(r, path) : undefined));
      const fitErrors = results.map((r, i) => {
        if (section !== 'cost' || values[i] === undefined) return undefined;
        const [, part, key] = path.split('.');
        return fitErrorOf(at(r, `cost.${part}`), key);
      });
      return { path, section, values, reasons, fitErrors, differs: new Set(values.map(String)).size > 1 };
    })
    // A row stays when a run has its number or the core's reason for lacking it; results with no
    // cost section at all (an engine that prices nothing) add no cost rows of their own.
    .filter((r) => r.values.some((v) => v !== undefined) || r.reasons.some((v) => v !== undefined && v !== NO_COST));
}
