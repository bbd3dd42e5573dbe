import type { SimResult } from '../config/types';
import type { TopologyDrawing } from '../lib/drawing/description';
import { outputPortRows } from '../lib/drawing/ports';
import { formatPercent } from '../lib/numbers/format';

// The cycle engine's view of a switch: flits per cycle through each output port in the measured
// window (utilization.by_output_port); a port drives one link, or a node's ejection link.
export function OutputPortTable({ result, switchId, drawing }: { result: SimResult; switchId: number; drawing: TopologyDrawing | undefined }) {
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
