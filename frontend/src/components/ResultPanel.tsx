import { useRef } from 'react';
import type { Config, SimResult } from '../config/types';
import { TopologyView } from './TopologyView';
import { ExportButtons } from './ExportButtons';
import { CostPanel } from './CostPanel';
import { ModelsPanel } from './ModelsPanel';
import { PublishedPanel } from './PublishedPanel';
import { ResultWarnings } from './ResultWarnings';
import { panelOf } from '../engines/panels';
import { BaselineContext, useBaseline } from '../hooks/useHistory';
import { useTopologyDrawing } from '../hooks/useTopologyDrawing';

interface Props {
  title: string;
  // Where the numbers came from, e.g. "WASM core in this browser" (provenance on every result).
  source: string;
  prefix: string;
  config: Config;
  result: SimResult;
  // The name the run goes by (history name or a short name of its config).
  name?: string;
  // The form no longer holds this result's config: the panel says so and greys out.
  stale?: boolean;
  // Loads a fixed config (a warning's fix applied to this run's) into the form.
  onFix?: (config: Config) => void;
}

export function ResultPanel({ title, source, prefix, config, result, name, stale = false, onFix }: Props) {
  const svgRef = useRef<SVGSVGElement>(null);
  const drawing = useTopologyDrawing(config);
  const baseline = useBaseline();
  const isBaseline = baseline?.result.config_hash === result.config_hash;
  // The engine's own panels (engines/panels.tsx), or the generic view of its headline numbers.
  const panel = panelOf(result.engine.name);
  return (
    <BaselineContext.Provider value={isBaseline ? null : baseline}>
    <section className={`result${stale ? ' stale' : ''}`} aria-label={title} data-testid={`${prefix}-result`}>
      <h2>{title}{name && <>: <span data-testid={`${prefix}-name`}>{name}</span></>}</h2>
      {stale && (
        <p className="stale-banner" role="status">
          Out of date: the form has changed since this run, so these numbers are for this config, not the form's.
          Run (Ctrl+Enter) to update them.
        </p>
      )}
      {baseline && (
        <p className="note baseline-note" data-testid={`${prefix}-baseline`}>
          {isBaseline ? 'This run is the baseline.' : <>Δ: change against the baseline “{baseline.name}”.</>}
        </p>
      )}
      <p className="provenance">
        {source} · engine {result.engine.name} {result.engine.version} · seed {result.seed} ·{' '}
        <span title={result.config_hash} data-testid={`${prefix}-config-hash`} data-hash={result.config_hash}>
          config {result.config_hash.slice(0, 12)}…
        </span>
      </p>
      <panel.Summary config={config} result={result} prefix={prefix} />
      <ResultWarnings result={result} config={config} onFix={onFix} prefix={prefix} />
      <PublishedPanel config={config} result={result} />
      {panel.Charts && <panel.Charts config={config} result={result} prefix={prefix} />}
      <TopologyView ref={svgRef} drawing={drawing} result={result} />
      {!result.app && <ModelsPanel result={result} />}
      <CostPanel result={result} />
      <ExportButtons config={config} result={result} svgRef={svgRef} />
    </section>
    </BaselineContext.Provider>
  );
}
