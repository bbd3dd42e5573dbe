import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { handle, type CoreModule } from '../src/core/protocol';
import type { Config, SimResult } from '../src/config/types';
import { ResultPanel } from '../src/components/ResultPanel';
import { PortTable } from '../src/components/PortTable';
import { TopologyView } from '../src/components/TopologyView';
import type { TopologyDrawing } from '../src/lib/drawing/description';
import { UnitsContext } from '../src/hooks/useCoreSchemas';
import { formatAxisValue, formatPercent, formatValue } from '../src/lib/numbers/format';
import { BELOW, curveCsvRows, latencyCurve, latencySeries, SATURATED, throughputSeries, zeroLoadPoint, type CurveRow } from '../src/lib/charts/loadCurve';
import { ComparePanel } from '../src/components/ComparePanel';
import { variantConfigs, type Example } from '../src/config/examples';
import type { Units } from '../src/lib/numbers/units';
import { coreUnits, loadCore } from './core';

// The cycle engine's results as the explorer shows them, from real runs of the WASM core.
let core: CoreModule;
let units: Units;
beforeAll(async () => {
  core = await loadCore();
  units = await coreUnits();
});

// The core's drawing description of a config's network (the ResultPanel asks the worker for it).
function drawing(cfg: object): TopologyDrawing {
  return JSON.parse(core.topology_drawing(JSON.stringify(cfg))) as TopologyDrawing;
}

function run(cfg: object): SimResult {
  const out = handle(core, { id: 1, method: 'run', config: cfg as never });
  if (out.kind !== 'result') throw new Error(`expected a result, got ${JSON.stringify(out)}`);
  return out.result;
}
// The deadlock tests' network: a 4x4 torus without caches, 8-flit packets under DOR, with the given
// buffers, load and windows.
const torus4 = (buffer: object, load: number, sim: object) => ({
  seed: 1, engine: 'cycle', topology: { kind: 'torus', dims: [4, 4] }, switch: { cache: null, buffer },
  traffic: { pattern: 'uniform', injection: { load }, packet_flits: 8 }, sim,
}) as unknown as Config;
const FIFO_WORMHOLE = { organisation: 'input_fifo', flits_per_port: 8, flow_control: 'wormhole' };
const withUnits = (el: ReactElement) => renderToStaticMarkup(<UnitsContext.Provider value={units}>{el}</UnitsContext.Provider>);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

// A 4x4 mesh with caches, bisecting for its saturation throughput (small: runs in well under a second).
const SATURATION: Config = {
  seed: 2, engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] },
  switch: { cache: { entries: 8, ways: 2 } },
  traffic: { pattern: 'uniform', injection: { load: 0.3 }, packet_flits: 1 },
  sim: { warmup_cycles: 300, measure_cycles: 1500, drain_cycles: 1500, mode: 'saturation', bisection_steps: 4 },
} as unknown as Config;

describe('latency-load curve series', () => {
  it('splits runs below saturation from saturated runs, by offered load', () => {
    const curve: CurveRow[] = [[0.5, 0.41, 80, true], [0.25, 0.25, 20, false], [0.375, 0.37, 30, false], [0.44, 0.41, 0, true]];
    expect(latencySeries(curve)).toEqual([
      { key: BELOW, points: [{ x: 0.25, y: 20 }, { x: 0.375, y: 30 }] },
      { key: SATURATED, points: [{ x: 0.5, y: 80 }] },  // a run that delivered nothing has no latency
    ]);
    expect(throughputSeries(curve)).toEqual([
      { key: BELOW, points: [{ x: 0.25, y: 0.25 }, { x: 0.375, y: 0.37 }] },
      { key: SATURATED, points: [{ x: 0.44, y: 0.41 }, { x: 0.5, y: 0.41 }] },
    ]);
  });
});

describe('curve marks and export', () => {
  const curve: CurveRow[] = [[0.4, 0.38, 900, true], [0.1, 0.1, null, false], [0.2, 0.2, 35, false], [0.3, 0.3, 48, false]];
  it('takes the zero-load latency from the lowest load below saturation that delivered packets', () => {
    expect(zeroLoadPoint(curve)).toEqual({ load: 0.2, latency: 35 });
    expect(zeroLoadPoint([[0.5, 0.4, 900, true]])).toBeUndefined();
  });
  it('exports the points by load, each column with its unit', () => {
    expect(curveCsvRows(curve, 'flits/node/cycle', 'cycles')[0]).toEqual({
      'offered load (flits/node/cycle)': 0.1, 'accepted throughput (flits/node/cycle)': 0.1, 'mean packet latency (cycles)': null, saturated: false,
    });
    expect(curveCsvRows(curve, 'flits/node/cycle', 'cycles').map((r) => r['offered load (flits/node/cycle)'])).toEqual([0.1, 0.2, 0.3, 0.4]);
  });
});

describe('cycle engine results in the result panel', () => {
  it('says when a run ended stalled, before the deadlock limit could call it', () => {
    // One VC per port on a 4x4 torus (no datelines), 8-flit packets in 4-flit VCs: the rings lock up
    // within the 6,500 cycles, fewer than the 20,000-cycle deadlock limit.
    const cfg = torus4({ organisation: 'vc', vcs: 1, flits_per_vc: 4 }, 0.5, { warmup_cycles: 500, measure_cycles: 3000, drain_cycles: 3000 });
    const r = run(cfg);
    expect(r.deadlock).toBe(false);
    const stalled = (r.cycles as { stalled_at_end: number }).stalled_at_end;
    expect(stalled).toBeGreaterThan(1000);
    const html = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={cfg} result={r} />);
    expect(html).toContain(`data-testid="wasm-saturated">saturated; no flit moved in its last ${formatValue(stalled, 'cycles')}<`);
  });

  it('says when the window is too short for the injection process, with the window that would do', () => {
    // 256-flit on/off bursts on a 4x4 mesh over 2,000 cycles: the offered load's seed-to-seed spread
    // is far above 1 % (engine/cycle/offered_spread.cpp); Bernoulli over 10,000 cycles is below it
    // (0.5 % at 0.2 on 16 nodes).
    const bursts = {
      seed: 1, engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] }, switch: { cache: null },
      traffic: { pattern: 'uniform', injection: { process: 'on_off', load: 0.2, burst_flits: 256 }, packet_flits: 1 },
      sim: { warmup_cycles: 500, measure_cycles: 2000, drain_cycles: 2000 },
    } as unknown as Config;
    const r = run(bursts);
    const t = r.throughput as { offered_spread_pct: number; window_for_1pct_cycles: number };
    expect(t.window_for_1pct_cycles).toBeGreaterThan(2000);
    const html = text(withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={bursts} result={r} />));
    expect(html).toContain(`Over a window of ${formatValue(2000, 'cycles')} the offered load varies by about ${formatValue(t.offered_spread_pct, '%')} from seed to seed`);
    expect(html).toContain(`sim.measure_cycles of ${formatValue(t.window_for_1pct_cycles, 'cycles')} would bring it to 1 %`);
    const bernoulli = { ...bursts, traffic: { pattern: 'uniform', injection: { load: 0.2 }, packet_flits: 1 },
      sim: { warmup_cycles: 500, measure_cycles: 10000, drain_cycles: 2000 } } as unknown as Config;
    const quiet = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={bernoulli} result={run(bernoulli)} />);
    expect(quiet).not.toContain('wasm-offered-spread');
    // Bursts of 10^6 flits from the 2 nodes of one job: no allowed window (at most 2^31 cycles)
    // reaches 1 %, so the core gives no window, and the note says so.
    const tiny = { ...bursts, traffic: { pattern: 'uniform', jobs: { sizes: [2] }, injection: { process: 'on_off', load: 0.5, burst_flits: 1000000 }, packet_flits: 1 } } as unknown as Config;
    const rt = run(tiny);
    expect((rt.throughput as { window_for_1pct_cycles: unknown }).window_for_1pct_cycles ?? null).toBeNull();
    expect(text(withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={tiny} result={rt} />)))
      .toContain('No allowed sim.measure_cycles would bring it to 1 %.');
  });

  it('says a deadlocked run stopped, with the limit the core reports', () => {
    // One FIFO per input and wormhole DOR on a torus ring: deadlocks at full load (core test CycleDeadlock).
    const cfg = torus4(FIFO_WORMHOLE, 1.0, { warmup_cycles: 200, measure_cycles: 1000, drain_cycles: 30000 });
    const r = run(cfg);
    expect(r.deadlock).toBe(true);
    const limit = (r.cycles as { deadlock_limit: number }).deadlock_limit;
    expect(limit).toBe(20000);
    const html = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={cfg} result={r} />);
    expect(html).toContain('data-testid="wasm-saturated">deadlock: no flit moved for 20,000 cycles<');
    // No caches: the core reports no hit rate, and the panel has no hit-rate row.
    expect((r.cache as { hit_rate: number | null }).hit_rate).toBeNull();
    expect(html).not.toContain('routing-cache hit rate');
  });

  it('shows throughput, latency and saturation with units, the curves, and utilisation on the drawing', () => {
    const r = run(SATURATION);
    const html = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={SATURATION} result={r} />);
    const t = text(html);
    const sat = r.saturation as { throughput: number; curve: CurveRow[] };
    expect(t).toContain(`accepted throughput ${formatValue((r.throughput as { accepted: number }).accepted, 'flits/node/cycle')}`);
    expect(t).toContain(`packet latency, mean ${formatValue((r.latency_cycles as { packet: { mean: number } }).packet.mean, 'cycles')}`);
    expect(t).toContain(`saturation throughput ${formatValue(sat.throughput, 'flits/node/cycle')}`);
    // (Its digits follow the hit rate's standard error.)
    expect(t).toContain(`routing-cache hit rate ${((r.cache as { hit_rate: number }).hit_rate * 100).toFixed(1)} %`);
    expect(t).toContain('offered load (flits/node/cycle)');
    expect(t).toContain('packet latency (cycles)');
    // One marker per run in the latency chart and one in the throughput chart (runs that
    // delivered nothing have no latency point).
    const delivered = sat.curve.filter((c) => (c[2] ?? 0) > 0).length;
    expect(html.match(/<title>offered load \(flits\/node\/cycle\) [0-9.]+: /g)).toHaveLength(delivered + sat.curve.length);
    // Each marker's tooltip gives its value with the unit (the ticks leave it to the axis label).
    expect(html.match(/<title>offered load \(flits\/node\/cycle\) [0-9.]+: [0-9.,]+ cycles<\/title>/g)).toHaveLength(delivered);
    expect(html.match(/<title>offered load \(flits\/node\/cycle\) [0-9.]+: [0-9.]+ flits\/node\/cycle<\/title>/g)).toHaveLength(sat.curve.length);
    // The bisection's loads read to four significant digits (0.4928, not 0.4928125).
    const xs = [...html.matchAll(/<title>offered load \(flits\/node\/cycle\) ([0-9.]+): [0-9.]+ flits\/node\/cycle<\/title>/g)].map((m) => m[1]);
    expect(xs.sort()).toEqual(sat.curve.map((c) => formatAxisValue(c[0])).sort());
    expect(sat.curve.some((c) => formatAxisValue(c[0]) !== String(c[0]))).toBe(true);
    // The drawing (the panel's, once the core's description has come) is coloured by link
    // utilisation, one cell per switch, with its legend.
    const view = withUnits(<TopologyView drawing={drawing(SATURATION)} result={r} />);
    expect(view.match(/data-switch="/g)).toHaveLength(16);
    expect(text(view)).toContain('link utilisation per switch');
    const by = (r.utilization as { by_switch: number[] }).by_switch;
    expect(view).toContain(`switch 5 (1,1): link utilisation ${formatPercent(by[5])}`);
    // No route-walk panels (3C misses, zero-load latency) for the cycle engine.
    expect(t).not.toContain('zero-load');
  });

  // A review found the saturation throughput (an accepted throughput) drawn as a line at that x on
  // the offered-load axis, where it read as "saturates at offered load 0.92". The throughput chart
  // marks it on its accepted axis; the latency chart marks the loads the bisection ended between.
  it('marks the saturation throughput on the accepted axis and the load bracket on the offered-load axis', () => {
    const r = run(SATURATION);
    const sat = r.saturation as { throughput: number; load_bracket: [number, number] };
    expect(sat.load_bracket).toEqual([0.5, 0.5625]);
    const html = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={SATURATION} result={r} />);
    const figure = (y: string) => new RegExp(`<figure class="chart"><figcaption>((?:(?!</figure>).)*?aria-label="${y} vs offered load[\\s\\S]*?)</figure>`).exec(html)![1];
    const latency = figure('packet latency \\(cycles\\)');
    const throughput = figure('accepted \\(flits/node/cycle\\)');
    const satText = formatValue(sat.throughput, 'flits/node/cycle');
    // No vertical line at the saturation throughput on either chart.
    expect(html).not.toContain('data-mark');
    expect(text(latency)).toContain('Mean packet latency against offered load, one point per run of the bisection; shaded: '
      + 'the offered-load bracket the bisection ended in (traffic.injection.load: the loads it tried up to its lower end stayed '
      + 'below saturation, those from its upper end saturated) 0.5–0.5625 flits/node/cycle');
    expect(latency).toMatch(/<rect data-span="load bracket"[^>]*><title>offered-load bracket the bisection ended in: traffic.injection.load 0.5–0.5625 flits\/node\/cycle<\/title>/);
    expect(latency).not.toContain('data-level');
    expect(text(throughput)).toContain(`Accepted against offered throughput; dashed: the saturation throughput (the most any run of the bisection accepted) ${satText}`);
    const level = /<line data-level="[^"]+" x1="([\d.]+)" x2="([\d.]+)" y1="([\d.]+)" y2="([\d.]+)"[^>]*><title>([^<]*)<\/title>/.exec(throughput)!;
    expect(level[5]).toBe(`saturation throughput ${satText}`);
    expect(level[3]).toBe(level[4]);  // horizontal: a level of accepted throughput
    expect(throughput).not.toContain('data-span');
  });

  // Curve mode (docs/engines.md, "Measurement"): the evenly spaced loads, latency on a log axis,
  // offered load from 0, the zero-load latency and the saturation throughput marked and labelled.
  it('draws a curve-mode result from near zero to past saturation with its marks', () => {
    const cfg = { ...SATURATION, sim: { ...(SATURATION.sim as object), mode: 'curve', curve_points: 6 } } as unknown as Config;
    const r = run(cfg);
    const lc = r.load_curve as { loads: number[]; points: CurveRow[] };
    expect(lc.points).toHaveLength(6);
    expect(lc.points[0][3]).toBe(false);
    expect(lc.points[5][3]).toBe(true);
    const sat = (r.saturation as { throughput: number }).throughput;
    const html = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={cfg} result={r} />);
    const latency = /data-testid="wasm-latency-load">([\s\S]*?)<\/figure>/.exec(html)![1];
    expect(text(latency)).toContain(`Mean packet latency against offered load at 6 evenly spaced loads (traffic.injection.load ${formatValue(lc.loads[0], 'flits/node/cycle')} to ${formatValue(lc.loads[5], 'flits/node/cycle')}`);
    expect(text(latency)).toContain(`the zero-load latency ${formatValue(lc.points[0][2], 'cycles')}`);
    // One marker per point; the level at the lowest load's latency, the rule at the saturation throughput.
    expect(latency.match(/<circle [^>]*[^/]><title>/g)).toHaveLength(6);  // (the legend's circles have no title)
    expect(latency).toContain(`>zero-load ${formatValue(lc.points[0][2], 'cycles')}</text>`);
    expect(latency).toContain(`>saturation ${formatValue(sat, '')}</text>`);
    const rule = /<line data-rule="saturation throughput" x1="([\d.]+)" x2="([\d.]+)"/.exec(latency)!;
    expect(rule[1]).toBe(rule[2]);  // vertical
    // The x axis starts at 0; the y ticks are 1-2-5 steps of a log axis.
    const ticks = [...latency.matchAll(/<text class="tick" x="([\d.]+)" y="([\d.]+)"[^>]*text-anchor="(\w+)"[^>]*>([^<]+)</g)];
    expect(ticks.find((t) => t[3] === 'middle')![4]).toBe('0');
    const yTicks = ticks.filter((t) => t[3] === 'end').map((t) => Number(t[4].replace(/,/g, '')));
    expect(yTicks.length).toBeGreaterThan(1);
    for (const v of yTicks) expect([1, 2, 5]).toContain(v / 10 ** Math.floor(Math.log10(v)));
    // The search's bracket is not shaded over a curve (its loads are the curve's).
    expect(latency).not.toContain('data-span');
  });

  // The headline of a bisection is one of its runs (docs/engines.md): the panel must say which,
  // or its offered load reads as a contradiction of the form's load and the saturation throughput.
  it('names the run of the saturation search that the numbers belong to', () => {
    const r = run(SATURATION);
    expect(r.saturated).toBe(false);
    const load = (r.throughput as { offered_configured: number }).offered_configured;
    expect(formatValue(load, 'flits/node/cycle')).toBe('0.5 flits/node/cycle');
    const t = text(withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={SATURATION} result={r} />));
    expect(t).toContain('The numbers below are those of the highest load of the saturation search\'s 4 runs that stayed '
      + 'below saturation (traffic.injection.load 0.5 flits/node/cycle).');
  });

  // The server's copy of a result comes from jsonb, keys ordered by length: its tables must list
  // the rows in the order the browser's run (the core's JSON) does.
  it('lists a section\'s rows in the same order whatever the key order of the result', async () => {
    const { KeyValueTable } = await import('../src/components/KeyValueTable');
    const packet = { max: 78, min: 11, p50: 31, p99: 66, mean: 32.9 };
    expect(text(withUnits(<KeyValueTable data={packet} path="latency_cycles.packet" />)).trim())
      .toBe('max 78 cycles mean 32.9 cycles min 11 cycles p50 31 cycles p99 66 cycles');
  });

  // With routing caches under load: the hit rate in the headline, and the CAM's busy share under
  // its own heading, not under the links' utilisation.
  it('shows the routing-cache hit rate and keeps the CAM apart from link utilisation', () => {
    const r = run({ ...SATURATION, sim: { warmup_cycles: 200, measure_cycles: 800, drain_cycles: 800 } });
    const c = r.cache as { hit_rate: number; lookups: number };
    expect(formatValue(c.hit_rate, 'fraction', Math.sqrt(c.hit_rate * (1 - c.hit_rate) / c.lookups))).toBe('65.4 %');
    const t = text(withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={SATURATION} result={r} />));
    expect(t).toContain('routing-cache hit rate 65.4 %');
    const cam = r.cam as { searches: number; utilization: number };
    expect(t).toContain(`Link utilisation port max ${formatPercent((r.utilization as { port_max: number }).port_max)}`);
    expect(t).toContain(`Forwarding table (CAM), searched on cache misses searches ${formatValue(cam.searches, 'searches')} `
      + `utilization ${formatPercent(cam.utilization)}`);
    // Without caches there is no hit rate and no CAM to show.
    const plain = run({ ...SATURATION, switch: { cache: null }, sim: { warmup_cycles: 200, measure_cycles: 800, drain_cycles: 800 } });
    const p = text(withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={SATURATION} result={plain} />));
    expect(p).not.toContain('routing-cache hit rate');
    expect(p).not.toContain('Forwarding table (CAM)');
  });

  // sim.trace_packets: each traced packet's cycles and, per router, its head flit's (the core's
  // values for this config: packet 1 crosses switches 1 and 2).
  it('lists the per-packet trace, a row per packet and per router', () => {
    const cfg = { engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] }, switch: { cache: { entries: 8, ways: 2 } },
      traffic: { pattern: 'uniform', injection: { load: 0.3 } },
      sim: { warmup_cycles: 300, measure_cycles: 1500, drain_cycles: 1500, trace_packets: 2 } } as unknown as Config;
    const html = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={cfg} result={run(cfg)} />);
    const t = text(html);
    expect(t).toContain('Per-packet trace: the first 2 measured packets (times in cycles of the run; —: not reached when the run ended)');
    expect(t).toContain('packet switch in port → out port head arrived (cycle) routing done (cycle) head sent (cycle)');
    expect(t).toContain('1: node 1 → node 2, 1 flit; created 300, injected 300, tail ejected 311 1 0 → 1 301 302 303 2 1 → 0 306 307 308 ');
    expect(t).toContain('2: node 2 → node 9, 1 flit; created 300, injected 300, tail ejected 325 2 0 → 2 301 302 303 ');
    expect(html.match(/<tbody data-packet=/g)).toHaveLength(2);
  });

  it('a picked switch lists its output ports with their utilisation', () => {
    const r = run({ ...SATURATION, sim: { warmup_cycles: 200, measure_cycles: 800, drain_cycles: 800 } });
    const t = text(renderToStaticMarkup(<PortTable result={r} switchId={5} drawing={drawing(SATURATION)} />));
    const all = (r.utilization as { by_output_port: number[] }).by_output_port;
    expect(t).toContain('Switch 5: output ports');
    expect(t).toContain(`0 node ${formatPercent(all[5 * 5])}`);
    expect(t).toContain(`3 dim1 + ${formatPercent(all[5 * 5 + 3])}`);
  });
});

// Past saturation (load 0.9 on the 4x4 mesh, no drain): latencies of thousands of cycles, and
// thousands of distinct ones.
const SATURATED_RUN: Config = {
  seed: 2, engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] },
  traffic: { pattern: 'uniform', injection: { load: 0.9 }, packet_flits: 1 },
  sim: { warmup_cycles: 300, measure_cycles: 12000, drain_cycles: 0 },
} as unknown as Config;

type Latency = { mean: number; p50: number; p99: number; histogram: Array<[number, number]> };

describe('a cycle run past saturation', () => {
  // A review found "1378 ns" beside "1,378 cycles": ns are grouped as cycles are.
  it('groups the thousands of its ns latencies as of its cycles', () => {
    const r = run(SATURATED_RUN);
    const ns = (r.latency_ns as { packet: { mean: number } }).packet.mean;
    expect(ns).toBeGreaterThan(1000);
    const html = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={SATURATED_RUN} result={r} />);
    const shown = /data-testid="wasm-latency_ns.packet.mean">([^<]*)</.exec(html)![1];
    expect(shown).toMatch(/^\d,\d{3}(\.\d+)? ns$/);
    const cycles = /data-testid="wasm-latency_cycles.packet.mean">([^<]*)</.exec(html)![1];
    expect(cycles).toMatch(/^\d,\d{3}(\.\d+)? cycles$/);
  });

  it('draws its packet latency histogram in at most 30 bins of a stated width, network latency as the other choice', () => {
    const r = run(SATURATED_RUN);
    const lat = r.latency_cycles as { packet: Latency; network: Latency };
    const lns = r.latency_ns as { packet: Latency };
    expect(lat.packet.histogram.length).toBeGreaterThan(1000);
    const html = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={SATURATED_RUN} result={r} />);
    const figure = /<figure[^>]*data-testid="wasm-latency-histogram"[\s\S]*?<\/figure>/.exec(html)![0];
    const t = text(figure);
    // The caption: median and p99 in cycles and in the core's ns.
    expect(t).toContain(`Distribution of packet latency (creation to tail ejection, source queueing included): `
      + `p50 ${formatValue(lat.packet.p50, 'cycles')} (${formatValue(lns.packet.p50, 'ns')}), p99 ${formatValue(lat.packet.p99, 'cycles')} (${formatValue(lns.packet.p99, 'ns')})`);
    expect(figure).toContain('type="radio"');
    expect(t).toContain('network latency');
    // Bars: at most 30, every measured packet in one, each tooltip a range of whole cycles.
    const bars = [...figure.matchAll(/<title>([\d,]+)–([\d,]+) cycles: ([\d,]+) packets<\/title>/g)];
    expect(bars.length).toBeGreaterThan(5);
    expect(bars.length).toBeLessThanOrEqual(30);
    const num = (s: string) => Number(s.replace(/,/g, ''));
    expect(bars.reduce((n, m) => n + num(m[3]), 0)).toBe(lat.packet.histogram.reduce((n, [, c]) => n + c, 0));
    const width = num(bars[0][2]) - num(bars[0][1]) + 1;
    expect(t).toContain(`packet latency (cycles); bin width ${formatValue(width, 'cycles')}`);
    expect(figure).toContain(`aria-label="packet latency histogram (packets per bin of ${formatValue(width, '')} cycles)"`);
  });
});

describe('the drawing against a baseline', () => {
  it('colours each switch by its Δ to the baseline on a diverging scale with a pp legend', async () => {
    const { BaselineContext } = await import('../src/hooks/useHistory');
    const { formatDelta } = await import('../src/lib/numbers/format');
    const base = run({ ...SATURATION, sim: { warmup_cycles: 200, measure_cycles: 800, drain_cycles: 800 } });
    const cur = run({ ...SATURATION, traffic: { pattern: 'uniform', injection: { load: 0.1 }, packet_flits: 1 },
      sim: { warmup_cycles: 200, measure_cycles: 800, drain_cycles: 800 } } as unknown as Config);
    const html = renderToStaticMarkup(
      <BaselineContext.Provider value={{ name: 'load 0.3', result: base }}>
        <TopologyView drawing={drawing(SATURATION)} result={cur} />
      </BaselineContext.Provider>,
    );
    const t = text(html);
    const a = (cur.utilization as { by_switch: number[] }).by_switch;
    const b = (base.utilization as { by_switch: number[] }).by_switch;
    expect(t).toContain('coloured by the change in link utilisation per switch against the baseline “load 0.3”');
    expect(t).toContain('Δ link utilisation vs baseline per switch');
    expect(html).toContain(`switch 5 (1,1): Δ link utilisation vs baseline ${formatDelta(a[5] - b[5], 0, 'fraction')}`);
    // The scale is symmetric around zero: its ends are ± the largest change.
    const m = Math.max(...a.map((v, i) => Math.abs(v - b[i])));
    expect(html).toContain(`aria-label="colour scale: Δ link utilisation vs baseline from ${formatDelta(-m, 0, 'fraction')} to ${formatDelta(m, 0, 'fraction')}"`);
  });
});

describe('the drawing of a cycle config before its run', () => {
  // The grey preview already says what the run will colour the switches by: not a hit rate.
  it('names link utilisation, not the hit rate', async () => {
    const t = text(renderToStaticMarkup(<TopologyView drawing={drawing(SATURATION)} engine="cycle" />));
    expect(t).toContain('Hover, click or focus a switch for its link utilisation and per-port statistics.');
    expect(t).not.toContain('hit rate');
  });
});

describe('the drawing of a compare example', () => {
  // Its variants colour the same network each their own way: no promise of colours after the run.
  it('says that the compared variants have no single drawing', async () => {
    const t = text(renderToStaticMarkup(<TopologyView drawing={drawing({ ...SATURATION, topology: { kind: 'mesh', dims: [4, 4] } })} engine="cycle" comparedVariants={3} />));
    expect(t).toContain('Switches of the 4×4 mesh (grey: its 3 compared variants have no single drawing; their results are in the comparison)');
    expect(t).toContain('one drawing per variant: not coloured');
    expect(t).not.toContain('once it has run');
    expect(t).not.toContain('not run yet');
  });
});

describe('the drawing of a cycle run', () => {
  // The legend and tooltips give utilisation in %, so the caption must not call it flits per cycle.
  it('captions link utilisation in the unit the legend shows', async () => {
    const cur = run({ ...SATURATION, sim: { warmup_cycles: 200, measure_cycles: 800, drain_cycles: 800 } });
    const t = text(renderToStaticMarkup(<TopologyView drawing={drawing(SATURATION)} result={cur} />));
    expect(t).toContain('output links in the measured window (share of cycles a link carries a flit)');
    expect(t).not.toContain('flits per cycle');
    expect(t).toMatch(/link utilisation [\d.]+ %/);
  });
});


describe('comparing variants (a compare example)', () => {
  it('one latency curve per run, saturated runs hollow, by offered load', () => {
    const curve: CurveRow[] = [[0.5, 0.41, 80, true], [0.25, 0.25, 20, false], [0.44, 0.41, 0, true]];
    expect(latencyCurve('hipiqs', curve)).toEqual({
      key: 'hipiqs', points: [{ x: 0.25, y: 20, hollow: false }, { x: 0.5, y: 80, hollow: true }],
    });
  });

  it('the panel overlays the runs, shades each bisection\'s load bracket and tables the published values', () => {
    const spec = { path: 'switch.buffer.organisation', values: ['input_fifo', 'central'] };
    const published = spec.values.map((variant) => ({
      variant, what: `saturation throughput of ${variant}`, path: 'saturation.throughput', value: 0.5, tolerance: 0.5, unit: 'flits/node/cycle',
    }));
    const example: Example = { key: 'k', title: 't', description: 'd', source: 'seed 003', config: SATURATION, browser: true, compare: spec, published };
    const variants = variantConfigs(example);
    const results = variants.map((v) => run(v.config));
    const html = withUnits(<ComparePanel example={example} running={false} run={{ example, variants, results, startedAt: 0 }} />);
    const sats = results.map((r) => (r.saturation as { throughput: number }).throughput);
    expect(sats[0]).not.toBe(sats[1]);
    for (const [i, v] of spec.values.entries()) {
      expect(html).toContain(`data-series="${v}"`);
      expect(html).toContain(`data-legend="${v}"`);
      // Its bracket of offered loads shaded, the saturation throughput (accepted, not offered) in words.
      const [lo, hi] = (results[i].saturation as { load_bracket: [number, number] }).load_bracket;
      expect(html).toContain(`<title>${v}: bisection ended in traffic.injection.load ${formatAxisValue(lo)}–${formatAxisValue(hi)} flits/node/cycle; `
        + `saturation throughput (most accepted) ${formatValue(sats[i], 'flits/node/cycle')}</title>`);
      expect(html).toMatch(new RegExp(`data-testid="compare-simulated-${v}">${formatValue(sats[i], 'flits/node/cycle').replace(/\./g, '\\.')}<`));
    }
    expect(html.match(/<rect data-span="/g)).toHaveLength(2);
    expect(html).not.toContain('data-mark');
    const t = text(html);
    expect(t).toContain('Mean packet latency against offered load, one curve per organisation; shaded: the offered-load bracket '
      + '(traffic.injection.load, flits/node/cycle) its bisection ended in');
    expect(t).toContain('all 2 runs done');
    // As in PublishedPanel: the published figure, then this run's, under headings saying which is which.
    expect(t).toContain('organisation quantity as published model simulated (this run) agreement');
    for (const [i, v] of spec.values.entries()) {
      expect(t).toContain(`${v} saturation throughput of ${v} 0.5 flits/node/cycle ± 0.5 flits/node/cycle — `
        + `${formatValue(sats[i], 'flits/node/cycle')} reproduced (within ± 0.5 flits/node/cycle)`);
    }
    expect(t).toContain('offered load (flits/node/cycle)');
  });
});

// One FIFO per input and wormhole DOR on a torus ring at full load: deadlocked within the warm-up,
// so nothing moves in the measured window (core test CycleDeadlock).
const DEADLOCKED = torus4(FIFO_WORMHOLE, 1.0, { warmup_cycles: 3000, measure_cycles: 3000, drain_cycles: 30000 });

// The text under heading `title` (up to the next heading), in the panel's text.
const section = (t: string, title: string) => new RegExp(`${title} (.*?)(?= (Network latency|Throughput|Link utilisation|Buffers|Cycles|Replay) |$)`).exec(t)?.[1];

describe('the sections of a cycle run', () => {
  // The histogram has its own chart; the tables list its statistics only, not its format note.
  it('lists the latency statistics without the histogram format', () => {
    const cfg = { ...SATURATION, sim: { warmup_cycles: 200, measure_cycles: 800, drain_cycles: 800 } } as unknown as Config;
    const r = run(cfg);
    expect(typeof (r.latency_cycles as { packet: { histogram_format: unknown } }).packet.histogram_format).toBe('string');
    const t = text(withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={cfg} result={r} />));
    expect(t).not.toContain('histogram format');
    expect(section(t, 'Packet latency')).toMatch(/^max [\d,]+ cycles mean [\d.,]+ cycles min [\d,]+ cycles p50 [\d,]+ cycles p99 [\d,]+ cycles$/);
  });

  // The simulator takes 8 cache entries; the cost model starts at 16 and says so instead of figures.
  it('says why the cost model has no figures for a cache smaller than it covers', () => {
    const cfg = { ...SATURATION, sim: { warmup_cycles: 200, measure_cycles: 800, drain_cycles: 800 } } as unknown as Config;
    const t = text(withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={cfg} result={run(cfg)} />));
    expect(t).toContain('Routing-table cache, one per input port fit (estimate) No figures: switch.cache.entries: '
      + 'must be an integer in [16, 65536] (entries per port), got 8 (allowed: an integer in [16, 65536])');
    // The CAM does not depend on the cache: its figures stay.
    expect(t).toMatch(/Forwarding table \(CAM\)[^]*search [\d.]+ ns/);
  });

  it('says why a deadlocked run has no latency, shows one utilisation value, and the cost note of a switch without caches', () => {
    const r = run(DEADLOCKED);
    expect(r.deadlock).toBe(true);
    expect((r.packets as { delivered: number }).delivered).toBe(0);
    const html = withUnits(<ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={DEADLOCKED} result={r} />);
    const t = text(html);
    const none = 'none: no packet was delivered in the measured window';
    expect(section(t, 'Packet latency')).toBe(none);
    expect(section(t, 'Network latency')).toBe(none);
    // Every switch at 0: the legend is one value, not a range the data do not span.
    expect((r.utilization as { by_switch: number[] }).by_switch.every((v) => v === 0)).toBe(true);
    const view = renderToStaticMarkup(<TopologyView drawing={drawing(DEADLOCKED)} result={r} />);
    const legend = /<div class="topology-footer"[\s\S]*?<\/div>/.exec(view)![0];
    expect(view).toContain('aria-label="colour scale: link utilisation: 0.0 % everywhere"');
    expect(text(legend)).not.toMatch(/0\.[1-9] %/);
    // No caches: the cost model's note stands under its heading.
    expect(r.cost).toEqual({ note: 'no cache: see the CAM figures with a cache configured' });
    expect(t).toContain('Hardware cost (cost model) no cache: see the CAM figures with a cache configured ');
  });
});
