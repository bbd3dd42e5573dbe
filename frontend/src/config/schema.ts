import type { Config } from './types';
import type { FieldKind, FieldSpec } from './form';
import { FIELDS, kindRule } from './form';
import { getPath } from '../lib/path';

// Builds the form from the core's experiment JSON Schema (core.schema()), so a parameter added to
// the core appears in the UI with its unit, range and choices without UI changes. Labels, groups
// and visibility rules that the schema cannot express come from the static FIELDS table.

export interface SchemaNode {
  type?: string;
  enum?: string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  description?: string;
  'x-unit'?: string;
}

const KNOWN = new Map(FIELDS.map((f) => [f.path, f]));

function kindOf(node: SchemaNode): FieldKind | null {
  if (node.oneOf?.some((o) => o.const === 'full')) return 'ways';
  if (node.enum) return 'choice';
  if (node.type === 'integer') return 'int';
  if (node.type === 'number') return 'number';
  if (node.type === 'string') return 'text';
  if (node.type === 'array') {
    if (node.items?.type === 'integer') return 'dims';
    if (node.items?.type === 'boolean' || (Array.isArray(node.default) && node.default.every((v) => typeof v === 'boolean'))) return 'flags';
    return 'json';
  }
  return null;
}

function groupOf(path: string): string {
  const i = path.lastIndexOf('.');
  return i < 0 ? '' : path.slice(0, i);
}

function labelOf(path: string): string {
  const last = path.split('.').pop()!;
  return last.charAt(0).toUpperCase() + last.slice(1).replace(/_/g, ' ');
}

function rangeHelp(node: SchemaNode): string | undefined {
  const parts: string[] = [];
  if (node.minimum !== undefined && node.maximum !== undefined) parts.push(`${node.minimum}–${node.maximum}`);
  else if (node.minimum !== undefined) parts.push(`≥ ${node.minimum}`);
  if (node.default !== undefined && typeof node.default !== 'object') parts.push(`default ${String(node.default)}`);
  return parts.length ? parts.join(', ') : undefined;
}

export function fieldsFromSchema(schema: SchemaNode): FieldSpec[] {
  const out: FieldSpec[] = [];
  const walk = (node: SchemaNode, path: string) => {
    if (node.properties) {
      for (const [k, child] of Object.entries(node.properties)) walk(child, path ? `${path}.${k}` : k);
      return;
    }
    const kind = kindOf(node);
    if (!kind) return;
    const known = KNOWN.get(path);
    out.push({
      path,
      kind,
      group: known?.group ?? groupOf(path),
      label: known?.label ?? labelOf(path),
      unit: node['x-unit'] ?? known?.unit,
      choices: node.enum ?? known?.choices,
      help: known?.help ?? rangeHelp(node),
      doc: node.description,
      when: known?.when ?? kindRule(path) ??
        (path.startsWith('switch.cache.') ? (c: Config) => getPath(c, 'switch.cache') !== null : undefined),
    });
  };
  walk(schema, '');
  // Static table order first (it reads top-down like the pipeline), then anything new.
  const order = (p: string) => {
    const i = FIELDS.findIndex((f) => f.path === p);
    return i >= 0 ? i : FIELDS.length;
  };
  return out.sort((a, b) => order(a.path) - order(b.path));
}
