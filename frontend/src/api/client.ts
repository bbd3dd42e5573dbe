import type { Config, FieldError, SimResult } from '../config/types';
import type { components, operations, paths } from './schema.gen';
import { fieldErrorText } from '../lib/form/fieldError';

// REST client for the SwitchLab API (same origin, under /api). The types come from the API's
// OpenAPI document (schema.gen.ts, `make gen-api`); only config and result are narrowed to the
// core's own types (config.gen.ts, from the core's schema), which the OpenAPI document leaves as
// plain objects.

type Schemas = components['schemas'];
// The JSON body of an operation's success answer (200, or 202 for accepted writes).
type Ok<Op extends keyof operations> = operations[Op]['responses'] extends infer R
  ? R extends { 200: { content: { 'application/json': infer B } } }
    ? B
    : never
  : never;

export type ErrorBody = Schemas['ErrorBody'];
export type ExperimentStatus = Schemas['ExperimentOut']['status'];
export type Experiment = Omit<Schemas['ExperimentOut'], 'config' | 'result'> & {
  config: Config;
  result: SimResult | null;
};
export type RunProgress = Schemas['RunProgress'];
export type SweepProgress = Schemas['Progress'];
export type Sweep = Omit<Schemas['SweepOut'], 'base'> & { base: Config };
export type SweepResultsPage = Schemas['SweepResultsPage'];

// A rejected config or sweep (422): the field to mark in the form, what it allows, and for a
// sweep every failing point.
export class InvalidConfig extends Error {
  constructor(
    public readonly error: FieldError & { allowed: string | null },
    public readonly points: Schemas['PointError'][] = [],
  ) {
    super(fieldErrorText(error));
  }
}

// Any other error answer, in the API's envelope (docs/api.md, Errors).
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ErrorBody | null,
  ) {
    super(`API ${status}: ${!body ? 'no error body' : body.field ? fieldErrorText({ field: body.field, message: body.message, allowed: body.allowed }) : body.message}`);
  }
}

async function readError(res: Response): Promise<Error> {
  let body: ErrorBody | null = null;
  try {
    body = ((await res.json()) as Schemas['ErrorResponse']).error ?? null;
  } catch {
    /* not JSON (a proxy's error page): only the status is known */
  }
  if (res.status === 422 && body) {
    const { field, message, allowed, points } = body;
    return new InvalidConfig({ field: field ?? '', message, allowed }, points ?? []);
  }
  return new ApiError(res.status, body);
}

// Fills {name} placeholders of a path the OpenAPI document declares.
function url(path: keyof paths, params: Record<string, string> = {}, base = ''): string {
  return base + path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
}

// A server with SWITCHLAB_API_TOKEN / SWITCHLAB_READ_TOKEN wants a bearer token (docs/security.md);
// the user enters it once (AccessToken in the header) and this browser keeps it.
const TOKEN_KEY = 'switchlab.token';

export function accessToken(): string {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return ''; // storage disabled: no token
  }
}

export function setAccessToken(token: string): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

function withToken(init: RequestInit = {}): RequestInit {
  const token = accessToken();
  if (!token) return init;
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` } };
}

async function call<T>(target: string, init?: RequestInit): Promise<T> {
  const res = await fetch(target, withToken(init));
  if (!res.ok) throw await readError(res);
  return (await res.json()) as T;
}

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function submitExperiment(config: Config, base = ''): Promise<{ id: string; location: string }> {
  const body = await call<Ok<'createExperiment'>>(url('/api/experiments', {}, base), postJson(config));
  return { id: body.id, location: body.location };
}

export async function getExperiment(id: string, base = ''): Promise<Experiment> {
  const e = (await call<Ok<'getExperiment'>>(url('/api/experiments/{experiment_id}', { experiment_id: id }, base))) as Experiment;
  if (e.result && e.arrays) await restoreArrays(e.result as unknown as Record<string, unknown>, e.arrays, base);
  return e;
}

// Cancels a queued or running server run (its worker kills the simulation); a finished one is
// answered as it is.
export async function cancelExperiment(id: string, base = ''): Promise<Experiment> {
  return (await call<Ok<'cancelExperiment'>>(url('/api/experiments/{experiment_id}', { experiment_id: id }, base),
    { method: 'DELETE' })) as Experiment;
}

// Whether the server holds an experiment ('absent' when not: a 200, so asking leaves no 404 in the
// browser's console).
export async function experimentPresence(id: string, base = ''): Promise<Ok<'getExperimentPresence'>['status']> {
  return (await call<Ok<'getExperimentPresence'>>(url('/api/experiments/{experiment_id}/presence', { experiment_id: id }, base))).status;
}

// Big results keep long arrays (per-switch, per-port) out of the result, paged by the API
// (docs/api.md, Results); the views draw them, so arrays up to this length are fetched back in.
const RESTORE_MAX_ITEMS = 1 << 20;

async function restoreArrays(result: Record<string, unknown>, arrays: NonNullable<Experiment['arrays']>, base: string) {
  for (const [path, { length, href }] of Object.entries(arrays)) {
    if (length > RESTORE_MAX_ITEMS) continue;
    const items: unknown[] = [];
    while (items.length < length) {
      const page = await call<Ok<'getExperimentArray'>>(`${base}${href}?offset=${items.length}&limit=65536`);
      if (page.items.length === 0) break;
      items.push(...page.items);
    }
    const keys = path.split('.');
    let node = result;
    for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1]] = items;
  }
}

const FINAL: ReadonlySet<ExperimentStatus> = new Set(['done', 'failed', 'cancelled']);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

// Polls until the experiment is done, failed or cancelled. The interval backs off from 150 ms to
// 2 s so a quick run feels instant and a long one does not hammer the API.
export async function waitForExperiment(
  id: string,
  onUpdate: (e: Experiment) => void,
  signal?: AbortSignal,
  base = '',
): Promise<Experiment> {
  let delay = 150;
  for (;;) {
    const e = await getExperiment(id, base);
    onUpdate(e);
    if (FINAL.has(e.status)) return e;
    await sleep(delay, signal);
    delay = Math.min(2000, delay * 1.5);
  }
}

// ---- sweeps: a grid over config fields, one experiment per point, run by the workers ----

// A grid to run: every point is `base` with one value of each axis set (path -> values).
export type SweepRequest = Omit<Schemas['SweepCreate'], 'base'> & { base: Config };

export async function createSweep(body: SweepRequest): Promise<Sweep> {
  return (await call<Ok<'createSweep'>>(url('/api/sweeps'), postJson(body))) as Sweep;
}

export async function getSweep(id: string): Promise<Sweep> {
  return (await call<Ok<'getSweep'>>(url('/api/sweeps/{sweep_id}', { sweep_id: id }))) as Sweep;
}

export async function cancelSweep(id: string): Promise<Sweep> {
  return (await call<Ok<'cancelSweep'>>(url('/api/sweeps/{sweep_id}', { sweep_id: id }), { method: 'DELETE' })) as Sweep;
}

// All result rows (following next_cursor).
export async function getSweepResults(id: string): Promise<SweepResultsPage> {
  let cursor: string | null = null;
  let page: SweepResultsPage | null = null;
  const rows: unknown[][] = [];
  do {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    page = await call<Ok<'getSweepResults'>>(`${url('/api/sweeps/{sweep_id}/results', { sweep_id: id })}?limit=1000${q}`);
    rows.push(...page.rows);
    cursor = page.next_cursor;
  } while (cursor);
  return { ...page, rows, next_cursor: null };
}

// ---- the server-wide history (docs/api.md, History): newest first, paged by cursor ----

export type ExperimentList = Schemas['ExperimentList'];
export type ExperimentListItem = Schemas['ExperimentListItem'];
export type SweepList = Schemas['SweepList'];
export type SweepListItem = Schemas['SweepListItem'];
export type HistoryQuery = NonNullable<operations['listExperiments']['parameters']['query']>;

// The statuses a run or sweep can have (the API's RunStatus / SweepStatus; typed, so a value the
// API does not know fails to compile).
export const RUN_STATUSES: readonly ExperimentStatus[] = ['queued', 'running', 'done', 'failed', 'cancelled'];

function withQuery(target: string, query: Record<string, string | number | boolean | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${target}?${s}` : target;
}

export async function listExperiments(query: HistoryQuery): Promise<ExperimentList> {
  return call<Ok<'listExperiments'>>(withQuery(url('/api/experiments'), query));
}

export async function listSweeps(query: Omit<HistoryQuery, 'direct'>): Promise<SweepList> {
  return call<Ok<'listSweeps'>>(withQuery(url('/api/sweeps'), query));
}

// MPI traces (docs/api.md, Traces): the file goes as the request body, its name in the query; the
// server unpacks it (gzip, tar, tar.gz, zip), the core validates it, and it is stored once by its
// content id (201 new, 200 already there).
export type StoredTrace = Schemas['TraceOut'];

export async function uploadTrace(file: Blob, name: string, base = ''): Promise<StoredTrace> {
  return call<StoredTrace>(`${url('/api/traces', {}, base)}?name=${encodeURIComponent(name)}`,
    { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: file });
}

// {file name: text}: what the browser's core loads (the server sends it gzip'd; fetch inflates it).
export async function getTraceFiles(id: string, base = ''): Promise<Record<string, string>> {
  return call<Record<string, string>>(url('/api/traces/{trace_id}/files', { trace_id: id }, base));
}
