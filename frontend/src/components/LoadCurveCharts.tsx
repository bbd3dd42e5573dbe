import { useRef } from 'react';
import { useUnits } from '../hooks/useCoreSchemas';
import { useElementWidth } from '../hooks/useElementWidth';
import { download, svgMarkup, svgToPng, toCsv } from '../lib/runs/exporting';
import { formatValue } from '../lib/numbers/format';
import { bracketText, curveCsvRows, latencySeries, throughputSeries, zeroLoadPoint, type CurveRow } from '../lib/charts/loadCurve';
import { LineChart } from './LineChart';

interface Props {
  prefix: string;
  // The runs drawn: curve mode's evenly spaced loads (result load_curve.points), or the loads a
  // saturation search tried (saturation.curve).
  curve: CurveRow[];
  kind: 'curve' | 'search';
  gridLoads?: number[]; // curve mode: the configured loads (load_curve.loads)
  saturation?: number; // saturation.throughput
  bracket?: [number, number]; // saturation.load_bracket
  fileBase: string; // download names: "<fileBase>-load-curve.csv"
}

// The cycle engine's latency-load and throughput-load charts as the field draws them (docs/frontend.md,
// "Load curves"): offered load from 0, latency on a log axis (the curve below saturation and the climb
// past it both readable), at the panel's width. A curve marks the zero-load latency and the saturation
// throughput; a search shades the load bracket it ended in. Points export as CSV, charts as SVG/PNG.
export function LoadCurveCharts({ prefix, curve, kind, gridLoads = [], saturation, bracket, fileBase }: Props) {
  const units = useUnits();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const latencySvg = useRef<SVGSVGElement>(null);
  const throughputSvg = useRef<SVGSVGElement>(null);
  const tput = units.unitOf('throughput.accepted');
  const cycles = units.unitOf('latency_cycles.packet.mean');
  const bracketUnit = units.unitOf('saturation.load_bracket');
  const satText = formatValue(saturation, units.unitOf('saturation.throughput'));
  const bare = (v: number) => formatValue(v, '');
  const latency = latencySeries(curve);
  const throughput = throughputSeries(curve);
  const zero = kind === 'curve' ? zeroLoadPoint(curve) : undefined;
  const chartWidth = Math.max(360, width ?? 520);
  const exportChart = (svg: React.RefObject<SVGSVGElement | null>, name: string) => (
    <>
      <button type="button" onClick={() => svg.current && download(`${fileBase}-${name}.svg`, svgMarkup(svg.current), 'image/svg+xml')}>
        {name} SVG
      </button>
      <button type="button" onClick={async () => svg.current && download(`${fileBase}-${name}.png`, await svgToPng(svg.current))}>
        {name} PNG
      </button>
    </>
  );
  return (
    <div className="load-curves" ref={ref} data-testid={`${prefix}-load-curves`}>
      <div data-testid={`${prefix}-latency-load`}>
      <figure className="chart">
        <figcaption>
          {kind === 'curve'
            ? <>Mean packet latency against offered load at {curve.length} evenly spaced loads
              (traffic.injection.load {formatValue(gridLoads[0], tput)} to {formatValue(gridLoads[gridLoads.length - 1], tput)}, just past the saturation
              the search found); latency on a log scale; dashed: the zero-load latency{' '}
              <span data-testid={`${prefix}-zero-load`}>{zero ? formatValue(zero.latency, cycles) : 'not measured'}</span>
              {zero && ` (at offered load ${formatValue(zero.load, tput)}, the curve's lowest)`} and the saturation
              throughput <span data-testid={`${prefix}-curve-saturation`}>{satText}</span></>
            : <>Mean packet latency against offered load, one point per run of the bisection
              {bracket && (<>
                {/* Loads the search tried, not the saturation throughput: that is an accepted
                    throughput, marked on the chart beside. */}
                ; shaded: the offered-load bracket the bisection ended in (traffic.injection.load: the loads it tried
                up to its lower end stayed below saturation, those from its upper end saturated){' '}
                <span data-testid={`${prefix}-load-bracket`}>{bracketText(bracket, bracketUnit)}</span>
              </>)}; latency on a log scale</>}
        </figcaption>
        <LineChart ref={latencySvg} width={chartWidth} series={latency} xLabel={`offered load (${tput})`} yLabel={`packet latency (${cycles})`}
          formatY={(v) => formatValue(v, cycles)} formatTick={bare} logY xFromZero
          levels={zero ? [{ series: 'zero-load latency', y: zero.latency, text: `zero-load ${formatValue(zero.latency, cycles)}`,
            label: `zero-load latency ${formatValue(zero.latency, cycles)}: the mean at offered load ${formatValue(zero.load, tput)}, the curve's lowest` }] : []}
          // Below saturation a network accepts what is offered, so its saturation throughput is
          // where the offered load stops being delivered: the knee of the curve.
          rules={kind === 'curve' && saturation !== undefined ? [{ series: 'saturation throughput', x: saturation, text: `saturation ${bare(saturation)}`,
            label: `saturation throughput ${satText}: the most any run of the search accepted; offered loads past it are not all delivered` }] : []}
          spans={kind === 'search' && bracket ? [{ series: 'load bracket', x0: bracket[0], x1: bracket[1],
            label: `offered-load bracket the bisection ended in: traffic.injection.load ${bracketText(bracket, bracketUnit)}` }] : []} />
      </figure>
      </div>
      <figure className="chart">
        <figcaption>
          Accepted against offered throughput; dashed: the saturation throughput (the most any run of the
          {kind === 'curve' ? ' search' : ' bisection'} accepted){' '}<span data-testid={`${prefix}-saturation`}>{satText}</span>
        </figcaption>
        <LineChart ref={throughputSvg} width={chartWidth} series={throughput} xLabel={`offered load (${tput})`} yLabel={`accepted (${tput})`}
          formatY={(v) => formatValue(v, tput)} formatTick={bare} xFromZero
          levels={saturation !== undefined && throughput.length > 0 ? [{
            // The plateau the saturated runs reach: in their colour when there are any.
            series: throughput[throughput.length - 1].key, y: saturation, label: `saturation throughput ${satText}`,
          }] : []} />
      </figure>
      <div className="export" role="group" aria-label="Export the load curve">
        <button type="button" onClick={() => download(`${fileBase}-load-curve.csv`, toCsv(curveCsvRows(curve, tput, cycles)), 'text/csv')}>
          Load curve CSV
        </button>
        {exportChart(latencySvg, 'latency-load')}
        {exportChart(throughputSvg, 'throughput-load')}
      </div>
    </div>
  );
}
