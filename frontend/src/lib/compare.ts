import type { Json } from '../config/types';

// Flattens a config to dotted paths ("switch.cache.ways" -> 4); arrays stay one value.
export function flatten(obj: Json | undefined, prefix = '', out: Record<string, Json> = {}): Record<string, Json> {
  if (obj !== null && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [k, v] of Object.entries(obj)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix) {
    out[prefix] = obj ?? null;
  }
  return out;
}

export interface DiffRow {
  path: string;
  values: Array<Json | undefined>;
  differs: boolean;
}

// One row per config path present in any of the configs, marking the ones that differ.
export function diffConfigs(configs: Json[]): DiffRow[] {
  const flat = configs.map((c) => flatten(c));
  const paths = [...new Set(flat.flatMap((f) => Object.keys(f)))].sort();
  return paths.map((path) => {
    const values = flat.map((f) => f[path]);
    const keys = values.map((v) => JSON.stringify(v));
    return { path, values, differs: new Set(keys).size > 1 };
  });
}
