import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import type { Config } from '../config/types';

// A client-only config travels in the URL fragment (#c=...), compressed; the fragment never
// reaches a server, so nothing is stored until the user submits.

export function encodeConfig(cfg: Config): string {
  return 'c=' + compressToEncodedURIComponent(JSON.stringify(cfg));
}

export function decodeConfig(hash: string): Config | null {
  const m = /(?:^#?|&)c=([^&]+)/.exec(hash);
  if (!m) return null;
  const text = decompressFromEncodedURIComponent(m[1]);
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Config) : null;
  } catch {
    return null;
  }
}

export function shareUrl(cfg: Config, origin: string): string {
  return `${origin}/#${encodeConfig(cfg)}`;
}

// Routes: "/" explore, "/e/{id}" a stored experiment, "/s/{id}" a sweep, "/?view=sweeps" a new
// sweep, "/?view=compare" experiments side by side (ids in the fragment: #ids=a,b), "/?view=runs"
// the server's sweeps and experiments (its history). The last three
// live under "/" so any server that serves index.html for "/", "/e/*" and "/s/*" serves them too;
// "/sweeps" and "/compare" are understood as well.
export type Route =
  | { view: 'explore' }
  | { view: 'experiment'; id: string }
  | { view: 'new-sweep' }
  | { view: 'sweep'; id: string }
  | { view: 'compare' }
  | { view: 'runs' };

export const NEW_SWEEP_URL = '/?view=sweeps';
export const COMPARE_URL = '/?view=compare';
export const SERVER_RUNS_URL = '/?view=runs';

export function parseRoute(pathname: string, search = ''): Route {
  const view = new URLSearchParams(search).get('view');
  if (view === 'sweeps') return { view: 'new-sweep' };
  if (view === 'compare') return { view: 'compare' };
  if (view === 'runs') return { view: 'runs' };
  const m = /^\/(e|s)\/([0-9a-zA-Z_-]+)\/?$/.exec(pathname);
  if (m) return m[1] === 'e' ? { view: 'experiment', id: m[2] } : { view: 'sweep', id: m[2] };
  if (/^\/sweeps\/?$/.test(pathname)) return { view: 'new-sweep' };
  if (/^\/compare\/?$/.test(pathname)) return { view: 'compare' };
  return { view: 'explore' };
}
