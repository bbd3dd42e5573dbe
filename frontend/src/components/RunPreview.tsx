import type { Prepared } from '../config/types';
import { formatSeconds, formatWithUnit } from '../lib/format';
import { BROWSER_BUDGET, estimatedSeconds, placement } from '../lib/placement';
import { useUnits } from '../hooks/useCoreSchemas';

// The rows of the core's summary shown before a run, in this order.
const ROWS: Array<[keyof Prepared['summary'], string]> = [
  ['nodes', 'nodes'], ['switches', 'switches'], ['links', 'switch-to-switch links'], ['ports_per_switch', 'ports per switch'],
  ['input_ports', 'input ports'], ['packets', 'packets'], ['lookups', 'look-ups (at most)'], ['cycles', 'simulated cycles (at most)'],
  ['flit_hops', 'flit-hops (estimate)'], ['memory_bytes', 'memory (estimate)'],
];

// What the run will be, from the core's prepare(): sizes, estimated work and memory, and where it
// should run. Every number takes its unit from the results schema ("summary.*").
export function RunPreview({ prepared }: { prepared: Prepared }) {
  const units = useUnits();
  const s = prepared.summary;
  const p = placement(s);
  const [fast, slow] = estimatedSeconds(s);
  return (
    <div className="run-preview" data-testid="run-preview">
      <dl className="summary small">
        {ROWS.filter(([k]) => s[k] !== undefined).map(([k, label]) => (
          <div key={k}>
            <dt>{label}</dt>
            <dd data-testid={`summary-${k}`}>{formatWithUnit(s[k] as number, units.unitOf(`summary.${k}`))}</dd>
          </div>
        ))}
        <div>
          <dt>browser run time (estimate)</dt>
          <dd data-testid="summary-time">{formatSeconds(fast)} – {formatSeconds(slow)}</dd>
        </div>
      </dl>
      <p className={`note${p.where === 'server' ? ' warn' : ''}`} data-testid="placement">
        {p.serverOnly
          ? "Runs only on the server's workers (SimGrid SMPI): submit it to the server."
          : p.where === 'browser'
          ? 'Small enough for the browser: Run in browser (WASM), or submit it to the server.'
          : `Above the browser budget (${p.over.map((k) => `${formatWithUnit(BROWSER_BUDGET[k], units.unitOf(`summary.${k}`))} ${k === 'memory_bytes' ? 'of memory' : ''}`.trim()).join(', ')}): submit it to the server (Run in browser still works, slowly).`}
      </p>
    </div>
  );
}
