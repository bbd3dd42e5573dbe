import { formatCount } from '../lib/numbers/format';
import { TableScroll } from './TableScroll';

// One traced packet as the core reports it (results schema `trace`; docs/engines.md "Per-packet
// trace"): cycles of the packet and, per router on its route, of its head flit.
export interface TracedPacket {
  src: number;
  dst: number;
  flits: number;
  created: number;
  injected: number;
  ejected: number;
  routers: Array<{ switch: number; in_port: number; out_port: number; arrival: number; rc_done: number; sent: number }>;
}

// An ejection or router cycle; the core writes 0 for what did not happen before the run ended (an
// undelivered packet's ejection, the routers it did not reach or leave). Creation and injection
// can be cycle 0.
const cycle = (c: number) => (c === 0 ? '—' : formatCount(c));

// The per-packet trace (sim.trace_packets), folded: a row per packet, then a row per router it
// crossed, every time a cycle number of the run.
export function TraceTable({ trace }: { trace: TracedPacket[] }) {
  return (
    <details className="trace" data-testid="trace">
      <summary>Per-packet trace: the first {formatCount(trace.length)} measured packets (times in cycles of the run; —: not reached when the run ended)</summary>
      <TableScroll label="per-packet trace">
        <table className="numbers" data-testid="trace-table">
          <thead>
            <tr>
              <th scope="col">packet</th><th scope="col">switch</th><th scope="col">in port → out port</th>
              <th scope="col">head arrived (cycle)</th><th scope="col">routing done (cycle)</th><th scope="col">head sent (cycle)</th>
            </tr>
          </thead>
          {trace.map((p, i) => (
            <tbody key={i} data-packet={i}>
              <tr>
                <th scope="rowgroup" colSpan={6}>
                  {`${i + 1}: node ${p.src} → node ${p.dst}, ${formatCount(p.flits)} ${p.flits === 1 ? 'flit' : 'flits'}; `
                    + `created ${formatCount(p.created)}, injected ${formatCount(p.injected)}, tail ejected ${cycle(p.ejected)}`}
                </th>
              </tr>
              {p.routers.map((r, j) => (
                <tr key={j}>
                  <td />
                  <td>{r.switch}</td><td>{r.in_port} → {r.out_port}</td>
                  <td>{cycle(r.arrival)}</td><td>{cycle(r.rc_done)}</td><td>{cycle(r.sent)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </TableScroll>
    </details>
  );
}
