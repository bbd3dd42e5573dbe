import type { Config, SimResult } from '../../config/types';
import { portOf, type TopologyDrawing } from './description';

// Per-port statistics of one switch from result.cache.by_port (present when the config sets
// output.per_port): by_port[switch][in_port] = [look-ups, hits, class index], switches in the
// order of cache.by_switch; the class index points into cache.port_classes. Port names come from
// the core's drawing description (description.ts portOf), never from the topology's kind.

interface PortRow {
  port: number;
  name: string;
  portClass: string;
  lookups: number;
  hits: number;
  hitRate: number | undefined; // undefined: the port saw no look-ups
}

export function portRows(result: SimResult, switchId: number, drawing: TopologyDrawing | undefined): PortRow[] | null {
  const bySwitch = (result.cache as { by_port?: unknown }).by_port;
  if (!Array.isArray(bySwitch)) return null;
  const ports = bySwitch[switchId];
  if (!Array.isArray(ports)) return null;
  const classes = (result.cache as { port_classes?: unknown }).port_classes;
  return ports.map((p: unknown, port: number) => {
    const [lookups, hits, cls] = Array.isArray(p) ? (p as number[]) : [0, 0, undefined];
    const coreClass = Array.isArray(classes) && typeof cls === 'number' && typeof classes[cls] === 'string' ? (classes[cls] as string) : undefined;
    const named = portOf(drawing, switchId, port);
    return { port, name: named.name, portClass: coreClass ?? named.portClass, lookups, hits, hitRate: lookups > 0 ? hits / lookups : undefined };
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
export function withPerPort(config: Config, on: boolean): Config {
  const out = { ...config.output };
  if (on) out.per_port = true;
  else delete out.per_port;
  const { output: _, ...rest } = config;
  return Object.keys(out).length === 0 ? rest : { ...rest, output: out };
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
export function outputPortRows(result: SimResult, switchId: number, drawing: TopologyDrawing | undefined): Array<{ port: number; name: string; utilisation: number }> | null {
  const u = outputUtilisation(result);
  if (!u || u.all.length < (switchId + 1) * u.ports) return null;
  return Array.from({ length: u.ports }, (_, port) => ({
    port, name: portOf(drawing, switchId, port).name, utilisation: u.all[switchId * u.ports + port],
  }));
}
