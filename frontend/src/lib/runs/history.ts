import type { Config, SimResult } from '../../config/types';
import { getPath } from '../form/path';
import { engineResults } from '../../engines/results';

// The runs made in this browser, newest first, kept in localStorage across reloads. Each entry
// holds the config and a trimmed result (the per-port and per-switch arrays and the drawing's
// links are left out so dozens of runs fit the few MiB localStorage offers); the id is the
// config hash, so running the same config again moves its entry to the top and keeps its name.

export interface HistoryEntry {
  id: string; // the result's config_hash
  name: string;
  at: string; // ISO time of the latest run
  where: 'browser' | 'server';
  config: Config;
  result: SimResult;
}

export interface HistoryState {
  entries: HistoryEntry[];
  baseline: string | null; // id of the entry every result is compared with
}

export const HISTORY_KEY = 'switchlab.history.v1';
export const MAX_ENTRIES = 40;

// A short name from the config: "21×21×21 torus, 128 entries full-assoc., uniform".
export function shortName(config: Config): string {
  const t = (config.topology ?? {}) as Record<string, unknown>;
  const kind = typeof t.kind === 'string' ? t.kind.replace(/_/g, ' ') : 'network';
  const shape = Array.isArray(t.dims) ? `${t.dims.join('×')} ${kind}`
    : ['k', 'n', 'a', 'g', 'stages', 'switches'].filter((k) => typeof t[k] === 'number').map((k) => `${k}=${t[k]}`).concat(kind).join(' ');
  const cache = getPath(config, 'switch.cache');
  const entries = getPath(config, 'switch.cache.entries');
  const ways = getPath(config, 'switch.cache.ways');
  const cacheText = cache === null ? 'no cache'
    : `${entries ?? 'default'} entries${ways === 'full' ? ' full-assoc.' : ways !== undefined ? ` ${ways}-way` : ''}`;
  const pattern = getPath(config, 'traffic.pattern');
  // Cycle-engine runs that differ in their buffers (seed 003's comparison) must not share a name,
  // and their organisation leads it: the history list clips a long name at its end.
  const organisation = getPath(config, 'switch.buffer.organisation');
  return [typeof organisation === 'string' ? organisation : null, shape, cacheText, typeof pattern === 'string' ? pattern : null]
    .filter(Boolean).join(', ');
}

// A history entry's headline, as its engine states it (engines/results.ts): the hit rate of a
// route walk, the cycle engine's accepted throughput and mean packet latency, an application's
// relative performance. Units from the results schema (`unitOf`).
export function runHeadline(r: SimResult, unitOf: (path: string) => string): string {
  return engineResults(r.engine?.name).headline(r, unitOf);
}

// Per-switch values a history entry keeps: networks up to this many switches, to 4 decimals (a
// hundredth of a percentage point), so a baseline can colour the drawing by its Δ.
const KEPT_SWITCHES = 1024;
const keptPerSwitch = (v: unknown) =>
  Array.isArray(v) && v.length <= KEPT_SWITCHES ? v.map((x) => (typeof x === 'number' ? Math.round(x * 1e4) / 1e4 : x)) : undefined;

// What a history entry keeps of a result.
export function trimResult(r: SimResult): SimResult {
  const out: SimResult = { ...r };
  // An application-model result has no cache section: none is made up (it would head the entry
  // with a hit rate).
  if (r.cache) {
    const cache = { ...r.cache } as Record<string, unknown>;
    delete cache.by_port;
    cache.by_switch = keptPerSwitch(cache.by_switch);
    if (cache.by_switch === undefined) delete cache.by_switch;
    out.cache = cache as SimResult['cache'];
  }
  if (r.utilization && typeof r.utilization === 'object') {
    const { by_output_port: _p, by_switch, ...rest } = r.utilization as Record<string, unknown>;
    const kept = keptPerSwitch(by_switch);
    out.utilization = kept ? { ...rest, by_switch: kept } : rest;
  }
  delete out.trace;
  if (r.topology) {
    const { links: _l, edges: _e, ...rest } = r.topology;
    out.topology = rest;
  }
  const z = r.latency_ns?.zero_load;
  if (z) {
    const { histogram: _h, ...rest } = z;
    out.latency_ns = { ...r.latency_ns, zero_load: rest };
  }
  return out;
}

// Adds a finished run on top; a run of a config already in the list replaces it (same id) and keeps its name.
export function addRun(s: HistoryState, config: Config, result: SimResult, where: HistoryEntry['where'], now: Date): HistoryState {
  const old = s.entries.find((e) => e.id === result.config_hash);
  const entry: HistoryEntry = {
    id: result.config_hash, name: old?.name ?? shortName(config), at: now.toISOString(), where, config, result: trimResult(result),
  };
  const entries = [entry, ...s.entries.filter((e) => e.id !== entry.id)];
  // The baseline is never dropped for space.
  const kept = entries.length <= MAX_ENTRIES ? entries
    : entries.filter((e, i) => i < MAX_ENTRIES - 1 || e.id === s.baseline).slice(0, MAX_ENTRIES);
  return { ...s, entries: kept };
}

export function rename(s: HistoryState, id: string, name: string): HistoryState {
  return { ...s, entries: s.entries.map((e) => (e.id === id ? { ...e, name } : e)) };
}

export function remove(s: HistoryState, id: string): HistoryState {
  return { entries: s.entries.filter((e) => e.id !== id), baseline: s.baseline === id ? null : s.baseline };
}

export function setBaseline(s: HistoryState, id: string | null): HistoryState {
  return { ...s, baseline: id && s.entries.some((e) => e.id === id) ? id : null };
}

export const EMPTY_HISTORY: HistoryState = { entries: [], baseline: null };

export function parseHistory(text: string | null): HistoryState {
  if (!text) return EMPTY_HISTORY;
  try {
    const v = JSON.parse(text) as Partial<HistoryState>;
    const entries = Array.isArray(v.entries) ? v.entries.filter((e) => e && typeof e.id === 'string' && e.result && e.config) : [];
    return { entries, baseline: typeof v.baseline === 'string' && entries.some((e) => e.id === v.baseline) ? v.baseline : null };
  } catch {
    return EMPTY_HISTORY;
  }
}

// Writes the history, dropping the oldest entries (never the baseline) until it fits the quota.
export function storeHistory(storage: Pick<Storage, 'setItem'>, s: HistoryState): HistoryState {
  let cur = s;
  for (;;) {
    try {
      storage.setItem(HISTORY_KEY, JSON.stringify(cur));
      return cur;
    } catch {
      const victim = [...cur.entries].reverse().find((e) => e.id !== cur.baseline);
      if (!victim) return cur;
      cur = remove(cur, victim.id);
    }
  }
}
