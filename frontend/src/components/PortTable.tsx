import type { SimResult } from '../config/types';
import type { TopologyDrawing } from '../lib/drawing/description';
import { outputPortRows, portRows } from '../lib/drawing/ports';
import { formatCount, formatPercent, formatRate } from '../lib/numbers/format';

interface Props {
  result: SimResult;
  switchId: number;
  drawing: TopologyDrawing | undefined; // the core's port names (lib/drawing/description.ts)
}

// The picked switch's input ports: look-ups and hit rate per port (result.cache.by_port).
export function PortTable({ result, switchId, drawing }: Props) {
  if (result.engine.name === 'cycle') return <OutputPortTable result={result} switchId={switchId} drawing={drawing} />;
  const rows = portRows(result, switchId, drawing);
  if (!rows) {
    return <p className="note" data-testid="port-table-missing">Per-port statistics: tick “per-port statistics” (output.per_port) and run again.</p>;
  }
  return (
    <table className="port-table" data-testid="port-table">
      <caption>Switch {switchId}: input ports</caption>
      <thead>
        <tr><th scope="col">port</th><th scope="col">name</th><th scope="col">look-ups</th><th scope="col">hit rate</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.port} title={r.portClass ? `class ${r.portClass}` : undefined}>
            <td>{r.port}</td><td>{r.name}</td><td>{formatCount(r.lookups)}</td>
            <td>{r.hitRate === undefined ? '— (no look-ups)' : formatRate(r.hitRate, r.lookups)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// The cycle engine's view of a switch: flits per cycle through each output port in the measured
// window (utilization.by_output_port); a port drives one link, or a node's ejection link.
function OutputPortTable({ result, switchId, drawing }: Props) {
  const rows = outputPortRows(result, switchId, drawing);
  if (!rows) return <p className="note" data-testid="port-table-missing">This result has no per-port utilisation.</p>;
  return (
    <table className="port-table" data-testid="port-table">
      <caption>Switch {switchId}: output ports</caption>
      <thead>
        <tr><th scope="col">port</th><th scope="col">name</th><th scope="col">utilisation (flits per cycle)</th></tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.port}><td>{r.port}</td><td>{r.name}</td><td>{formatPercent(r.utilisation)}</td></tr>
        ))}
      </tbody>
    </table>
  );
}
