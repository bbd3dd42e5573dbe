import type { Config } from '../config/types';
import { getPath } from './path';

// Rough work estimate (cache look-ups) used to decide whether a config is small enough to run in
// the browser. Only an estimate: average hops are modelled per topology kind.
export const BROWSER_LOOKUP_LIMIT = 50_000_000;

export function estimateLookups(cfg: Config): number | null {
  const packets = Number(getPath(cfg, 'traffic.packets') ?? 0) + Number(getPath(cfg, 'traffic.warmup_packets') ?? 0);
  const kind = getPath(cfg, 'topology.kind');
  let hops: number;
  if (kind === 'torus' || kind === 'mesh' || kind === 'kary_ncube') {
    const dims = getPath(cfg, 'topology.dims');
    if (!Array.isArray(dims)) return null;
    const wrap = getPath(cfg, 'topology.wrap');
    hops = dims.reduce<number>((acc, k, i) => {
      const w = kind === 'torus' || (kind === 'kary_ncube' && Array.isArray(wrap) && wrap[i] === true);
      return acc + (w ? Number(k) / 4 : Number(k) / 3);
    }, 0);
  } else if (kind === 'fat_tree') {
    hops = 2 * Number(getPath(cfg, 'topology.n') ?? 1);
  } else if (kind === 'dragonfly') {
    hops = 3;
  } else return null;
  // +1: the look-up at the injection port.
  return Math.round(packets * (hops + 1));
}
