import type { SimResult } from '../config/types';
import type { TopologyDrawing } from '../lib/drawing/description';
import { portRows } from '../lib/drawing/ports';
import { formatCount, formatRate } from '../lib/numbers/format';
import { panelOf } from '../engines/panels';

interface Props {
  result: SimResult;
  switchId: number;
  drawing: TopologyDrawing | undefined; // the core's port names (lib/drawing/description.ts)
}

// The picked switch's input ports: look-ups and hit rate per port (result.cache.by_port), unless
// its engine draws a switch its own way.
export function PortTable({ result, switchId, drawing }: Props) {
  const Own = panelOf(result.engine.name).PortTable;  // an engine's own view of a switch (engines/panels.tsx)
  if (Own) return <Own result={result} switchId={switchId} drawing={drawing} />;
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
