import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import type { Config } from '../../config/types';

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

// The views' own URLs, for links to them (views/routes.tsx says which URL shows which view).
export const NEW_SWEEP_URL = '/?view=sweeps';
export const COMPARE_URL = '/?view=compare';
export const SERVER_RUNS_URL = '/?view=runs';
