import type { SimResult } from '../../config/types';

// Per-port statistics of one switch from result.cache.by_port (present when the config sets
// output.per_port): by_port[switch][in_port] = [look-ups, hits, class index], switches in the
// order of cache.by_switch; the class index points into cache.port_classes (the core's names,
// e.g. injection/up/down for fat trees and BMINs, injection/local/global for Dragonflies,
// injection/dim0/... for k-ary n-cubes). Port names: k-ary n-cubes keep the more specific
// "dimD +/−" ([0,c) injection, then c + 2d (+) and c + 2d + 1 (−) per dimension d); graphs
// "to switch N" ([0,c) injection, then one port per neighbour in ascending neighbour id); every
// other kind "<class> (port N)" from the core's class. Results without classes (older cores)
// fall back to the numbering: BMIN [0,k) "down j", [k,2k) "up j"; others "port N".

export interface PortRow {
  port: number;
  name: string;
  portClass: string;
  lookups: number;
  hits: number;
  hitRate: number | undefined; // undefined: the port saw no look-ups
}

export function portName(
  topology: SimResult['topology'],
  port: number,
  switchId: number,
  coreClass?: string, // the core's class of this port (cache.port_classes[by_port[s][p][2]])
): { name: string; portClass: string } {
  const named = portNameFromTopology(topology, port, switchId);
  if (coreClass === undefined) return named;
  const kind = topology?.kind;
  const specific = kind === 'kary_ncube' || kind === 'torus' || kind === 'mesh'
    || ((kind === 'random_regular' || kind === 'edge_list') && Array.isArray(topology?.edges));
  return specific ? { name: named.name, portClass: coreClass } : { name: `${coreClass} (port ${port})`, portClass: coreClass };
}

function portNameFromTopology(topology: SimResult['topology'], port: number, switchId: number): { name: string; portClass: string } {
  const kind = topology?.kind;
  const c = typeof topology?.concentration === 'number' ? topology.concentration : 1;
  if (kind === 'kary_ncube' || kind === 'torus' || kind === 'mesh') {
    if (port < c) return { name: c > 1 ? `node ${port}` : 'node', portClass: 'injection' };
    const d = Math.floor((port - c) / 2);
    return { name: `dim${d} ${(port - c) % 2 === 0 ? '+' : '−'}`, portClass: `dim${d}` };
  }
  if ((kind === 'random_regular' || kind === 'edge_list') && Array.isArray(topology?.edges)) {
    if (port < c) return { name: c > 1 ? `node ${port}` : 'node', portClass: 'injection' };
    const n = neighbours(topology.edges as number[][], switchId)[port - c];
    return { name: n === undefined ? `port ${port} (unused)` : `to switch ${n}`, portClass: 'network' };
  }
  if (kind === 'bmin' && typeof topology?.k === 'number') {
    const k = topology.k;
    return port < k ? { name: `down ${port}`, portClass: 'down port' } : { name: `up ${port - k}`, portClass: 'up port' };
  }
  return { name: `port ${port}`, portClass: '' };
}

// A graph switch's neighbours in ascending id: port concentration + i leads to the i-th (topology.ports).
function neighbours(edges: number[][], switchId: number): number[] {
  return edges.flatMap(([a, b]) => (a === switchId ? [b] : b === switchId ? [a] : [])).sort((x, y) => x - y);
}

// A switch graph's links (random_regular, edge_list: result.topology.edges, [a, b] pairs) in the
// core's topology.links format [a, a's port to b, b, b's port to a], so they carry their ports.
// The core rejects parallel links, so a neighbour's position is its port.
export function graphLinks(topology: { [k: string]: unknown } | undefined): Array<[number, number, number, number]> {
  const edges = topology?.edges;
  if (!Array.isArray(edges)) return [];
  const pairs = edges.filter((e): e is number[] => Array.isArray(e) && e.length >= 2).map(([a, b]) => [Number(a), Number(b)]);
  const c = typeof topology?.concentration === 'number' ? topology.concentration : 1;
  const nbrs = new Map<number, number[]>();
  const of = (s: number) => nbrs.get(s) ?? nbrs.set(s, neighbours(pairs, s)).get(s)!;
  return pairs.map(([a, b]) => [a, c + of(a).indexOf(b), b, c + of(b).indexOf(a)]);
}

// The link switch `s` of a k-ary n-cube leaves by its + port along dimension d
// (kary_ncube.hpp: ports [0, c) injection, then c + 2d to coordinate + 1 and c + 2d + 1 to
// coordinate − 1), in the core's topology.links format: the neighbour answers by its − port.
// The + port of a ring's last switch wraps to coordinate 0 (wraps); a line's last switch and a
// dimension of size 1 have no such link (null).
export function cubeLink(s: number, dims: number[], wrap: boolean[], c: number, d: number): { link: [number, number, number, number]; wraps: boolean } | null {
  const k = dims[d];
  const stride = dims.slice(0, d).reduce((a, b) => a * b, 1);
  const pos = Math.floor(s / stride) % k;
  const wraps = pos + 1 === k;
  if (k < 2 || (wraps && !wrap[d])) return null;
  const to = wraps ? s - pos * stride : s + stride;
  return { link: [s, c + 2 * d, to, c + 2 * d + 1], wraps };
}

export function portRows(result: SimResult, switchId: number): PortRow[] | null {
  const bySwitch = (result.cache as { by_port?: unknown }).by_port;
  if (!Array.isArray(bySwitch)) return null;
  const ports = bySwitch[switchId];
  if (!Array.isArray(ports)) return null;
  const classes = (result.cache as { port_classes?: unknown }).port_classes;
  return ports.map((p: unknown, port: number) => {
    const [lookups, hits, cls] = Array.isArray(p) ? (p as number[]) : [0, 0, undefined];
    const coreClass = Array.isArray(classes) && typeof cls === 'number' && typeof classes[cls] === 'string' ? (classes[cls] as string) : undefined;
    return { port, ...portName(result.topology, port, switchId, coreClass), lookups, hits, hitRate: lookups > 0 ? hits / lookups : undefined };
  });
}

// The look-ups a switch's hit rate was counted over (the sum over its input ports), when the
// result has per-port statistics; undefined otherwise.
export function switchLookups(result: SimResult | undefined, switchId: number): number | undefined {
  const ports = (result?.cache as { by_port?: unknown } | undefined)?.by_port;
  const own = Array.isArray(ports) ? ports[switchId] : undefined;
  if (!Array.isArray(own)) return undefined;
  return own.reduce((n: number, p: unknown) => n + (Array.isArray(p) && typeof p[0] === 'number' ? p[0] : 0), 0);
}

// The config with output.per_port set or removed (an empty output object is dropped, so turning
// the toggle off restores the original config and its hash).
export function withPerPort(config: import('../../config/types').Config, on: boolean) {
  const out = { ...((config.output ?? {}) as Record<string, import('../../config/types').Json>) };
  if (on) out.per_port = true;
  else delete out.per_port;
  const next = { ...config, output: out };
  if (Object.keys(out).length === 0) delete (next as Record<string, unknown>).output;
  return next;
}

// Utilisation of the link leaving port `port` of switch `switchId` (cycle engine), as a fraction
// of the measured cycles: utilization.by_output_port is indexed switch x ports_per_switch + port
// (docs/engines.md). Null when the result has none.
export function outputUtilisation(result: SimResult | undefined): { ports: number; all: number[]; at: (switchId: number, port: number) => number | undefined } | null {
  const all = (result?.utilization as { by_output_port?: number[] } | undefined)?.by_output_port;
  const ports = (result?.summary as { ports_per_switch?: number } | undefined)?.ports_per_switch;
  if (!Array.isArray(all) || typeof ports !== 'number') return null;
  return {
    ports,
    all,
    at: (switchId, port) => {
      const v = port >= 0 && port < ports ? all[switchId * ports + port] : undefined;
      return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    },
  };
}

// Output-port utilisation of one switch; names as for input ports, the same numbering.
export function outputPortRows(result: SimResult, switchId: number): Array<{ port: number; name: string; utilisation: number }> | null {
  const u = outputUtilisation(result);
  if (!u || u.all.length < (switchId + 1) * u.ports) return null;
  return Array.from({ length: u.ports }, (_, port) => ({
    port, name: portName(result.topology, port, switchId).name, utilisation: u.all[switchId * u.ports + port],
  }));
}
