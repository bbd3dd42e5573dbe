import { useRef, useState } from 'react';
import type { Sweep, SweepResultsPage } from '../api/client';
import { COST_CHOICES, SIZE_LABEL, costPointsFromRows, latencyVsSize, seriesAxis, sizeVaries, sweepMetrics } from '../lib/charts/sweepCharts';
import { formatWithUnit } from '../lib/numbers/format';
import { download, svgMarkup, svgToPng } from '../lib/runs/exporting';
import { LineChart } from './LineChart';
import { ParetoChart, ParetoTable } from './ParetoChart';
import { useUnits } from '../hooks/useCoreSchemas';

function ExportSvg({ svg, name }: { svg: React.RefObject<SVGSVGElement | null>; name: string }) {
  return (
    <div className="export">
      <button type="button" onClick={() => svg.current && download(`${name}.svg`, svgMarkup(svg.current), 'image/svg+xml')}>Chart SVG</button>
      <button type="button" onClick={async () => svg.current && download(`${name}.png`, await svgToPng(svg.current))}>Chart PNG</button>
    </div>
  );
}

// Latency vs job size (only when the sweep changes the network's size) and cost vs hit rate
// (only when the results have a cost column).
export function SweepExtraCharts({ sweep, results }: { sweep: Sweep; results: SweepResultsPage }) {
  const latRef = useRef<SVGSVGElement>(null);
  const costRef = useRef<SVGSVGElement>(null);
  const units = useUnits();
  const size = sizeVaries(results.columns, results.rows);
  // The mean latency these results have: the route walk's at zero load, the cycle engine's under load.
  const latency = sweepMetrics(results.columns, results.rows, (p) => units.unitOf(p))
    .find((m) => m.col.startsWith('latency') && m.col.endsWith('.mean'));
  const other = seriesAxis(results.columns, results.rows, sweep.axis_names);
  // Hit rate against the chosen cost, among the cost columns these results have.
  const choices = COST_CHOICES.filter((c) => results.columns.some((col) => col.name === c.col));
  const [costCol, setCostCol] = useState(COST_CHOICES[0].col);
  const cost = choices.find((c) => c.col === costCol) ?? choices[0] ?? COST_CHOICES[0];
  const costUnit = results.columns.find((c) => c.name === cost.col)?.unit || units.unitOf(cost.col);
  const { points, withoutCost } = costPointsFromRows(results.columns, results.rows, sweep.axis_names, cost.col);
  const tag = sweep.id.slice(0, 12);
  return (
    <div className="charts">
      {size && latency && (
        <figure className="chart" data-testid="latency-size-chart">
          <figcaption>{latency.label} vs job size ({SIZE_LABEL}){other ? ` by ${other}` : ''}</figcaption>
          <LineChart ref={latRef} series={latencyVsSize(results.columns, results.rows, latency.col, other)}
            xLabel={SIZE_LABEL} yLabel={latency.label} seriesLabel={other?.split('.').pop()} formatY={(v) => formatWithUnit(v, latency.unit, 1)} />
          <ExportSvg svg={latRef} name={`sweep-${tag}-latency-vs-size`} />
        </figure>
      )}
      {/* Only the route walk's results have cost columns; a cycle sweep has nothing to trade. */}
      {choices.length > 0 && <figure className="chart">
        <figcaption>
          Hit rate vs{' '}
          <select aria-label="cost" value={cost.col} onChange={(e) => setCostCol(e.target.value)} data-testid="pareto-cost">
            {choices.map((c) => <option key={c.col} value={c.col}>{c.label}</option>)}
          </select>
          : Pareto front (filled: no other point is both cheaper and better)
          {withoutCost > 0 && ` · ${withoutCost} finished points have no ${cost.col} and are not drawn`}
        </figcaption>
        <ParetoChart ref={costRef} points={points} costLabel={cost.label} costUnit={costUnit} />
        <ParetoTable points={points} costLabel={cost.label} costUnit={costUnit} />
        <p className="note">cost: the {cost.col} column of the sweep results ({cost.col.startsWith('cost.') ? 'cost model: CACTI 7 or its fit per cost.method (column cost.cache.method), see an experiment page for provenance' : 'simulated'})</p>
        <ExportSvg svg={costRef} name={`sweep-${tag}-pareto`} />
      </figure>}
    </div>
  );
}
