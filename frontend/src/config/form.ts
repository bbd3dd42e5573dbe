import type { Config, Json } from './types';
import { getPath, setPath } from '../lib/path';

// The config form is a list of field descriptors over dotted config paths. Inputs hold text;
// parseField turns text into a JSON value or a local error, and applyField writes the value into
// the config. Range checks beyond "is this a number" are the core's job (validate()), so the
// browser, the CLI and the API reject exactly the same configs with the same message.

export type FieldKind = 'int' | 'number' | 'text' | 'dims' | 'choice' | 'ways' | 'flags' | 'json';

export interface FieldSpec {
  path: string;
  label: string;
  kind: FieldKind;
  unit?: string;
  choices?: string[];
  help?: string;
  // Longer description (from the schema), shown as the input's tooltip.
  doc?: string;
  // Shown only for configs where it applies (e.g. dims only for k-ary n-cubes).
  when?: (cfg: Config) => boolean;
  // The form group the input sits in: the parent config path ("" for top-level fields).
  group: string;
}

const kindIn = (...kinds: string[]) => (c: Config) => kinds.includes(String(getPath(c, 'topology.kind') ?? 'torus'));

// Which topology fields apply to which kinds (the schema lists every kind's fields together).
export const TOPOLOGY_FIELD_KINDS: Record<string, string[]> = {
  'topology.dims': ['torus', 'mesh', 'kary_ncube'],
  'topology.wrap': ['kary_ncube'],
  'topology.concentration': ['torus', 'mesh', 'kary_ncube'],
  'topology.k': ['fat_tree', 'bmin'],
  'topology.n': ['fat_tree'],
  'topology.oversubscription': ['fat_tree'],
  'topology.stages': ['bmin'],
  'topology.p': ['dragonfly'],
  'topology.a': ['dragonfly'],
  'topology.h': ['dragonfly'],
  'topology.g': ['dragonfly'],
  'topology.ports': ['single_switch'],
  'topology.degree': ['random_regular'],
  'topology.seed': ['random_regular'],
  'topology.switches': ['random_regular', 'edge_list'],
  'topology.edges': ['edge_list'],
};

export function kindRule(path: string): ((c: Config) => boolean) | undefined {
  const kinds = TOPOLOGY_FIELD_KINDS[path];
  return kinds ? kindIn(...kinds) : undefined;
}
const byKind = (path: string) => kindRule(path)!;
const hasCache = (c: Config) => getPath(c, 'switch.cache') !== null;

export const FIELDS: FieldSpec[] = [
  { group: 'topology', path: 'topology.kind', label: 'Topology', kind: 'choice',
    choices: ['torus', 'mesh', 'kary_ncube', 'fat_tree', 'dragonfly'] },
  { group: 'topology', path: 'topology.dims', label: 'Dimensions', kind: 'dims', unit: 'switches per dim',
    help: 'e.g. 4x4 or 9x9x9', when: byKind('topology.dims') },
  { group: 'topology', path: 'topology.wrap', label: 'Wrap per dim', kind: 'flags',
    help: 'e.g. 1,1,0 (1 = torus link)', when: byKind('topology.wrap') },
  { group: 'topology', path: 'topology.concentration', label: 'Concentration', kind: 'int', unit: 'nodes/switch', when: byKind('topology.concentration') },
  { group: 'topology', path: 'topology.k', label: 'k (ports up/down)', kind: 'int', unit: 'ports', when: byKind('topology.k') },
  { group: 'topology', path: 'topology.n', label: 'n (levels)', kind: 'int', unit: 'levels', when: byKind('topology.n') },
  { group: 'topology', path: 'topology.p', label: 'p', kind: 'int', unit: 'terminals/switch', when: byKind('topology.p') },
  { group: 'topology', path: 'topology.a', label: 'a', kind: 'int', unit: 'switches/group', when: byKind('topology.a') },
  { group: 'topology', path: 'topology.h', label: 'h', kind: 'int', unit: 'global links/switch', when: byKind('topology.h') },
  { group: 'topology', path: 'topology.g', label: 'g', kind: 'int', unit: 'groups', when: byKind('topology.g') },
  { group: 'switch.cache', path: 'switch.cache.entries', label: 'Cache entries', kind: 'int', unit: 'entries/port', when: hasCache },
  { group: 'switch.cache', path: 'switch.cache.ways', label: 'Ways', kind: 'ways', help: 'integer or "full"', when: hasCache },
  { group: 'switch.cache', path: 'switch.cache.policy', label: 'Replacement', kind: 'choice',
    choices: ['lru', 'plru', 'fifo', 'random', 'lfu'], when: hasCache },
  { group: 'switch.cache', path: 'switch.cache.index', label: 'Index / hash', kind: 'choice',
    choices: ['crc32', 'crc16', 'xor_fold', 'low_bits', 'switchable'], when: hasCache },
  { group: 'switch.delays_ns', path: 'switch.delays_ns.rc_hit', label: 'RC on a hit', kind: 'number', unit: 'ns' },
  { group: 'switch.delays_ns', path: 'switch.delays_ns.rc_miss', label: 'RC on a miss', kind: 'number', unit: 'ns' },
  { group: 'switch.delays_ns', path: 'switch.delays_ns.rc_no_cache', label: 'RC without cache', kind: 'number', unit: 'ns' },
  { group: 'switch.delays_ns', path: 'switch.delays_ns.other', label: 'VA + SA + ST', kind: 'number', unit: 'ns' },
  { group: 'switch.delays_ns', path: 'switch.delays_ns.link', label: 'Link', kind: 'number', unit: 'ns' },
  { group: 'traffic', path: 'traffic.pattern', label: 'Traffic', kind: 'choice',
    choices: ['uniform'] },
  { group: 'traffic', path: 'traffic.warmup_packets', label: 'Warm-up', kind: 'int', unit: 'packets' },
  { group: 'traffic', path: 'traffic.packets', label: 'Measured', kind: 'int', unit: 'packets' },
  { group: '', path: 'seed', label: 'Seed', kind: 'int' },
];

export type Parsed = { ok: true; value: Json | undefined } | { ok: false; message: string };

// Text shown in an input for the current config value.
export function fieldText(spec: FieldSpec, cfg: Config): string {
  const v = getPath(cfg, spec.path);
  if (v === undefined || v === null) return '';
  if (spec.kind === 'dims' && Array.isArray(v)) return v.join('x');
  if (spec.kind === 'flags' && Array.isArray(v)) return v.map((b) => (b ? '1' : '0')).join(',');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

const INT = /^[+-]?\d+$/;

export function parseField(spec: FieldSpec, text: string): Parsed {
  const t = text.trim();
  // An empty optional input means "use the core's default": the key is removed.
  if (t === '') return { ok: true, value: undefined };
  switch (spec.kind) {
    case 'int':
      return INT.test(t) ? { ok: true, value: Number(t) } : { ok: false, message: `${spec.label}: enter a whole number` };
    case 'number':
      return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)
        ? { ok: true, value: Number(t) }
        : { ok: false, message: `${spec.label}: enter a number` };
    case 'text':
      return { ok: true, value: t };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(t) as Json };
      } catch {
        return { ok: false, message: `${spec.label}: enter JSON, e.g. [[0, 1], [1, 2]]` };
      }
    case 'ways':
      if (t.toLowerCase() === 'full') return { ok: true, value: 'full' };
      return INT.test(t) ? { ok: true, value: Number(t) } : { ok: false, message: 'Ways: enter a whole number or "full"' };
    case 'dims': {
      const parts = t.split(/\s*[x×,*\s]\s*/i).filter((p) => p !== '');
      if (parts.length === 0 || !parts.every((p) => INT.test(p)))
        return { ok: false, message: 'Dimensions: enter sizes like 4x4 or 8x8x8' };
      return { ok: true, value: parts.map(Number) };
    }
    case 'flags': {
      const parts = t.split(/\s*[,\s]\s*/).filter((p) => p !== '');
      if (!parts.every((p) => /^(0|1|true|false)$/i.test(p)))
        return { ok: false, message: 'Wrap: enter 1 or 0 per dimension, e.g. 1,1,0' };
      return { ok: true, value: parts.map((p) => p === '1' || p.toLowerCase() === 'true') };
    }
    case 'choice':
      // choices are suggestions; the core is the authority on which names exist.
      return { ok: true, value: t };
  }
}

export function applyField(cfg: Config, spec: FieldSpec, text: string): { config: Config; error?: string } {
  const p = parseField(spec, text);
  if (!p.ok) return { config: cfg, error: p.message };
  return { config: setPath(cfg, spec.path, p.value) };
}

export function visibleFields(cfg: Config, fields: FieldSpec[] = FIELDS): FieldSpec[] {
  return fields.filter((f) => !f.when || f.when(cfg));
}

// The config the slice starts from (issue 2): small enough to finish in well under a second.
export const DEFAULT_CONFIG: Config = {
  seed: 1,
  engine: 'routewalk',
  topology: { kind: 'torus', dims: [4, 4] },
  switch: { cache: { entries: 64, ways: 4 } },
  traffic: { pattern: 'uniform', packets: 2000 },
};
