import type { SimResult } from '../config/types';

// Per-port statistics of one switch from result.cache.by_port (present when the config sets
// output.per_port): by_port[switch][in_port] = [look-ups, hits], switches in the order of
// cache.by_switch. Port names/classes follow the topology's port numbering (docs/topologies.md,
// docs/engines.md): k-ary n-cubes [0,c) injection, then c + 2d (+) and c + 2d + 1 (-) per
// dimension d; graphs [0,c) injection, then one port per neighbour in ascending neighbour id;
// BMIN [0,k) down ports (injection at stage 0), [k,2k) up ports. Other kinds get plain numbers.

export interface PortRow {
  port: number;
  name: string;
  portClass: string;
  lookups: number;
  hits: number;
  hitRate: number | undefined; // undefined: the port saw no look-ups
}

export function portName(topology: SimResult['topology'], port: number, switchId: number): { name: string; portClass: string } {
  const kind = topology?.kind;
  const c = typeof topology?.concentration === 'number' ? topology.concentration : 1;
  if (kind === 'kary_ncube' || kind === 'torus' || kind === 'mesh') {
    if (port < c) return { name: c > 1 ? `node ${port}` : 'node', portClass: 'injection' };
    const d = Math.floor((port - c) / 2);
    return { name: `dim${d} ${(port - c) % 2 === 0 ? '+' : '−'}`, portClass: `dim${d}` };
  }
  if ((kind === 'random_regular' || kind === 'edge_list') && Array.isArray(topology?.edges)) {
    if (port < c) return { name: c > 1 ? `node ${port}` : 'node', portClass: 'injection' };
    const nbrs = (topology.edges as number[][])
      .flatMap(([a, b]) => (a === switchId ? [b] : b === switchId ? [a] : []))
      .sort((x, y) => x - y);
    const n = nbrs[port - c];
    return { name: n === undefined ? `port ${port} (unused)` : `to switch ${n}`, portClass: 'network' };
  }
  if (kind === 'bmin' && typeof topology?.k === 'number') {
    const k = topology.k;
    return port < k ? { name: `down ${port}`, portClass: 'down port' } : { name: `up ${port - k}`, portClass: 'up port' };
  }
  return { name: `port ${port}`, portClass: '' };
}

export function portRows(result: SimResult, switchId: number): PortRow[] | null {
  const bySwitch = (result.cache as { by_port?: unknown }).by_port;
  if (!Array.isArray(bySwitch)) return null;
  const ports = bySwitch[switchId];
  if (!Array.isArray(ports)) return null;
  return ports.map((p: unknown, port: number) => {
    const [lookups, hits] = Array.isArray(p) ? (p as number[]) : [0, 0];
    return { port, ...portName(result.topology, port, switchId), lookups, hits, hitRate: lookups > 0 ? hits / lookups : undefined };
  });
}

// The config with output.per_port set or removed (an empty output object is dropped, so turning
// the toggle off restores the original config and its hash).
export function withPerPort(config: import('../config/types').Config, on: boolean) {
  const out = { ...((config.output ?? {}) as Record<string, import('../config/types').Json>) };
  if (on) out.per_port = true;
  else delete out.per_port;
  const next = { ...config, output: out };
  if (Object.keys(out).length === 0) delete (next as Record<string, unknown>).output;
  return next;
}
