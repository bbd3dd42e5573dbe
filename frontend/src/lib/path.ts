import type { Config, Json } from '../config/types';

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
