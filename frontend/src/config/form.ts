import type { Config, Json } from './types';
import { getPath, setPath } from '../lib/form/path';

// The config form is a list of field descriptors over dotted config paths, generated from the
// core's schema (schema.ts). Inputs hold text; parseField turns text into a JSON value or a local
// error, and applyField writes the value into the config. Range checks beyond "is this a number"
// are the core's job (prepare()), so the browser, the CLI and the API reject exactly the same
// configs with the same message.

// In saturation mode the cycle engine bisects the offered load itself (docs/engines.md,
// "Measurement"): the config's traffic.injection.load is the load of no run.
export const LOAD_PATH = 'traffic.injection.load';
// A saturation search (and curve mode, which starts with one) sets the offered load itself.
export const loadIgnored = (cfg: Config) => ['saturation', 'curve'].includes(String(cfg.sim?.mode));

// When a field applies (the schema's x-applies-when): the field at `path` has one of the values
// `in`, e.g. traffic.injection.burst_flits only when traffic.injection.process is on_off.
export interface AppliesWhen {
  path: string;
  in: string[];
}

export type FieldKind = 'int' | 'number' | 'text' | 'bool' | 'dims' | 'choice' | 'ways' | 'flags' | 'json';

export interface FieldSpec {
  path: string;
  label: string;
  kind: FieldKind;
  unit?: string;
  choices?: string[];
  // Range and default as the schema states them, e.g. "1–2048, default 2048".
  help?: string;
  // The range alone ("1–2048"; an array's: each item's), for the messages on text that does not parse.
  range?: string;
  // Longer description (from the schema), shown as the input's tooltip.
  doc?: string;
  min?: number;
  max?: number;
  default?: unknown;
  // The form group the input sits in: the parent config path ("" for top-level fields).
  group: string;
  // Absent: the field always applies.
  appliesWhen?: AppliesWhen;
}

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
export const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

// The number text spells, if it matches `pattern` and fits a double: "1e400" is Infinity, which
// JSON writes as null (the core's default), so it would be dropped without a word.
export const numberOf = (t: string, pattern: RegExp): number | undefined =>
  pattern.test(t) && Number.isFinite(Number(t)) ? Number(t) : undefined;
const isInt = (t: string) => numberOf(t, INT) !== undefined;

// What a message on unparsable text adds, so it names the allowed values as the core's do.
const allowed = (spec: FieldSpec, each = '') => (spec.range ? ` (allowed: ${each}${spec.range})` : '');

export function parseField(spec: FieldSpec, text: string): Parsed {
  const t = text.trim();
  // An empty optional input means "use the core's default": the key is removed.
  if (t === '') return { ok: true, value: undefined };
  switch (spec.kind) {
    case 'int':
      return isInt(t) ? { ok: true, value: Number(t) } : { ok: false, message: `${spec.label}: enter a whole number${allowed(spec)}` };
    case 'number':
      return numberOf(t, NUMBER) !== undefined
        ? { ok: true, value: Number(t) }
        : { ok: false, message: `${spec.label}: enter a number${allowed(spec)}` };
    case 'text':
      return { ok: true, value: t };
    case 'bool':
      return /^(true|false)$/.test(t) ? { ok: true, value: t === 'true' } : { ok: false, message: `${spec.label}: choose true or false` };
    case 'json':
      try {
        return { ok: true, value: JSON.parse(t) as Json };
      } catch {
        return { ok: false, message: `${spec.label}: enter JSON, e.g. [[0, 1], [1, 2]]` };
      }
    case 'ways':
      if (t.toLowerCase() === 'full') return { ok: true, value: 'full' };
      return isInt(t) ? { ok: true, value: Number(t) } : { ok: false, message: `Ways: enter a whole number${allowed(spec)}` };
    case 'dims': {
      const parts = t.split(/\s*[x×,*\s]\s*/i).filter((p) => p !== '');
      if (parts.length === 0 || !parts.every(isInt))
        return { ok: false, message: `Dimensions: enter sizes like 4x4 or 8x8x8${allowed(spec, 'each ')}` };
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
