import type { ComponentType } from 'react';
import type { Config, SimResult } from '../config/types';
import { AppPanel } from '../components/AppPanel';
import { HitRateSummary } from '../components/HitRateSummary';
import { LatencyPanel } from '../components/LatencyPanel';
import { LoadPanel } from '../components/LoadPanel';
import { MissBreakdown } from '../components/MissBreakdown';
import { OutputPortTable } from '../components/OutputPortTable';
import { PortClassChart } from '../components/PortClassChart';
import { useUnits } from '../hooks/useCoreSchemas';
import { getPath } from '../lib/form/path';
import { formatValue } from '../lib/numbers/format';
import type { TopologyDrawing } from '../lib/drawing/description';
import { describeEngine } from './describe';

// The engines' result panels, by the core's engine name (the schema's x-engines): a new engine
// is its panel components plus one row of ENGINE_PANELS. An engine without a row (the core knows
// it, the explorer has no panel for it yet) gets the generic view of its headline numbers.
interface PanelProps {
  config: Config;
  result: SimResult;
  prefix: string;
}

interface EnginePanel {
  // What a run of it shows first (its headline numbers), under the run's provenance...
  Summary: ComponentType<PanelProps>;
  // ...and its charts, after the run's warnings and the published figures beside it.
  Charts?: ComponentType<PanelProps>;
  // Its view of the switch picked in the drawing (default: the input ports' look-ups and hits).
  PortTable?: ComponentType<{ result: SimResult; switchId: number; drawing: TopologyDrawing | undefined }>;
  // What the drawing colours its switches by (default: the routing-table cache's hit rate), and
  // whether its lines carry the run's link loads.
  switchMetric?: SwitchMetric;
}

interface SwitchMetric {
  values: (result: SimResult | undefined) => number[] | undefined;
  word: string;    // what a value is, for captions ("hit rate")
  source: string;  // where the values come from, in words
  linkLoads: boolean;
}

// The cycle engine colours a switch by the mean utilisation of its output links
// (utilization.by_switch, flits per cycle per link), shown in % since a link carries at most one
// flit per cycle.
const LINK_UTILISATION: SwitchMetric = {
  values: (r) => (r?.utilization as { by_switch?: number[] } | undefined)?.by_switch,
  word: 'link utilisation',
  source: 'the mean utilisation of each switch\'s output links in the measured window (share of cycles a link carries a flit)',
  linkLoads: true,
};

// The route walk's look-ups: per port class, the misses by kind, the zero-load latencies.
function WalkCharts({ result }: PanelProps) {
  return (
    <div className="charts">
      <PortClassChart result={result} />
      <div>
        <MissBreakdown result={result} />
        <LatencyPanel result={result} />
      </div>
    </div>
  );
}

// The cycle engine reports the network under load; its caches only when it has them.
function LoadCharts({ result }: PanelProps) {
  const cacheOn = (result.cache as { enabled?: boolean } | undefined)?.enabled === true;
  return cacheOn ? <PortClassChart result={result} /> : null;
}

const ENGINE_PANELS: Record<string, EnginePanel> = {
  routewalk: { Summary: HitRateSummary, Charts: WalkCharts },
  cycle: { Summary: LoadPanel, Charts: LoadCharts, PortTable: OutputPortTable, switchMetric: LINK_UTILISATION },
  // Both report the application's run time with and without the cache.
  app: { Summary: AppPanel },
  smpi: { Summary: AppPanel },
};

// An engine with no panel: the headline keys the core declares for it, with their units.
export function GenericResult({ result, prefix }: PanelProps) {
  const units = useUnits();
  const engine = describeEngine(result.engine.name);
  const rows = (engine?.headline ?? []).map((k) => [k, getPath(result as never, k)] as const).filter(([, v]) => v !== undefined);
  return (
    <section className="generic-result" data-testid={`${prefix}-generic-result`}>
      <h3>Engine {result.engine.name}{engine ? `: ${engine.doc}` : ''}</h3>
      {rows.length === 0 ? <p className="note">This result has none of its engine&apos;s headline numbers.</p> : (
        <table>
          <tbody>
            {rows.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{formatValue(v, units.unitOf(k))}</td></tr>)}
          </tbody>
        </table>
      )}
    </section>
  );
}

const GENERIC: EnginePanel = { Summary: GenericResult };

export const panelOf = (engine: string): EnginePanel => ENGINE_PANELS[engine] ?? GENERIC;
