import { useState } from 'react';
import type { Json, SimResult } from '../config/types';
import { binHistogram } from '../lib/charts/charts';
import { formatValue } from '../lib/numbers/format';
import { getPath } from '../lib/form/path';
import { useUnits } from '../hooks/useCoreSchemas';
import { Histogram } from './Histogram';

// The cycle engine's two latencies (results schema latency_cycles.*; docs/engines.md "Measurement").
const KINDS = {
  packet: { label: 'packet latency', from: 'creation to tail ejection, source queueing included' },
  network: { label: 'network latency', from: 'injection to tail ejection' },
};
type Kind = keyof typeof KINDS;

// The latency distribution of a cycle run: packets per latency bin of the core's exact histogram
// (latency_cycles.<kind>.histogram), packet or network latency as picked. The caption gives the
// median and p99 in cycles and in ns as the core reports them (latency_ns, at switch.clock_ghz).
export function CycleLatencyChart({ result, prefix }: { result: SimResult; prefix: string }) {
  const units = useUnits();
  const [kind, setKind] = useState<Kind>('packet');
  const get = (path: string) => getPath(result as unknown as Json, path);
  const histogram = (k: Kind) => get(`latency_cycles.${k}.histogram`) as Array<[number, number]> | undefined;
  const kinds = (Object.keys(KINDS) as Kind[]).filter((k) => (histogram(k)?.length ?? 0) > 0);
  if (!kinds.includes(kind)) return null;
  const unit = units.unitOf(`latency_cycles.${kind}.histogram`);
  const both = (stat: string) => {
    const ns = get(`latency_ns.${kind}.${stat}`);
    return `${stat} ${formatValue(get(`latency_cycles.${kind}.${stat}`), unit)}${typeof ns === 'number' ? ` (${formatValue(ns, 'ns')})` : ''}`;
  };
  return (
    <figure className="chart" data-testid={`${prefix}-latency-histogram`}>
      <figcaption>
        Distribution of {KINDS[kind].label} ({KINDS[kind].from}): {both('p50')}, {both('p99')}
      </figcaption>
      {kinds.length > 1 && (
        <div role="radiogroup" aria-label="latency shown">
          {kinds.map((k) => (
            <label key={k} className="checkbox">
              <input type="radio" name={`${prefix}-latency-kind`} value={k} checked={k === kind} onChange={() => setKind(k)} /> {KINDS[k].label}
            </label>
          ))}
        </div>
      )}
      <Histogram binned={binHistogram(histogram(kind)!, 30, true)} label={KINDS[kind].label} unit={unit} whole />
    </figure>
  );
}
