import type { Config, FieldError, Json } from '../../config/types';
import type { Sweep } from '../../api/client';
import { getPath } from '../form/path';
import { NUMBER, numberOf } from '../../config/form';
import { engineResults } from '../../engines/results';

// Sweep axes: values typed as "64, 128, 256", "64..1024 *2" (geometric) or "1..8 +1"
// (arithmetic), expanded client-side so the point count is known before submitting.
// Array-valued fields (topology.dims, topology.wrap): arrays in JSON brackets separated by ";",
// e.g. "[5,5,5]; [7,7,7]" -> [[5,5,5],[7,7,7]] (each value one grid point).

type AxisParse = { ok: true; values: Json[] } | { ok: false; message: string };

const MAX_AXIS_VALUES = 1000;

function scalar(t: string): Json {
  if (NUMBER.test(t)) return Number(t);
  if (t === 'true' || t === 'false') return t === 'true';
  return t;
}

// "[5,5,5]; [7,7,7]": each ";"-separated part a non-empty JSON array of numbers, booleans or
// strings. The error names the part (1-based) and what is wrong with it.
function parseArrayValues(t: string): AxisParse {
  const parts = t.split(';').map((p) => p.trim());
  const values: Json[] = [];
  for (const [i, p] of parts.entries()) {
    const where = `value ${i + 1} (${p === '' ? 'empty' : p})`;
    if (p === '') {
      if (i === parts.length - 1 && i > 0) continue; // a trailing ";" is harmless
      return { ok: false, message: `${where}: separate arrays with ";", e.g. [5,5,5]; [7,7,7]` };
    }
    if (!p.startsWith('[') || !p.endsWith(']')) return { ok: false, message: `${where}: not an array in brackets like [5,5,5] (separate arrays with ";")` };
    let v: unknown;
    try {
      v = JSON.parse(p);
    } catch {
      return { ok: false, message: `${where}: not a valid array, write numbers separated by commas like [5,5,5]` };
    }
    if (!Array.isArray(v) || v.length === 0) return { ok: false, message: `${where}: an empty array` };
    if (!v.every((x) => typeof x === 'number' || typeof x === 'boolean' || typeof x === 'string'))
      return { ok: false, message: `${where}: only numbers, true/false or strings inside the brackets` };
    values.push(v as Json);
    if (values.length > MAX_AXIS_VALUES) return { ok: false, message: `more than ${MAX_AXIS_VALUES} values` };
  }
  const seen = new Set<string>();
  for (const [i, v] of values.entries()) {
    const k = JSON.stringify(v);
    if (seen.has(k)) return { ok: false, message: `value ${i + 1} (${k}) appears twice` };
    seen.add(k);
  }
  return { ok: true, values };
}

export function parseAxisValues(text: string): AxisParse {
  const t = text.trim();
  if (t.includes('[') || t.includes(']')) return parseArrayValues(t);
  const range = /^(-?[\d.]+)\s*\.\.\s*(-?[\d.]+)\s*([*+])\s*([\d.]+)$/.exec(t);
  if (range) {
    const [from, to, op, by] = [Number(range[1]), Number(range[2]), range[3], Number(range[4])];
    if (![from, to, by].every(Number.isFinite) || (op === '*' && !(by > 1)) || (op === '+' && !(by > 0)) || from > to || (op === '*' && from <= 0))
      return { ok: false, message: 'range: from ≤ to, and *factor > 1 or +step > 0' };
    const values: number[] = [];
    for (let v = from; v <= to * (1 + 1e-12); v = op === '*' ? v * by : v + by) {
      values.push(Number(v.toPrecision(12)));
      if (values.length > MAX_AXIS_VALUES) return { ok: false, message: `more than ${MAX_AXIS_VALUES} values` };
    }
    return { ok: true, values };
  }
  const parts = t.split(/\s*,\s*/).filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, message: 'enter values like 64,128,256 or 64..1024 *2' };
  // A number beyond a double's range would reach the server as null (the field's default).
  const huge = parts.find((p) => NUMBER.test(p) && numberOf(p, NUMBER) === undefined);
  if (huge !== undefined) return { ok: false, message: `${huge}: too large a number` };
  return { ok: true, values: parts.map(scalar) };
}

// An axis over a field that takes an array (topology.dims, topology.wrap) needs array values:
// "4, 5" would set dims to a number, so it is refused here with the syntax to use instead.
export function parseAxis(path: string, text: string, arrayPaths: readonly string[]): AxisParse {
  const p = parseAxisValues(text);
  if (!p.ok || !arrayPaths.includes(path)) return p;
  if (p.values.every(Array.isArray)) return p;
  return { ok: false, message: `${path} takes arrays: write them in brackets separated by ";", e.g. [5,5,5]; [7,7,7]` };
}

export function pointCount(axes: Json[][]): number {
  return axes.reduce((n, a) => n * a.length, 1);
}

// A sweep's name until the user types one, from its axes: each field's last two path parts
// ("switch.buffer.organisation" -> "buffer organisation"), which tell fields apart yet stay short.
export function defaultSweepName(paths: string[]): string {
  const names = paths.map((p) => p.trim()).filter((p) => p !== '').map((p) => p.split('.').slice(-2).join(' '));
  return names.length > 0 ? names.join(' x ') : 'sweep';
}

export interface AxisValues {
  path: string;
  values: Json[];
}

// A config with an axis value set the way the server sets it (backend services/axes.py, set_path):
// missing objects are created, numeric parts index lists, and a path through anything else (e.g.
// switch.cache.entries when the base has switch.cache: null) is refused with the server's error,
// so the form says so before Submit rather than the server after it.
export function setAxisValue(base: Config, path: string, value: Json): { config: Config } | { error: FieldError } {
  const config = structuredClone(base);
  const parts = path.split('.');
  // Walked generically: the path is the sweep's axis, checked here and by the core.
  let node = config as Json;
  for (const [i, part] of parts.entries()) {
    const last = i === parts.length - 1;
    if (Array.isArray(node)) {
      const k = /^\d+$/.test(part) ? Number(part) : -1;
      if (k < 0 || k >= node.length)
        return { error: { field: `axes.${path}`, message: `'${part}' is not an index of a list of ${node.length}`,
          allowed: node.length ? `an index in [0, ${node.length - 1}]` : 'no index: the list is empty' } };
      if (last) node[k] = structuredClone(value);
      else node = node[k];
    } else if (node !== null && typeof node === 'object') {
      if (last) node[part] = structuredClone(value);
      else {
        if (!(part in node)) node[part] = {};
        node = node[part];
      }
    } else {
      return { error: { field: `axes.${path}`, message: `'${parts.slice(0, i).join('.')}' is not an object`,
        allowed: 'a path through objects and list indices' } };
    }
  }
  return { config };
}

// Each axis's values as the core judges them before anything is submitted: the base config with
// one value set, prepared as the explorer form's config is (ranges and rules stay the core's).
// Per axis the first refused value's error, or null (also for an axis not parsed yet). A base the
// core refuses on its own says nothing about the axes: all null (the server names the base field).
// Combinations of values are checkPoints' to judge.
export async function axisValueErrors(
  prepare: (config: Config) => Promise<FieldError | null>,
  base: Config,
  axes: Array<AxisValues | null>,
): Promise<Array<FieldError | null>> {
  if (await prepare(base)) return axes.map(() => null);
  const firstRefused = async ({ path, values }: AxisValues) => {
    for (const v of values) {
      const set = setAxisValue(base, path, v);
      const error = 'error' in set ? set.error : await prepare(set.config);
      if (error) return error;
    }
    return null;
  };
  const errors: Array<FieldError | null> = [];
  for (const axis of axes) errors.push(axis ? await firstRefused(axis) : null); // one at a time: the worker is shared
  return errors;
}

// The points of a grid in the server's order (row-major: the last axis varies fastest), each as
// its axis values.
export function* gridPoints(axes: AxisValues[]): Generator<Array<[string, Json]>> {
  const total = pointCount(axes.map((a) => a.values));
  for (let n = 0; n < total; n++) {
    let rest = n;
    const point: Array<[string, Json]> = [];
    for (let i = axes.length - 1; i >= 0; i--) {
      const len = axes[i].values.length;
      point.unshift([axes[i].path, axes[i].values[rest % len]]);
      rest = Math.floor(rest / len);
    }
    yield point;
  }
}

export interface FailingPoint {
  index: number; // 0-based, in the server's order
  total: number;
  values: Array<[string, Json]>;
  error: FieldError;
}

// "point 3 of 15 (switch.cache.entries = 16, switch.cache.ways = 1)": a point as the form names it.
export function pointName(p: Pick<FailingPoint, 'index' | 'total' | 'values'>): string {
  return `point ${p.index + 1} of ${p.total} (${p.values.map(([k, v]) => `${k} = ${JSON.stringify(v)}`).join(', ')})`;
}

// Every point of the grid prepared by the core, as the server will prepare it on submit: the first
// point it refuses (in the server's order), or null when all are valid. (`prepare` may throw to
// stop early: the axes changed.)
export async function firstFailingPoint(
  prepare: (config: Config) => Promise<FieldError | null>,
  base: Config,
  axes: AxisValues[],
): Promise<FailingPoint | null> {
  const total = pointCount(axes.map((a) => a.values));
  let index = 0;
  for (const values of gridPoints(axes)) {
    let config: Config = base;
    let error: FieldError | null = null;
    for (const [path, v] of values) {
      const set = setAxisValue(config, path, v);
      if ('error' in set) {
        error = set.error;
        break;
      }
      config = set.config;
    }
    error ??= await prepare(config);
    if (error) return { index, total, values, error };
    index++;
  }
  return null;
}

interface SeriesPoint {
  x: number;
  y: number;
  // Drawn as a hollow marker (a cycle-engine point whose run saturated).
  hollow?: boolean;
}

export interface Series {
  key: string;
  points: SeriesPoint[];
}

// The key of the single line of a sweep without a series axis (its chart's y label names it). The
// chart's stalled points use it too, so they are marked in that line's colour.
export const LONE_SERIES = '';

// Result rows (columns by name) -> one line per value of `seriesCol` (or a single line), points
// sorted by x. Rows without a number in x or y (failed or pending points) are left out. Points
// whose `hollowCol` is true are marked hollow.
export function sweepSeries(
  columns: Array<{ name: string }>,
  rows: unknown[][],
  xCol: string,
  yCol: string,
  seriesCol?: string,
  hollowCol?: string,
): Series[] {
  const ix = columns.findIndex((c) => c.name === xCol);
  const iy = columns.findIndex((c) => c.name === yCol);
  const is = seriesCol ? columns.findIndex((c) => c.name === seriesCol) : -1;
  const ih = hollowCol ? columns.findIndex((c) => c.name === hollowCol) : -1;
  if (ix < 0 || iy < 0) return [];
  const groups = new Map<string, SeriesPoint[]>();
  for (const r of rows) {
    const x = r[ix];
    const y = r[iy];
    if (typeof x !== 'number' || typeof y !== 'number') continue;
    const key = is >= 0 ? String(r[is]) : LONE_SERIES;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(ih >= 0 && r[ih] === true ? { x, y, hollow: true } : { x, y });
  }
  const numericKey = (k: string) => (Number.isNaN(Number(k)) ? Infinity : Number(k));
  return [...groups.entries()]
    .sort(([a], [b]) => numericKey(a) - numericKey(b) || a.localeCompare(b))
    .map(([key, points]) => ({ key, points: points.sort((p, q) => p.x - q.x) }));
}

// Which points of a sweep are saturation searches (an engine that searches loads, sim.mode "saturation" or "curve"), from
// its base config and its axes: 'all', 'some' (an axis switches engine or mode) or 'none'.
export function saturationPoints(sweep: Pick<Sweep, 'base' | 'axes'>): 'all' | 'some' | 'none' {
  const values = (path: string) => (sweep.axes[path] as Json[] | undefined) ?? [getPath(sweep.base, path)];
  const [engines, modes] = [values('engine'), values('sim.mode')];
  // (Curve mode starts with the same search and reports it the same way.)
  const search = (m: Json | undefined) => m === 'saturation' || m === 'curve';
  const searching = (e: Json | undefined) => engineResults(e).searchesLoad === true;
  if (engines.every(searching) && modes.every(search)) return 'all';
  return engines.some(searching) && modes.some(search) ? 'some' : 'none';
}
