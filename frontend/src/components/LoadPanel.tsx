import type { Json, SimResult } from '../config/types';
import { errorsOf } from '../lib/numbers/confidence';
import { formatValue } from '../lib/numbers/format';
import { DEADLOCK, loadBracket, runState, type CurveRow } from '../lib/charts/loadCurve';
import { getPath } from '../lib/form/path';
import { useUnits } from '../hooks/useCoreSchemas';
import type { Units } from '../lib/numbers/units';
import { CycleLatencyChart } from './CycleLatencyChart';
import { Delta } from './Delta';
import { KeyValueTable } from './KeyValueTable';
import { LoadCurveCharts } from './LoadCurveCharts';
import { TraceTable, type TracedPacket } from './TraceTable';

type Obj = Record<string, unknown>;

// Results of the cycle engine (docs/engines.md): throughput and latency under load, whether the
// network saturated, and in saturation mode the latency-load and throughput-load curves. Every
// number carries the unit the results schema gives its path.
export function LoadPanel({ result, prefix }: { result: SimResult; prefix: string }) {
  const units = useUnits();
  const get = (path: string) => getPath(result as unknown as Json, path);
  const stalled = get('cycles.stalled_at_end');
  const se = errorsOf(result);
  const headline: Array<[string, string]> = [
    ['accepted throughput', 'throughput.accepted'],
    ['offered load', 'throughput.offered'],
    ['packet latency, mean', 'latency_cycles.packet.mean'],
    ['packet latency, mean (ns)', 'latency_ns.packet.mean'],
    ['packet latency, p99', 'latency_cycles.packet.p99'],
    ['switches crossed, mean', 'hops.mean'],
    // Only when the switches have routing caches: the hit rate under load.
    ...(get('cache.enabled') === true ? [['routing-cache hit rate', 'cache.hit_rate'] as [string, string]] : []),
  ];
  const curve = get('saturation.curve') as CurveRow[] | undefined;
  // Curve mode's evenly spaced loads (docs/engines.md, "Measurement"), drawn instead of the search's.
  const loadCurve = get('load_curve.points') as CurveRow[] | undefined;
  const saturation = get('saturation.throughput') as number | undefined;
  const runLoad = get('throughput.offered_configured');
  const bracket = loadBracket(result);
  const state = runState(result);
  return (
    <div className="load-panel" data-testid={`${prefix}-load`}>
      {curve && curve.length > 0 && (
        // A bisection reports one of its runs (docs/engines.md): say which, since its offered
        // load is neither the form's nor the saturation throughput.
        <p className="note" data-testid={`${prefix}-reported-run`}>
          {result.saturated ? `Every one of the ${curve.length} runs of the saturation search saturated; the numbers below are its last run's`
            : `The numbers below are those of the highest load of the saturation search's ${curve.length} runs that stayed below saturation`}
          {' '}(traffic.injection.load {formatValue(runLoad, units.unitOf('throughput.offered_configured'))}).
        </p>
      )}
      <dl className="summary">
        {headline.map(([label, path]) => {
          const v = get(path);
          return (
            <div key={path}>
              <dt>{label}</dt>
              <dd><span data-testid={`${prefix}-${path}`}>{formatValue(v, units.unitOf(path), se(path))}</span>
                <Delta path={path} value={v} unit={units.unitOf(path)} se={se(path)} /></dd>
            </div>
          );
        })}
        <div>
          <dt>state</dt>
          <dd data-testid={`${prefix}-saturated`}>
            {state === DEADLOCK
              ? `${DEADLOCK}: no flit moved for ${formatValue(get('cycles.deadlock_limit'), units.unitOf('cycles.deadlock_limit'))}`
              : state}
            {/* A run that ended before the deadlock limit may still have stopped moving. */}
            {state !== DEADLOCK && typeof stalled === 'number' && stalled > 0 &&
              `; no flit moved in its last ${formatValue(stalled, units.unitOf('cycles.stalled_at_end'))}`}
          </dd>
        </div>
      </dl>
      <SpreadNote get={get} units={units} prefix={prefix} />
      {(loadCurve ?? curve ?? []).length > 0 && (
        <LoadCurveCharts prefix={prefix} curve={loadCurve ?? curve ?? []} kind={loadCurve ? 'curve' : 'search'}
          gridLoads={get('load_curve.loads') as number[] | undefined}
          saturation={saturation} bracket={loadCurve ? undefined : bracket} fileBase={`switchlab-${result.config_hash.slice(0, 12)}`} />
      )}
      <CycleLatencyChart result={result} prefix={prefix} />
      <div className="charts">
        <div>
          <h3>Throughput</h3>
          <KeyValueTable data={(result.throughput ?? {}) as Obj} path="throughput" se={se} />
          <h3>Packet latency</h3>
          <LatencyTable result={result} path="latency_cycles.packet" />
          <h3>Network latency</h3>
          <LatencyTable result={result} path="latency_cycles.network" />
          {result.replay !== undefined && (
            <div data-testid={`${prefix}-replay`}>
              <h3>Replay</h3>
              <KeyValueTable data={result.replay as Obj} path="replay" />
            </div>
          )}
        </div>
        <div>
          <h3>Link utilisation</h3>
          <KeyValueTable data={(result.utilization ?? {}) as Obj} path="utilization" />
          {/* Its own heading: under the links' one, the CAM's busy share read as a link utilisation.
              Without caches there is no CAM (the core's utilization is null) and nothing to show. */}
          {typeof get('cam.utilization') === 'number' && (<>
            <h3>Forwarding table (CAM), searched on cache misses</h3>
            <KeyValueTable data={result.cam as Obj} path="cam" />
          </>)}
          <h3>Buffers</h3>
          <KeyValueTable data={(result.buffers ?? {}) as Obj} path="buffers" />
          <h3>Cycles</h3>
          <KeyValueTable data={(result.cycles ?? {}) as Obj} path="cycles" />
        </div>
      </div>
      {Array.isArray(result.trace) && result.trace.length > 0 && <TraceTable trace={result.trace as TracedPacket[]} />}
    </div>
  );
}

// A latency's statistics; its histogram (and the note on its format) is CycleLatencyChart's.
// A run that delivered no measured packet (a deadlock) has none, and says so.
function LatencyTable({ result, path }: { result: SimResult; path: string }) {
  if (getPath(result as unknown as Json, 'packets.delivered') === 0) {
    return <p className="note">none: no packet was delivered in the measured window</p>;
  }
  return <KeyValueTable data={(getPath(result as unknown as Json, path) ?? {}) as Obj} path={path}
    skip={['histogram', 'histogram_format']} se={errorsOf(result)} />;
}

// A window too short for its injection process (long on/off bursts): the offered load, and with
// it the state above and a bisection's bracket, vary from seed to seed by more than the 1 % the
// saturated flag tests. Shown when the core says a longer window would be needed for 1 %, or that
// no allowed window would (window_for_1pct_cycles null beside a spread above 1 %).
// (`get` reads the result, `units` are its units: LoadPanel's own.)
function SpreadNote({ get, units, prefix }: { get: (path: string) => unknown; units: Units; prefix: string }) {
  const spread = get('throughput.offered_spread_pct');
  const needed = get('throughput.window_for_1pct_cycles');
  const measured = get('cycles.measured');
  if (typeof spread !== 'number' || typeof measured !== 'number') return null;
  if (typeof needed === 'number' ? needed <= measured : spread <= 1) return null;
  return (
    <p className="note" data-testid={`${prefix}-offered-spread`}>
      Over a window of {formatValue(measured, units.unitOf('cycles.measured'))} the offered load varies by about
      {' '}{formatValue(spread, units.unitOf('throughput.offered_spread_pct'))} from seed to seed (the injection process
      alone), more than the 1 % source-queue growth that marks a run saturated: near saturation the state and any
      saturation search follow that noise.{' '}
      {typeof needed === 'number'
        ? `sim.measure_cycles of ${formatValue(needed, units.unitOf('throughput.window_for_1pct_cycles'))} would bring it to 1 %.`
        : 'No allowed sim.measure_cycles would bring it to 1 %.'}
    </p>
  );
}
