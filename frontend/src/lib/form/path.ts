import type { Config, Json } from '../../config/types';

// Dotted-path access into the config, e.g. "switch.cache.ways" (the same paths the core uses
// in its error messages, so an error can be attached to the input that edits that field).

export function getPath(obj: Json | undefined, path: string): Json | undefined {
  let cur: Json | undefined = obj;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

// Returns a copy with `path` set (intermediate objects created); the input is never mutated so
// React state updates stay cheap to compare. `undefined` removes the key.
export function setPath(obj: Config, path: string, value: Json | undefined): Config {
  const [head, ...rest] = path.split('.');
  const out: Config = { ...obj };
  if (rest.length === 0) {
    if (value === undefined) delete out[head];
    else out[head] = value;
    return out;
  }
  const child = obj[head];
  const base = child !== null && typeof child === 'object' && !Array.isArray(child) ? child : {};
  out[head] = setPath(base, rest.join('.'), value);
  return out;
}

// The dotted path of the first number in `v` beyond a double's range (JSON.parse reads 1e999 as
// Infinity, which JSON writes back as null, i.e. the field's default), or null if there is none.
// Array items are named by index, as the core names them: "topology.dims[1]".
export function nonFinitePath(v: unknown, path = ''): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? null : path;
  if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) {
      const p = nonFinitePath(x, `${path}[${i}]`);
      if (p !== null) return p;
    }
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const p = nonFinitePath(x, path ? `${path}.${k}` : k);
      if (p !== null) return p;
    }
  }
  return null;
}
