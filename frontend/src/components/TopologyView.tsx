import { forwardRef, useMemo, useState, type KeyboardEvent } from 'react';
import type { SimResult } from '../config/types';
import { deltaColor, hitRateColor, hitRateDomain, MISSING_FILL, switchDeltas, type Cell, type Edge } from '../lib/drawing/topology';
import { aggregated, aggregateLayout, aggregateValues, pairStats } from '../lib/drawing/cubeAggregate';
import { networkName, type TopologyDrawing } from '../lib/drawing/description';
import { drawnLayout, layoutNote, linkNote } from '../lib/drawing/layout';
import { AggregateCells } from './AggregateCells';
import { formatCount, formatDelta, formatRate } from '../lib/numbers/format';
import { outputUtilisation, switchLookups } from '../lib/drawing/ports';
import { useBaseline } from '../hooks/useHistory';
import { Legend } from './Legend';
import { PortTable } from './PortTable';
import { panelOf } from '../engines/panels';
import { linkLoads, type LoadedEdge } from '../lib/drawing/linkUtil';

interface Props {
  // The core's drawing description of the network (topology_drawing of the config that runs or ran;
  // hooks/useTopologyDrawing.ts). Nothing is drawn until it has come.
  drawing: TopologyDrawing | undefined;
  // Without a result (before a run) the switches are drawn grey.
  result?: SimResult;
  // Before a run, the config's engine: what the switches will be coloured by.
  engine?: unknown;
  // A compare example's number of variants: each run colours the same network its own way, so
  // the drawing stays grey and says why instead of promising colours after the run.
  comparedVariants?: number;
}

// Switches coloured by per-switch hit rate, laid out as the core's layout hint says: grids (3-D and
// up as small multiples of 2-D slices, or aggregated), rows of levels, groups on a circle, or a
// force layout. Drawn from the core's drawing description only, never from config fields or kinds.
export const TopologyView = forwardRef<SVGSVGElement, Props>(function TopologyView({ drawing, result, engine, comparedVariants }, ref) {
  const hint = drawing?.layout;
  const dims = hint?.type === 'grid' ? (hint as { dims: number[] }).dims : undefined;
  const metric = metricOf(result, engine);
  // With a baseline of the same engine and network, switches show their Δ to it on a diverging scale.
  const baseline = useBaseline();
  const deltas = result && baseline && baseline.result.engine.name === result.engine.name
    ? switchDeltas(metric.values, metricOf(baseline.result, undefined).values) : undefined;
  const bySwitch = deltas ?? metric.values;
  const word = deltas ? `Δ ${metric.word} vs baseline` : metric.word;
  const source = deltas ? `the change in ${metric.word} per switch against the baseline “${baseline?.name}”` : metric.source;
  // A switch's hit rate has the digits its look-ups support when the result counts them per port
  // (output.per_port); utilisation and Δ keep two decimals.
  const show = (v: number, id?: number) => (deltas ? formatDelta(v, 0, 'fraction') ?? '—'
    : formatRate(v, metric.word === 'hit rate' && id !== undefined ? switchLookups(result, id) : undefined));
  // Hover previews a switch; click or keyboard focus pins it so its port table can be read.
  const [hovered, setHovered] = useState<Cell | null>(null);
  const [pinned, setPinned] = useState<Cell | null>(null);
  const picked = hovered ?? pinned;
  // Big k-ary n-cubes (Tofu's 6-D, 12^4, ...) are drawn aggregated: the mean over the other
  // coordinates for every pair of dimensions, coloured on a scale spanning those means.
  const cubeDims = dims && aggregated(dims) ? dims : null;
  const stats = useMemo(() => (cubeDims ? pairStats(cubeDims, bySwitch) : null), [cubeDims?.join(','), bySwitch]);
  const shownValues = useMemo(() => (stats ? aggregateValues(stats) : bySwitch), [stats, bySwitch]);
  const color = useMemo(() => (deltas ? deltaColor(shownValues ?? []) : hitRateColor(hitRateDomain(shownValues))), [deltas, shownValues]);
  const agg = useMemo(() => (cubeDims && stats ? aggregateLayout(cubeDims, stats, { color }) : null), [cubeDims?.join(','), stats, color]);
  // Per-port utilisation (cycle engine) lets a grid draw its links between the cells.
  const perPort = outputUtilisation(result) !== null;
  const drawn = useMemo(() => (drawing && !agg ? drawnLayout(drawing, bySwitch, color, perPort) : null), [drawing, agg, bySwitch, color, perPort]);
  const layout = drawn?.layout;
  const edges = drawn?.edges ?? [];
  // Cycle-engine runs: every line that is one link carries its utilisation (lib/drawing/linkUtil.ts).
  const loads = useMemo(() => linkLoads(edges, result), [edges, result]);
  const [aggPicked, setAggPicked] = useState<string | null>(null);
  const colouring = result ? `, coloured by ${source}`
    : comparedVariants ? ` (grey: its ${comparedVariants} compared variants have no single drawing; their results are in the comparison)`
      : ' (before the run: switches are coloured once it has run)';
  const greyKey = comparedVariants ? 'one drawing per variant: not coloured' : 'not run yet';
  if (agg && cubeDims) {
    return (
      <figure className="chart topology">
        <figcaption>
          Switches of the {networkName(drawing)}{colouring},
          aggregated: the mean over all other coordinates for every pair of dimensions
        </figcaption>
        <p className="note">{aggregateNote(cubeDims, (hint as { wrap: boolean[] }).wrap)}</p>
        {drawsLinkLoads(result) && hint && <p className="note" data-testid="link-note">{linkNote(hint, false, false)}</p>}
        {result && !bySwitch && <p className="note">This result has no per-switch {word} values; cells are grey.</p>}
        <AggregateCells ref={ref} layout={agg} word={word} show={show} testid={result ? 'topology-svg' : 'topology-preview'} onPick={setAggPicked} />
        <div className="topology-footer" data-testid="topology-legend">
          {bySwitch && <span className="legend-title small">mean {word} per cell</span>}
          {bySwitch && <Legend color={color} what={`mean ${word}`} format={deltas ? (v) => formatDelta(v, 0, 'fraction') ?? '±0' : undefined} />}
          {!bySwitch && <span className="small legend-missing"><span className="swatch" style={{ background: MISSING_FILL }} /> {result ? `no ${word}` : greyKey}</span>}
          <p className="picked" aria-live="polite" data-testid="picked-switch">
            {aggPicked ?? `Hover or focus a cell for the mean ${word} of its switches.`}
          </p>
        </div>
      </figure>
    );
  }
  if (!drawing || !hint) return null;
  if (!layout) {
    return (
      <p className="note" data-testid="topology-too-large">
        Topology drawing: the {networkName(drawing)} has {formatCount(drawing.switches)} switches,
        {' '}more than the {formatCount(drawing.max_switches)} drawn one by one; it is not drawn.
      </p>
    );
  }
  const focusable = layout.slices.length * (layout.slices[0]?.cells.length ?? 0) <= 256;
  // Too many switches for a Tab stop each: the drawing is one Tab stop, and the arrow keys (Home,
  // End) move the picked switch through them in id order, so every switch is reachable by keyboard.
  const cells = focusable ? [] : layout.slices.flatMap((sl) => sl.cells);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = pinned ? cells.findIndex((c) => c.id === pinned.id) : -1;
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? cells.length - 1
      : e.key === 'ArrowRight' || e.key === 'ArrowDown' ? Math.min(at + 1, cells.length - 1)
      : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? Math.max(at - 1, 0) : null;
    if (next === null || !cells[next]) return;
    e.preventDefault();
    setHovered(null);
    setPinned(cells[next]);
  };
  const pad = 4;
  return (
    <figure className="chart topology">
      <figcaption>
        Switches of the {networkName(drawing)}{colouring}
        {loads && ', and its links by their own utilisation (% of cycles)'}
        {layout.shownSlices < layout.totalSlices && ` (first ${layout.shownSlices} of ${layout.totalSlices} slices)`}
      </figcaption>
      <p className="note">{layoutNote(hint)}{bundleNote(edges)}</p>
      {drawsLinkLoads(result) && <p className="note" data-testid="link-note">{linkNote(hint, loads !== null, edges.length > 0)}</p>}
      {result && !bySwitch && <p className="note">This result has no per-switch {word} values; switches are grey.</p>}
      <svg ref={ref} data-testid={result ? 'topology-svg' : 'topology-preview'} width={layout.width + 2 * pad} height={layout.height + 2 * pad}
        viewBox={`${-pad} ${-pad} ${layout.width + 2 * pad} ${layout.height + 2 * pad}`} role="img"
        aria-label={`topology coloured by per-switch ${word}${focusable ? '' : '; arrow keys pick a switch'}`} onMouseLeave={() => setHovered(null)}
        tabIndex={focusable ? undefined : 0} onKeyDown={focusable ? undefined : onKeyDown}
        onFocus={focusable ? undefined : (e) => e.target === e.currentTarget && !pinned && cells[0] && setPinned(cells[0])}>
        <g className="links" stroke="#b8bec6" strokeWidth={0.75}>
          {(loads?.edges ?? (edges as Array<Edge & Partial<LoadedEdge>>)).map((e) => (
            // Bundle widths are screen pixels: a very wide drawing scaled to the page must not thin them away.
            <line key={e.key} x1={e.x1} y1={e.y1} x2={e.x2} y2={e.y2} strokeWidth={e.width} data-links={e.count}
              vectorEffect={e.count !== undefined ? 'non-scaling-stroke' : undefined}
              stroke={e.stroke} data-link={e.utilisation !== undefined ? e.link?.join(':') : undefined} data-utilisation={e.utilisation}>
              {e.title && <title>{e.title}</title>}
            </line>
          ))}
        </g>
        {layout.slices.map((s) => (
          <g key={s.key}>
            {s.label && (s.labelAt
              ? <text className="tick" x={s.labelAt.x} y={s.labelAt.y} textAnchor="end" dominantBaseline="central">{s.label}</text>
              : <text className="tick" x={s.x} y={s.y - 4}>{s.label}</text>)}
            {s.cells.map((c) => (
              <rect key={c.id} x={c.x} y={c.y} width={c.size - 1} height={c.size - 1} fill={c.fill}
                stroke={picked?.id === c.id ? '#000' : 'none'} data-switch={c.id}
                tabIndex={focusable ? 0 : undefined} onMouseEnter={() => setHovered(c)} onFocus={() => setPinned(c)}
                onClick={() => setPinned(c)}>
                <title>{`switch ${c.id} (${c.coords.join(',')}): ${c.hitRate === undefined ? 'no data' : `${word} ${show(c.hitRate, c.id)}`}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </svg>
      <div className="topology-footer" data-testid="topology-legend">
        {/* The colour scale only once there are hit rates to colour by; grey always has its key. */}
        {bySwitch && (
          <span className="legend-group">
            <span className="legend-title small">{word} per switch</span>
            <Legend color={color} what={word} format={deltas ? (v) => formatDelta(v, 0, 'fraction') ?? '±0' : undefined} />
          </span>
        )}
        {loads && (
          <span className="legend-group">
            <span className="legend-title small">link utilisation per link (larger direction, % of cycles)</span>
            <Legend color={loads.color} what="link utilisation (larger direction, % of cycles)" />
          </span>
        )}
        {(!bySwitch || layout.slices.some((sl) => sl.cells.some((c) => c.hitRate === undefined))) && (
          <span className="small legend-missing">
            <span className="swatch" style={{ background: MISSING_FILL }} /> {result ? `no ${word} for this switch` : greyKey}
          </span>
        )}
        <p className="picked" aria-live="polite" data-testid="picked-switch">
          {picked
            ? `switch ${picked.id} at (${picked.coords.join(', ')}): ${word} ${picked.hitRate === undefined ? 'n/a' : show(picked.hitRate, picked.id)}`
            : focusable ? `Hover, click or focus a switch for its ${word} and per-port statistics.`
              : `Hover or click a switch, or Tab to the drawing and use the arrow keys, for its ${word} and per-port statistics.`}
        </p>
      </div>
      {picked && result && <PortTable result={result} switchId={picked.id} drawing={drawing} />}
    </figure>
  );
});

// What the switches are coloured by: the run's (or before a run the config's) engine's own
// metric (engines/panels.tsx), else the cache hit rate per switch.
function metricOf(result: SimResult | undefined, engine: unknown): { values: number[] | undefined; word: string; source: string } {
  // Before a run, the engine the config picks (a config may hold anything there).
  const name = result?.engine.name ?? (typeof engine === 'string' ? engine : undefined);
  const own = name === undefined ? undefined : panelOf(name).switchMetric;
  if (own) return { values: own.values(result), word: own.word, source: own.source };
  return { values: result?.cache?.by_switch, word: 'hit rate', source: 'routing-table cache hit rate' };
}

// Whether a run's engine puts loads on the drawing's links (its link note says how they are drawn).
const drawsLinkLoads = (result: SimResult | undefined) => result !== undefined && panelOf(result.engine.name).switchMetric?.linkLoads === true;

// Bundled links say so, with how many links the bundles carry.
function bundleNote(edges: Edge[]): string {
  if (!edges.some((e) => e.count !== undefined)) return '';
  const total = edges.reduce((n, e) => n + (e.count ?? 0), 0);
  return `; its ${total.toLocaleString('en-US')} links are drawn as ${edges.length} bundles between groups of switches, line width by the number of links (hover a line for its count)`;
}

// Which dimensions are rings and which lines, since the aggregated grids do not show it.
function aggregateNote(dims: number[], wrap: unknown): string {
  const kinds = dims.map((k, i) => `dim${i}: ${k}${Array.isArray(wrap) ? (wrap[i] ? ' (torus)' : ' (mesh)') : ''}`);
  return `${kinds.join(', ')}. Rows: dimension i, columns: dimension j; a cell (a, b) averages every switch at coordinate a of dim i and b of dim j.`;
}
