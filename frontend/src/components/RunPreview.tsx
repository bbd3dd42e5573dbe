import type { Prepared, RunSummary } from '../config/types';
import { formatSeconds, formatWithUnit } from '../lib/numbers/format';
import { BROWSER_BUDGET, estimatedSecondsInTurn, inTurn, placement } from '../lib/runs/placement';
import { useUnits } from '../hooks/useCoreSchemas';

// The rows of the core's summary shown before a run, in this order (the cycle engine's work is
// cycles and flit-hops, the application engines' their skeletons' messages and bytes, the route
// walk's packets and look-ups).
const SIZE_ROWS: Array<[string, string]> = [
  ['nodes', 'nodes'], ['switches', 'switches'], ['links', 'switch-to-switch links'], ['ports_per_switch', 'ports per switch'],
  ['input_ports', 'input ports'],
];
const SKELETON_ROWS: Array<[string, string]> = [['messages', 'messages'], ['bytes', 'bytes']];
const WORK_ROWS: Record<string, Array<[string, string]>> = {
  cycle: [['cycles', 'cycles (at most)'], ['flit_hops', 'flit-hops (estimate)']],
  app: SKELETON_ROWS,
  smpi: SKELETON_ROWS,
  other: [['packets', 'packets'], ['lookups', 'look-ups (at most)']],
};

// What the run will be, from the core's prepare(): sizes, estimated work and memory, and where it
// should run. Every number takes its unit from the results schema ("summary.*"). `variants`: the
// summaries of a compare example's variants, which Run runs one after another; the work, memory,
// time and placement shown are then those of all of them.
export function RunPreview({ prepared, variants }: { prepared: Prepared; variants?: RunSummary[] }) {
  const units = useUnits();
  const runs = variants ?? [prepared.summary];
  const s = inTurn(runs);
  const p = placement(s);
  const [fast, slow] = estimatedSecondsInTurn(runs);
  const values = s as unknown as Record<string, number | undefined>;
  const rows = [...SIZE_ROWS, ...(WORK_ROWS[s.engine] ?? WORK_ROWS.other), ['memory_bytes', 'memory (estimate)']]
    .filter(([k]) => values[k] !== undefined);
  return (
    <div className="run-preview" data-testid="run-preview">
      {variants && (
        <p className="note" data-testid="summary-variants">
          For all {variants.length} variants of the comparison, run one after another: work and time are their sums,
          memory the largest variant's.
        </p>
      )}
      <dl className="summary small">
        {rows.map(([k, label]) => (
          <div key={k}>
            <dt>{label}</dt>
            <dd data-testid={`summary-${k}`}>{formatWithUnit(values[k] as number, units.unitOf(`summary.${k}`))}</dd>
          </div>
        ))}
        {!p.serverOnly && (
          <div>
            <dt>browser run time (estimate)</dt>
            <dd data-testid="summary-time">{formatSeconds(fast)} – {formatSeconds(slow)}</dd>
          </div>
        )}
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
