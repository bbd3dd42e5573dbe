import { useRef } from 'react';
import type { Config, SimResult } from '../config/types';
import { HitRateSummary } from './HitRateSummary';
import { PortClassChart } from './PortClassChart';
import { MissBreakdown } from './MissBreakdown';
import { LatencyPanel } from './LatencyPanel';
import { TopologyView } from './TopologyView';
import { ExportButtons } from './ExportButtons';
import { CostPanel } from './CostPanel';
import { ModelsPanel } from './ModelsPanel';
import { PublishedPanel } from './PublishedPanel';

interface Props {
  title: string;
  // Where the numbers came from, e.g. "WASM core in this browser" (provenance on every result).
  source: string;
  prefix: string;
  config: Config;
  result: SimResult;
  detailed?: boolean;
}

export function ResultPanel({ title, source, prefix, config, result, detailed = true }: Props) {
  const svgRef = useRef<SVGSVGElement>(null);
  return (
    <section className="result" aria-label={title} data-testid={`${prefix}-result`}>
      <h2>{title}</h2>
      <p className="provenance">
        {source} · engine {result.engine.name} {result.engine.version} · seed {result.seed} ·{' '}
        <span title={result.config_hash} data-testid={`${prefix}-config-hash`} data-hash={result.config_hash}>
          config {result.config_hash.slice(0, 12)}…
        </span>
      </p>
      <HitRateSummary result={result} prefix={prefix} />
      <PublishedPanel config={config} result={result} />
      {detailed && (
        <>
          <div className="charts">
            <PortClassChart result={result} />
            <div>
              <MissBreakdown result={result} />
              <LatencyPanel result={result} />
            </div>
          </div>
          <TopologyView ref={svgRef} topology={result.topology} result={result} />
          <ModelsPanel result={result} />
          <CostPanel result={result} />
          <ExportButtons config={config} result={result} svgRef={svgRef} />
        </>
      )}
    </section>
  );
}
