import type { Config } from './types';
import type { AppliesWhen, FieldKind, FieldSpec } from './form';
import { fieldLabel, fieldOrder, groupOf } from './presentation';
import { getPath, setPath } from '../lib/form/path';

// Builds the form from the core's experiment JSON Schema (core.schema()). The schema is
// discriminated: `properties` holds the fields every config has, and each `allOf` entry tagged
// `x-discriminator: {path, value}` adds the fields of one topology kind or traffic pattern in its
// `then`. Which fields exist, their types, units, ranges, defaults and choices all come from here;
// presentation.ts only orders and titles them.

export interface SchemaNode {
  type?: string;
  enum?: string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  then?: SchemaNode;
  'x-discriminator'?: { path: string; value: string };
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  // An upper bound that depends on the rest of the config, as text (e.g. "nodes - 1"): the core
  // states it instead of the number of the config its schema was generated from.
  'x-maximum'?: string;
  description?: string;
  'x-unit'?: string;
  'x-applies-when'?: AppliesWhen;
}

function kindOf(node: SchemaNode): FieldKind | null {
  if (node.oneOf?.some((o) => o.const === 'full')) return 'ways';
  if (node.enum) return 'choice';
  if (node.type === 'integer') return 'int';
  if (node.type === 'number') return 'number';
  if (node.type === 'string') return 'text';
  if (node.type === 'boolean') return 'bool';
  if (node.type === 'array') {
    if (node.items?.type === 'integer') return 'dims';
    if (node.items?.type === 'boolean' || (Array.isArray(node.default) && node.default.every((v) => typeof v === 'boolean'))) return 'flags';
    return 'json';
  }
  return null;
}

// "1–2048" or "1–64, or \"full\"": the values the schema allows (an array's: each item's).
export function rangeText(node: SchemaNode): string | undefined {
  const lo = node.minimum ?? node.items?.minimum ?? node.oneOf?.find((o) => o.minimum !== undefined)?.minimum;
  const bound = node['x-maximum'] ?? node.items?.['x-maximum'];
  const hi = node.maximum ?? node.items?.maximum ?? (bound?.includes(' ') ? `(${bound})` : bound);
  const parts: string[] = [];
  if (lo !== undefined && hi !== undefined) parts.push(`${lo}–${hi}`);
  else if (lo !== undefined) parts.push(`≥ ${lo}`);
  else if (hi !== undefined) parts.push(`≤ ${hi}`);
  if (node.oneOf?.some((o) => o.const === 'full')) parts.push('or "full"');
  return parts.length ? parts.join(', ') : undefined;
}

// "1–2048, default 2048": the range and default as the schema states them.
export function rangeHelp(node: SchemaNode): string | undefined {
  const parts = [rangeText(node)].filter((p): p is string => p !== undefined);
  if (node.default !== undefined && node.default !== null && typeof node.default !== 'object') parts.push(`default ${String(node.default)}`);
  return parts.length ? parts.join(', ') : undefined;
}

function leaves(node: SchemaNode, path: string, out: FieldSpec[]): FieldSpec[] {
  if (node.properties) {
    for (const [k, child] of Object.entries(node.properties)) leaves(child, path ? `${path}.${k}` : k, out);
    return out;
  }
  const kind = kindOf(node);
  if (!kind) return out;
  out.push({
    path,
    kind,
    group: groupOf(path),
    label: fieldLabel(path),
    unit: node['x-unit'],
    choices: node.enum,
    help: rangeHelp(node),
    range: rangeText(node),
    doc: node.description,
    min: node.minimum,
    max: node.maximum,
    default: node.default,
    appliesWhen: node['x-applies-when'],
  });
  return out;
}

function variants(schema: SchemaNode) {
  return (schema.allOf ?? []).filter((e) => e['x-discriminator'] && e.then);
}

function byOrder(fields: FieldSpec[]): FieldSpec[] {
  return [...fields].sort((a, b) => fieldOrder(a.path) - fieldOrder(b.path));
}

// The value a discriminator has in `cfg`, the schema default when the config leaves it out.
export function discriminatorValue(schema: SchemaNode, cfg: Config, path: string): string | undefined {
  const v = getPath(cfg, path);
  if (typeof v === 'string') return v;
  let node: SchemaNode | undefined = schema;
  for (const k of path.split('.')) node = node?.properties?.[k];
  return typeof node?.default === 'string' ? node.default : undefined;
}

// Exactly the fields of `cfg`'s topology kind and traffic pattern, in presentation order. The
// cache's fields are left out when the config has no cache (switch.cache: null).
export function fieldsFor(schema: SchemaNode, cfg: Config): FieldSpec[] {
  const out = leaves(schema, '', []);
  for (const v of variants(schema)) {
    const d = v['x-discriminator']!;
    if (discriminatorValue(schema, cfg, d.path) === d.value) leaves(v.then!, '', out);
  }
  const noCache = getPath(cfg, 'switch.cache') === null;
  return byOrder(out.filter((f) => !(noCache && f.path.startsWith('switch.cache.'))));
}

// Whether `field` applies to `cfg` (its x-applies-when holds): the value of the field it depends
// on, or that field's default when the config leaves it out. A condition whose value cannot be
// told (no such field among `fields`) counts as holding: the form never hides what it cannot judge.
export function applies(field: FieldSpec, fields: FieldSpec[], cfg: Config): boolean {
  const when = field.appliesWhen;
  if (!when) return true;
  const given = getPath(cfg, when.path);
  const value = given ?? fields.find((f) => f.path === when.path)?.default;
  return typeof value !== 'string' || when.in.includes(value);
}

// The fields the form shows: those of fieldsFor() that apply to the current choices (e.g. no
// burst_flits under a bernoulli process). The hidden ones keep their values in the config (the
// core reads and normalizes them either way); pruneToVariant() works on fieldsFor(), so a hidden
// value is not dropped either.
export function shownFields(schema: SchemaNode, cfg: Config): FieldSpec[] {
  const fields = fieldsFor(schema, cfg);
  return fields.filter((f) => applies(f, fields, cfg));
}

// Every field any variant has (one entry per path): the fields a sweep may vary.
export function allFields(schema: SchemaNode): FieldSpec[] {
  const out = leaves(schema, '', []);
  for (const v of variants(schema)) leaves(v.then!, '', out);
  const seen = new Set<string>();
  return byOrder(out.filter((f) => !seen.has(f.path) && seen.add(f.path)));
}

// After an edit that changed a topology kind or traffic pattern, drops the values the new variant
// has no field for (or whose value is not among the new field's choices), so the core sees a
// config of the new kind instead of rejecting the old kind's leftovers (e.g. dims on a fat tree).
export function pruneToVariant(schema: SchemaNode, before: Config, after: Config): Config {
  const changed = variants(schema).some((v) => {
    const p = v['x-discriminator']!.path;
    return discriminatorValue(schema, before, p) !== discriminatorValue(schema, after, p);
  });
  if (!changed) return after;
  const keep = new Map(fieldsFor(schema, after).map((f) => [f.path, f]));
  let out = after;
  for (const f of allFields(schema)) {
    const v = getPath(out, f.path);
    if (v === undefined) continue;
    const now = keep.get(f.path);
    if (!now || (now.choices && !now.choices.includes(String(v)))) out = setPath(out, f.path, undefined);
  }
  return out;
}
