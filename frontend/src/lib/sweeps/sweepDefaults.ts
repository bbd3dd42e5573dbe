// A new sweep's first axes and its base config's description, from the base config and the core's
// schema (docs/frontend.md, "Sweeps"): the fields the base config's engine, topology and traffic
// read (shownFields), never engine names.
import type { Config, Json, RunSummary } from '../../config/types';
import type { FieldSpec } from '../../config/form';
import { LOAD_PATH, loadIgnored } from '../../config/form';
import { formatCount } from '../numbers/format';
import { getPath } from '../form/path';

interface AxisText {
  path: string;
  text: string;
}

const ENTRIES = 'switch.cache.entries';
const WAYS = 'switch.cache.ways';

// `v` times 2^k for k = -steps..steps, whole, within the field's range, without repeats.
export function powersAround(v: number, steps: number, min = 1, max = Infinity): number[] {
  const out: number[] = [];
  for (let k = -steps; k <= steps; k++) {
    const x = Math.round(v * 2 ** k);
    if (x >= min && x <= max && !out.includes(x)) out.push(x);
  }
  return out;
}

// Axes around the base point, for the fields the base config reads (`shown`: shownFields of the
// core's schema for it): the cache's entries from base/8 to base x 8 (when it has a cache); the
// offered load from near zero to full when the engine reads one and no saturation search replaces
// it, else the ways around the base's; the seed when none of these applies.
export function defaultAxes(shown: FieldSpec[], base: Config): AxisText[] {
  const field = (path: string) => shown.find((f) => f.path === path);
  const value = (f: FieldSpec): Json | undefined => getPath(base, f.path) ?? (f.default as Json | undefined);
  const axes: AxisText[] = [];
  const entries = field(ENTRIES);
  const e = entries && value(entries);
  const entryValues = typeof e === 'number' ? powersAround(e, 3, entries!.min, entries!.max) : [];
  if (entryValues.length > 1) axes.push({ path: ENTRIES, text: entryValues.join(', ') });
  const load = field(LOAD_PATH);
  const ways = field(WAYS);
  const w = ways && value(ways);
  if (load && !loadIgnored(base)) {
    axes.push({ path: LOAD_PATH, text: '0.1..0.9 +0.1' });
  } else if (typeof w === 'number' && entryValues.length > 1) {
    // Ways no larger than the smallest cache of the entries axis.
    const wayValues = powersAround(w, 1, 1, Math.min(...entryValues));
    if (wayValues.length > 1) axes.push({ path: WAYS, text: wayValues.join(', ') });
  }
  if (axes.length === 0) axes.push({ path: 'seed', text: '1..4 +1' });
  return axes;
}

// The base config in a few lines (engine, topology with its sizes, traffic, cache), from the
// core's normalized config and summary (prepare), so that "torus" says which torus. Only the fields
// that apply to it (`shown`, shownFields' paths: no burst length under Bernoulli injection).
export function describeBase(normalized: Config, summary: RunSummary, shown: Set<string>): Array<[string, string]> {
  const text = (v: Json): string => (Array.isArray(v) ? (v.every((x) => typeof x === 'number') ? v.join('×') : `[${v.join(', ')}]`) : String(v));
  // "name value" for each field of the section at `path` that applies, in the config's key order.
  const fields = (path: string, skip: string[] = []) => Object.entries((getPath(normalized, path) ?? {}) as Record<string, Json>)
    .filter(([k]) => !skip.includes(k) && shown.has(`${path}.${k}`))
    .map(([k, v]) => `${k} ${text(v)}`);
  const cache = getPath(normalized, 'switch.cache');
  const mode = getPath(normalized, 'sim.mode');
  return [
    ['engine', `${String(normalized.engine)}${typeof mode === 'string' ? `, sim.mode ${mode}` : ''}`],
    ['topology', `${String(getPath(normalized, 'topology.kind'))}: ${fields('topology', ['kind']).join(', ')} (${formatCount(summary.nodes)} nodes, `
      + `${formatCount(summary.switches)} switches, ${formatCount(summary.links)} links)`],
    ['traffic', [String(getPath(normalized, 'traffic.pattern')), ...fields('traffic', ['pattern']),
      ...fields('traffic.injection').map((f) => `injection ${f}`)].join(', ')],
    ['cache', cache && typeof cache === 'object' ? fields('switch.cache').join(', ') : 'none (switch.cache: null)'],
  ];
}
