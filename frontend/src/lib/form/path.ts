import type { Json } from '../../config/types';

// Dotted-path access into the config, e.g. "switch.cache.ways" (the same paths the core uses
// in its error messages, so an error can be attached to the input that edits that field).

export function getPath(obj: unknown, path: string): Json | undefined {
  let cur = obj as Json | undefined;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

// Returns a copy with `path` set (intermediate objects created); the input is never mutated so
// React state updates stay cheap to compare. `undefined` removes the key. The path is the core's
// (a form field's, an error's, a sweep axis'), so the result is the input's type only if the path
// and value are valid there: the core checks that when it prepares the config.
export function setPath<T extends object>(obj: T, path: string, value: Json | undefined): T {
  const [head, ...rest] = path.split('.');
  const out: Record<string, unknown> = { ...(obj as Record<string, unknown>) };
  if (rest.length === 0) {
    if (value === undefined) delete out[head];
    else out[head] = value;
    return out as T;
  }
  const child = out[head];
  const base = child !== null && typeof child === 'object' && !Array.isArray(child) ? child : {};
  out[head] = setPath(base, rest.join('.'), value);
  return out as T;
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
