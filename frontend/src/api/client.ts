import type { Config, FieldError, SimResult } from '../config/types';

// REST client for the SwitchLab API (same origin, under /api).

export type ExperimentStatus = 'queued' | 'running' | 'done' | 'failed';

export interface Experiment {
  id: string;
  config: Config;
  status: ExperimentStatus;
  result: SimResult | null;
  error: unknown;
}

// A rejected config (422): the first field error, in the same shape the core uses.
export class InvalidConfig extends Error {
  constructor(public readonly error: FieldError) {
    super(`${error.field}: ${error.message}`);
  }
}

export class ApiError extends Error {}

async function readError(res: Response): Promise<Error> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON: fall through to the status line */
  }
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (res.status === 422 && Array.isArray(detail) && detail.length > 0) {
    const d = detail[0] as { field?: unknown; message?: unknown; loc?: unknown; msg?: unknown };
    // Our API sends {field,message}; FastAPI's own body validation sends {loc,msg}.
    const field = typeof d.field === 'string' ? d.field : Array.isArray(d.loc) ? d.loc.slice(1).join('.') : '';
    const message = typeof d.message === 'string' ? d.message : String(d.msg ?? 'invalid');
    return new InvalidConfig({ field, message });
  }
  const text = typeof detail === 'string' ? detail : res.statusText;
  return new ApiError(`API ${res.status}: ${text}`);
}

export async function submitExperiment(config: Config, base = ''): Promise<{ id: string; location: string }> {
  const res = await fetch(`${base}/api/experiments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(config),
  });
  if (!res.ok) throw await readError(res);
  const body = (await res.json()) as { id: string; location?: string };
  return { id: body.id, location: body.location ?? `/api/experiments/${body.id}` };
}

export async function getExperiment(id: string, base = ''): Promise<Experiment> {
  const res = await fetch(`${base}/api/experiments/${encodeURIComponent(id)}`);
  if (!res.ok) throw await readError(res);
  return (await res.json()) as Experiment;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

// Polls until the experiment is done or failed. The interval backs off from 150 ms to 2 s so a
// quick run feels instant and a long one does not hammer the API.
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
    if (e.status === 'done' || e.status === 'failed') return e;
    await sleep(delay, signal);
    delay = Math.min(2000, delay * 1.5);
  }
}

// ---- sweeps: a grid over config fields, one experiment per point, run by the workers ----

export interface SweepProgress {
  total: number;
  unique_points: number;
  done: number;
  failed: number;
  cancelled: number;
  running: number;
  queued: number;
  fraction_done: number;
  eta_s: number | null;
}

export interface Sweep {
  id: string;
  name: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  axes: Record<string, unknown>;
  axis_names: string[];
  base: Config;
  progress: SweepProgress;
  results_url: string;
  ui_url: string;
}

export interface SweepResultsPage {
  sweep_id: string;
  columns: Array<{ name: string; unit: string | null }>;
  rows: unknown[][];
  next_cursor: string | null;
}

export async function createSweep(body: { name: string; base: Config; axes: Record<string, unknown[]> }): Promise<Sweep> {
  const res = await fetch('/api/sweeps', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw await readError(res);
  return (await res.json()) as Sweep;
}

export async function getSweep(id: string): Promise<Sweep> {
  const res = await fetch(`/api/sweeps/${encodeURIComponent(id)}`);
  if (!res.ok) throw await readError(res);
  return (await res.json()) as Sweep;
}

export async function cancelSweep(id: string): Promise<Sweep> {
  const res = await fetch(`/api/sweeps/${encodeURIComponent(id)}`, { method: 'DELETE' });
  if (!res.ok) throw await readError(res);
  return (await res.json()) as Sweep;
}

// All result rows (following next_cursor).
export async function getSweepResults(id: string): Promise<SweepResultsPage> {
  let cursor: string | null = null;
  let page: SweepResultsPage | null = null;
  const rows: unknown[][] = [];
  do {
    const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await fetch(`/api/sweeps/${encodeURIComponent(id)}/results?limit=1000${q}`);
    if (!res.ok) throw await readError(res);
    page = (await res.json()) as SweepResultsPage;
    rows.push(...page.rows);
    cursor = page.next_cursor;
  } while (cursor);
  return { ...page, rows, next_cursor: null };
}
