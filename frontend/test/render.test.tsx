import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { HitRateSummary } from '../src/components/HitRateSummary';
import { ConfigForm } from '../src/components/ConfigForm';
import { allowedBeyondMessage } from '../src/lib/form/fieldError';
import { ResultPanel } from '../src/components/ResultPanel';
import { SLICE_CONFIG } from './fixtures';
import { SweepExtraCharts } from '../src/components/SweepExtraCharts';
import { SweepChart } from '../src/components/SweepChart';
import { SweepTable } from '../src/components/SweepTable';
import type { Sweep, SweepResultsPage } from '../src/api/client';
import { SLICE_RESULT } from './fixtures';
import { PortClassChart } from '../src/components/PortClassChart';
import { MissBreakdown } from '../src/components/MissBreakdown';
import { RunPreview } from '../src/components/RunPreview';
import { exampleByKey, variantConfigs } from '../src/config/examples';
import type { Config } from '../src/config/types';
import { estimatedSeconds } from '../src/lib/runs/placement';
import { displayUnit, formatSeconds, formatWithUnit } from '../src/lib/numbers/format';
import { RunControls } from '../src/components/RunControls';
import { UnitsContext } from '../src/hooks/useCoreSchemas';
import type { SchemaNode } from '../src/config/schema';
import type { Units } from '../src/lib/numbers/units';
import { handle } from '../src/core/protocol';
import { configSchema, coreDrawing, coreUnits, knowEngines, loadCore } from './core';
import { TopologyView } from '../src/components/TopologyView';
import type { ReactElement } from 'react';

let schema: SchemaNode;
let units: Units;
beforeAll(async () => {
  schema = await configSchema();
  await knowEngines();
  units = await coreUnits();
});
const withUnits = (el: ReactElement) => renderToStaticMarkup(<UnitsContext.Provider value={units}>{el}</UnitsContext.Provider>);

const text = (html: string) =>
  html.replace(/<[^>]+>/g, ' ').replace(/&gt;/g, '>').replace(/&lt;/g, '<').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');

describe('components render numbers with units', () => {
  it('summary shows hit rate in % and exact counts', () => {
    const t = text(renderToStaticMarkup(<HitRateSummary result={SLICE_RESULT} prefix="wasm" />));
    // 6,286 look-ups: SE 0.33 %, so one decimal (lib/numbers/confidence.ts).
    expect(t).toContain('hit rate 92.4 %');
    expect(t).toContain('look-ups 6,286');
    expect(t).toContain('hits 5,806');
    expect(t).toContain('misses 480');
  });

  it('a core error appears under the field it names', () => {
    const html = renderToStaticMarkup(
      <ConfigForm config={SLICE_CONFIG} schema={schema} onChange={() => {}}
        error={{ field: 'switch.cache.ways', message: 'must divide entries (100)', allowed: 'an integer in [1, 2048] that divides entries' }} />,
    );
    expect(html).toContain('data-testid="error-switch.cache.ways"');
    expect(text(html)).toContain('must divide entries (100) (allowed: an integer in [1, 2048] that divides entries)');
  });

  it('a range error states its range once: the allowed text is added only when the message lacks it', () => {
    const error = { field: 'topology.concentration', message: 'must be an integer in [1, 64], got 0', allowed: 'an integer in [1, 64]' };
    expect(allowedBeyondMessage(error)).toBeNull();
    expect(allowedBeyondMessage({ ...error, message: 'must divide entries (64)', allowed: 'a divisor of entries (64), or "full"' }))
      .toBe('a divisor of entries (64), or "full"');
    expect(allowedBeyondMessage({ ...error, allowed: null })).toBeNull();
    const html = renderToStaticMarkup(<ConfigForm config={SLICE_CONFIG} schema={schema} onChange={() => {}}
      error={{ ...error, field: 'switch.cache.entries', message: 'must be an integer in [1, 1048576], got 0', allowed: 'an integer in [1, 1048576]' }} />);
    expect(html).toContain('<span data-testid="error-switch.cache.entries">must be an integer in [1, 1048576], got 0</span></div>');
    expect(text(html)).not.toContain('(allowed:');
  });

  it('a core error on an item of a list appears under the list\'s input, naming the item', () => {
    const error = { field: 'topology.dims[1]', message: 'must be an integer in [2, 65536], got 0', allowed: 'an integer in [2, 65536]' };
    const html = renderToStaticMarkup(<ConfigForm config={SLICE_CONFIG} schema={schema} onChange={() => {}} error={error} />);
    expect(html).toContain('<span data-testid="error-topology.dims">[1]: must be an integer in [2, 65536], got 0</span>');
    expect(html).not.toContain('data-testid="config-error"');
    // A longer path that merely starts alike is no item of the field.
    const other = renderToStaticMarkup(<ConfigForm config={SLICE_CONFIG} schema={schema} onChange={() => {}}
      error={{ ...error, field: 'topology.dimsx' }} />);
    expect(other).toContain('data-testid="config-error"');
  });

  it('an error on a field without an input is shown above the form', () => {
    const html = renderToStaticMarkup(
      <ConfigForm config={SLICE_CONFIG} schema={schema} error={{ field: 'monitor.bogus', message: 'must be >= 4' }} onChange={() => {}} />,
    );
    expect(text(html)).toContain('monitor.bogus : must be >= 4');
  });

  it('the cycle engine\'s fields sit in titled groups with readable labels, not under config paths', () => {
    const cycle = { engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] }, switch: { cache: null }, traffic: { pattern: 'uniform' } };
    const t = text(renderToStaticMarkup(<ConfigForm config={cycle as never} schema={schema} error={null} onChange={() => {}} />));
    for (const title of ['Injection', 'Buffers and flow control', 'Switch allocator', 'Router pipeline', 'Measurement', 'Traffic: packet size mix'])
      expect(t).toContain(title);
    for (const raw of ['traffic.injection', 'switch.buffer', 'switch.allocator', 'switch.pipeline_cycles', ' sim ', 'traffic.size_mix'])
      expect(t).not.toContain(raw);
    // Open groups come first, as for the other engines: load and buffers before the folded Routing.
    expect(t.indexOf('Buffers and flow control')).toBeLessThan(t.indexOf('Routing'));
    expect(t).toContain('Offered load (flits/node/cycle)');
    expect(t).toContain('Switch allocation (SA) (cycles)');
    expect(t).not.toContain('Vcs');
  });

  // A saturation search picks its own loads: the form says so beside the load it would ignore.
  it('says beside the offered load that a saturation search ignores it', () => {
    const cycle = { engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] }, switch: { cache: null },
      traffic: { pattern: 'uniform', injection: { load: 0.4 } } };
    const form = (sim: object) => renderToStaticMarkup(
      <ConfigForm config={{ ...cycle, sim } as never} schema={schema} error={null} onChange={() => {}} />);
    const html = form({ mode: 'saturation' });
    const field = /<div class="field">(?:(?!<div class="field">)[\s\S])*?data-field="traffic.injection.load"[\s\S]*?<\/div>/.exec(html)![0];
    expect(text(field)).toContain('Ignored in saturation mode: the run bisects the offered load itself');
    const note = /<p class="note warn" id="([^"]+)"/.exec(field)![1];
    expect(field).toMatch(new RegExp(`data-field="traffic.injection.load" aria-describedby="${note}"`));
    expect(form({ mode: 'latency' })).not.toContain('data-testid="load-ignored"');
  });

  // The core's schema says when a field applies (x-applies-when); the form shows only those that do.
  it('hides the fields the current choices do not read: burst_flits only under an on_off process', () => {
    const form = (injection: object, buffer: object = {}) => renderToStaticMarkup(<ConfigForm config={{ engine: 'cycle',
      topology: { kind: 'mesh', dims: [4, 4] }, switch: { cache: null, buffer }, traffic: { pattern: 'uniform', injection } } as never}
      schema={schema} error={null} onChange={() => {}} />);
    const bernoulli = form({ process: 'bernoulli' });
    for (const hidden of ['burst_flits', 'gflops', 'time_unit'])
      expect(bernoulli).not.toContain(`data-field="traffic.injection.${hidden}"`);
    expect(bernoulli).toContain('data-field="traffic.injection.load"');
    expect(form({})).not.toContain('data-field="traffic.injection.burst_flits"');  // bernoulli by default
    // A value the config still holds does not show the field either (nor is it dropped: see form.test.ts).
    expect(form({ process: 'bernoulli', burst_flits: 16 })).not.toContain('data-field="traffic.injection.burst_flits"');
    const onOff = form({ process: 'on_off' });
    expect(onOff).toContain('data-field="traffic.injection.burst_flits"');
    expect(text(onOff)).toContain('Burst flits');
    // Buffers: vcs and flits_per_vc for vc (the default), flits_per_port for the others, chunk_flits for hipiqs.
    const vc = form({});
    expect(vc).toContain('data-field="switch.buffer.vcs"');
    expect(vc).not.toContain('data-field="switch.buffer.flits_per_port"');
    const hipiqs = form({}, { organisation: 'hipiqs' });
    expect(hipiqs).not.toContain('data-field="switch.buffer.vcs"');
    expect(hipiqs).toContain('data-field="switch.buffer.flits_per_port"');
    expect(hipiqs).toContain('data-field="switch.buffer.chunk_flits"');
    expect(form({}, { organisation: 'voq' })).not.toContain('data-field="switch.buffer.chunk_flits"');
  });

  it('the result panel labels provenance; its drawing has one cell per switch', async () => {
    const html = renderToStaticMarkup(
      <ResultPanel title="Browser run" source="WASM core" prefix="wasm" config={SLICE_CONFIG} result={SLICE_RESULT} />,
    );
    // The panel's drawing comes from the core's description (the page's worker, after render).
    const view = renderToStaticMarkup(<TopologyView drawing={await coreDrawing(SLICE_CONFIG)} result={SLICE_RESULT} />);
    expect(view.match(/data-switch="/g)).toHaveLength(16);
    expect(text(html)).toContain('engine routewalk 0.1.0');
    expect(text(html)).toContain('p99 375 ns');
    expect(text(html)).toContain('compulsory misses: 480 (7.6 %)');
  });

  it('the form shows only the selected kind\'s fields: k and n for a fat tree, dims for a torus', () => {
    const form = (cfg: object) => renderToStaticMarkup(<ConfigForm config={cfg as never} schema={schema} error={null} onChange={() => {}} />);
    const torus = form(SLICE_CONFIG);
    expect(torus).toContain('data-field="topology.dims"');
    expect(torus).not.toContain('data-field="topology.k"');
    const ft = form({ ...SLICE_CONFIG, topology: { kind: 'fat_tree', k: 4, n: 2 } });
    expect(ft).not.toContain('data-field="topology.dims"');
    expect(ft).toContain('data-field="topology.k"');
    expect(ft).toContain('data-field="topology.n"');
    expect(text(ft)).toContain('k (ports)');
  });

  it('per port class: 3C misses where the result has them, "—" where not; all-hit share in %', () => {
    const r = {
      ...SLICE_RESULT,
      cache: {
        ...SLICE_RESULT.cache, packets_all_hit: 1500, all_hit_share: 0.75,
        by_port_class: { ...SLICE_RESULT.cache.by_port_class,
          injection: { ...SLICE_RESULT.cache.by_port_class.injection, misses: { compulsory: 200, capacity: 30, conflict: 10, total: 240 } } },
      },
    };
    const t = text(withUnits(<PortClassChart result={r} />));
    expect(t).toContain('port class look-ups hit rate compulsory (look-ups) capacity (look-ups) conflict (look-ups) misses (look-ups)');
    expect(t).toContain('injection 2,000 88.0 % 200 30 10 240');
    expect(t).toContain('dim0 2,139 91.0 % — — — —');
    expect(text(withUnits(<HitRateSummary result={r} prefix="wasm" />))).toContain('all-hit packets 75.0 % (1,500 packets)');
    expect(text(withUnits(<HitRateSummary result={SLICE_RESULT} prefix="wasm" />))).toContain('all-hit packets —');
  });

  it('sampled 3C: the breakdown and the per-class table say the kinds are estimates', () => {
    const sampled = { ...SLICE_RESULT, cache: { ...SLICE_RESULT.cache, misses: { ...SLICE_RESULT.cache.misses, classify_sampling: 16 } } };
    expect(text(withUnits(<MissBreakdown result={sampled} />))).toContain('Look-ups by outcome (3C miss classification, estimated (1 in 16 tags))');
    expect(text(withUnits(<PortClassChart result={sampled} />))).toContain('compulsory, capacity and conflict: estimated (1 in 16 tags); misses exact');
    expect(text(withUnits(<MissBreakdown result={SLICE_RESULT} />))).toContain('Look-ups by outcome (3C miss classification) ');
    expect(text(withUnits(<PortClassChart result={SLICE_RESULT} />))).not.toContain('estimated');
  });

  it('the run preview shows the core summary with units and where the run goes', async () => {
    const out = handle(await loadCore(), { id: 1, method: 'prepare', config: SLICE_CONFIG });
    if (out.kind !== 'prepared') throw new Error(JSON.stringify(out));
    const t = text(withUnits(<RunPreview prepared={out.prepared} />));
    expect(t).toContain('switches 16 switches');
    expect(t).toContain('nodes 16 nodes');
    expect(t).toContain(`look-ups (at most) ${out.prepared.summary.lookups.toLocaleString('en-US')} look-ups`);
    expect(t).toContain('Small enough for the browser');
    const big = { ...out.prepared, summary: { ...out.prepared.summary, lookups: 6e8 } };
    expect(text(withUnits(<RunPreview prepared={big} />))).toContain('Above the browser budget (50,000,000 look-ups)');
  });

  // The application model walks no look-up (its summary counts 0): its preview showed "0
  // look-ups" and a browser time of "0.0 ms – 0.0 ms". Its work is its skeletons' messages.
  it('the run preview of an application-model run gives its messages and a time from them', async () => {
    const out = handle(await loadCore(), { id: 1, method: 'prepare', config: exampleByKey('seed001-fig7-npb-torus-64')!.config });
    if (out.kind !== 'prepared') throw new Error(JSON.stringify(out));
    const s = out.prepared.summary;
    const t = text(withUnits(<RunPreview prepared={out.prepared} />));
    expect(t).toContain(`messages ${formatWithUnit(s.messages!, 'messages')} bytes ${formatWithUnit(s.bytes!, 'B')}`);
    expect(t).not.toContain('look-ups');
    expect(t).toContain(`browser run time (estimate) ${formatSeconds(s.messages! / 100e6)} – ${formatSeconds(s.messages! / 40e6)}`);
    // A server-only run (engine smpi) has no browser time.
    const smpi = { ...out.prepared, summary: { ...s, engine: 'smpi', server_only: true } };
    expect(text(withUnits(<RunPreview prepared={smpi} />))).not.toContain('browser run time');
  });

  // A review found the compare preset's preview giving one variant's time and cycles, though Run
  // runs all three: the preview sums the core's summaries of every variant.
  it('the run preview of a compare example covers all its variants', async () => {
    const core = await loadCore();
    const prepare = (config: Config) => {
      const out = handle(core, { id: 1, method: 'prepare', config });
      if (out.kind !== 'prepared') throw new Error(JSON.stringify(out));
      return out.prepared;
    };
    const example = exampleByKey('seed003-fig7-compare-bmin16')!;
    const form = prepare(example.config);
    const variants = variantConfigs(example).map((v) => prepare(v.config).summary);
    expect(variants).toHaveLength(3);
    expect(form.summary.cycles).toBe(270_000);
    const t = text(withUnits(<RunPreview prepared={form} variants={variants} />));
    expect(t).toContain('For all 3 variants of the comparison, run one after another: work and time are their sums, '
      + "memory the largest variant's.");
    expect(t).toContain('cycles (at most) 810,000 cycles');
    expect(t).toContain(`flit-hops (estimate) ${(3 * form.summary.flit_hops!).toLocaleString('en-US')} flit-hops`);
    expect(t).toContain(`memory (estimate) ${formatWithUnit(Math.max(...variants.map((v) => v.memory_bytes)), 'B')}`);
    // Each variant's estimate from its own summary, summed: 3 x (589.1 ms – 3.24 s).
    const [fast, slow] = variants.map(estimatedSeconds).reduce(([f, s], [f1, s1]) => [f + f1, s + s1]);
    expect(t).toContain(`browser run time (estimate) ${formatSeconds(fast)} – ${formatSeconds(slow)}`);
    expect(t).toContain('browser run time (estimate) 1.77 s – 9.72 s');
    // Without variants, the form's one run.
    expect(text(withUnits(<RunPreview prepared={form} />))).toContain('cycles (at most) 270,000 cycles');
  });
});

describe('sweep table', () => {
  // A fit figure carries its grid region's cross-validated error in its cell (docs/cost-model.md
  // section 5); the error columns themselves are not shown as columns; CACTI's figures have none.
  it('shows the fit\'s region error beside fit figures, with the word fit, and none beside CACTI\'s', () => {
    const page: SweepResultsPage = {
      sweep_id: 'sweep0123456789', next_cursor: null,
      columns: [['status', null], ['cost.cache.area_mm2', 'mm^2'], ['cost.cache.method', null],
        ['cost.cache.fit_holdout_error_pct.area_mm2', '%']].map(([name, unit]) => ({ name: name!, unit })),
      rows: [['done', 0.127, 'fit', [8.96, 36.8]], ['done', 0.143, 'cacti', null]],
    };
    const html = withUnits(<SweepTable sweep={{ base: {}, axes: {} }} results={page} />);
    expect(html).not.toContain('fit_holdout_error_pct');
    expect(text(html)).toContain('0.127 mm² fit: error 8.96 % median, 36.8 % worst (cross-validated) fit');
    expect(text(html).match(/fit: error/g)).toHaveLength(1);
  });

  // Axis values are the settings as the core's schema gives their units, exactly: no decimals on
  // whole numbers, no larger unit, no rounding; result columns keep their formats.
  it('shows axis values exactly in their unit, integers without decimals', () => {
    const page: SweepResultsPage = {
      sweep_id: 'sweep0123456789', next_cursor: null,
      columns: [['status', null], ['traffic.mtu_bytes', 'B'], ['app.hit_rate', 'fraction'], ['switch.delays_ns.link', 'ns'],
        ['switch.cache.entries', 'entries'], ['traffic.injection.load', 'flits/node/cycle'], ['summary.memory_bytes', 'B']]
        .map(([name, unit]) => ({ name: name!, unit })),
      rows: [['done', 2048, 0.5, 2.5, 1000, 0.4928125, 2048], ['done', 1024, 0.125, 20, 64, 1, 1024]],
    };
    const axes = Object.fromEntries(page.columns.slice(1, 6).map((c) => [c.name, []]));
    const html = withUnits(<SweepTable sweep={{ base: {}, axes }} results={page} />);
    const rows = [...html.matchAll(/<tr><td>(.*?)<\/tr>/g)].map((m) => m[1].split('</td><td>').map((c) => c.replace('</td>', '')));
    expect(rows).toEqual([
      ['done', '2,048 B', '50 %', '2.5 ns', '1,000 entries', '0.4928125 flits/node/cycle', '2.0 KiB'],
      ['done', '1,024 B', '12.5 %', '20 ns', '64 entries', '1 flits/node/cycle', '1.0 KiB'],
    ]);
  });


  const results: SweepResultsPage = {
    sweep_id: 'sweep0123456789', next_cursor: null,
    columns: ['experiment_id', 'status', 'switch.buffer.organisation', 'saturation.throughput', 'throughput.offered', 'latency_cycles.packet.mean']
      .map((name) => ({ name, unit: null })),
    rows: [['e1', 'done', 'hipiqs', 0.92, 0.9, 180.5]],
  };
  const base: Config = { engine: 'cycle', topology: { kind: 'bmin', k: 4, stages: 2 }, sim: { mode: 'saturation' } };
  const caption = (sweep: Pick<Sweep, 'base' | 'axes'>) =>
    /<p[^>]*data-testid="sweep-table-caption"[^>]*>([^<]*)<\/p>/.exec(withUnits(<SweepTable sweep={sweep} results={results} />))?.[1];

  // Its other columns are one run of the bisection, at that run's load: the caption says so.
  it('a sweep of saturation searches says which run its columns other than saturation.throughput are', () => {
    expect(caption({ base, axes: { 'switch.buffer.organisation': ['hipiqs', 'central'] } })).toBe(
      'Every point is a saturation search: saturation.throughput is the search&#x27;s result; every other result column is of the '
      + 'one run the search reports (the highest-load run below saturation, or the last run when all saturated), at that run&#x27;s own offered load.');
  });

  it('a sweep over sim.mode says it of the saturation points only; other sweeps have no such caption', () => {
    expect(caption({ base, axes: { 'sim.mode': ['latency', 'saturation'] } }))
      .toMatch(/^Points with a saturation.throughput are saturation searches: saturation.throughput is the search/);
    expect(caption({ base: { ...base, sim: { mode: 'latency' } }, axes: { 'traffic.injection.load': [0.1, 0.2] } })).toBeUndefined();
    expect(caption({ base: { ...base, engine: 'routewalk' }, axes: {} })).toBeUndefined();
  });
});

describe('sweep charts', () => {
  afterEach(() => vi.restoreAllMocks());
  it('the Pareto chart is drawn from the rows cost column, without fetching experiments', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(new Error('no fetch expected')));
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: ['switch.cache.entries'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: ['experiment_id', 'status', 'switch.cache.entries', 'cache.hit_rate', 'cost.cache.area_mm2'].map((name) => ({ name, unit: null })),
      rows: [['e1', 'done', 32, 0.8, 0.0123], ['e2', 'done', 64, 0.9, 0.0234], ['e3', 'done', 48, 0.7, 0.03], ['e4', 'queued', 16, null, null]],
    };
    const html = withUnits(<SweepExtraCharts sweep={sweep} results={results} />);
    expect(html.match(/<circle /g)).toHaveLength(3);
    expect(html).toContain('data-id="e1" cx');
    expect(text(html)).toContain('entries 64: 0.0234 mm², 90.00 % (Pareto-optimal)');
    expect(text(html)).toContain('entries 48: 0.03 mm², 70.00 %');
    expect(html.match(/data-pareto="front"/g)).toHaveLength(2);
    expect(text(html)).not.toContain('fit: error');  // no fit error column: CACTI's figures
    // Both axes carry their unit (the hit-rate axis read "hit rate" over bare percentage ticks).
    expect(html).toContain('>cache area per port (mm²)</text>');
    expect(html).toContain('>hit rate (%)</text>');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('Pareto points priced by the fit carry their region\'s error in the tooltip and the table', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: ['switch.cache.entries'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: ['experiment_id', 'status', 'switch.cache.entries', 'cache.hit_rate', 'cost.cache.area_mm2',
        'cost.cache.fit_holdout_error_pct.area_mm2'].map((name) => ({ name, unit: null })),
      rows: [['e1', 'done', 1024, 0.8, 0.07, [9.0, 36.8]], ['e2', 'done', 2048, 0.9, 0.127, [8.96, 36.8]]],
    };
    const t = text(withUnits(<SweepExtraCharts sweep={sweep} results={results} />));
    expect(t).toContain('entries 2048: 0.127 mm², 90.00 % (Pareto-optimal) (fit: error 8.96 % median, 36.8 % worst (cross-validated))');
    expect(t).toContain('0.127 mm² (fit: error 8.96 % median, 36.8 % worst (cross-validated))');
  });

  // A cycle-engine sweep over offered load and buffer organisation, without caches (its hit-rate
  // column is all null): the chart draws the latency-load curve, one line per organisation.
  it('a sweep over loads draws the latency-load curve of each organisation', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {},
      axis_names: ['traffic.injection.load', 'switch.buffer.organisation'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: [['experiment_id', null], ['status', null], ['traffic.injection.load', 'flits/node/cycle'],
        ['switch.buffer.organisation', null], ['throughput.accepted', 'flits/node/cycle'],
        ['latency_cycles.packet.mean', 'cycles'], ['cache.hit_rate', 'fraction']].map(([name, unit]) => ({ name: name!, unit })),
      rows: [['e1', 'done', 0.1, 'hipiqs', 0.084, 83.5, null], ['e2', 'done', 0.1, 'input_fifo', 0.084, 83.8, null],
        ['e3', 'done', 0.5, 'hipiqs', 0.487, 163.2, null], ['e4', 'done', 0.5, 'input_fifo', 0.478, 246.1, null]],
    };
    const html = withUnits(<SweepChart sweep={sweep} results={results} />);
    expect(html.match(/<option /g)).toHaveLength(2);
    expect(html).not.toContain('data-legend="hollow"');
    expect(text(html)).toContain('mean packet latency (cycles)');
    expect(text(html)).toContain('accepted throughput (flits/node/cycle)');
    expect(html).not.toContain('hit rate');
    expect(html.match(/data-series="/g)).toHaveLength(2);
    expect(text(html)).toContain('traffic.injection.load 0.5: 246 cycles');
  });

  // Loads 0.1..0.9 span a factor of 9 but are an arithmetic range: a latency-load curve on a
  // linear axis (ticks between the points), powers of two on a log axis (a tick per point).
  it('draws an arithmetic axis linear and a geometric one logarithmic', () => {
    const chart = (axis: string, xs: number[]) => {
      const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: [axis] } as unknown as Sweep;
      const results: SweepResultsPage = {
        sweep_id: sweep.id, next_cursor: null,
        columns: [['experiment_id', null], ['status', null], [axis, null], ['latency_cycles.packet.mean', 'cycles']].map(([name, unit]) => ({ name: name!, unit })),
        rows: xs.map((x, i) => [`e${i}`, 'done', x, 80 + 100 * i]),
      };
      return withUnits(<SweepChart sweep={sweep} results={results} />);
    };
    const ticks = (html: string) => [...html.matchAll(/text-anchor="middle"[^>]*>([\d.]+)</g)].map((m) => m[1]);
    expect(ticks(chart('traffic.injection.load', [0.1, 0.3, 0.5, 0.7, 0.9]))).toContain('0.2');
    expect(ticks(chart('switch.cache.entries', [16, 32, 64, 128, 256]))).toEqual(['16', '32', '64', '128', '256']);
  });

  // A column the API gave no unit: the core's results schema names it.
  it('takes a metric unit from the results schema when its column has none', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: ['traffic.injection.load'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: ['experiment_id', 'status', 'traffic.injection.load', 'latency_cycles.packet.mean'].map((name) => ({ name, unit: null })),
      rows: [['e1', 'done', 0.1, 83.5], ['e2', 'done', 0.5, 163.2]],
    };
    expect(text(withUnits(<SweepChart sweep={sweep} results={results} />))).toContain('mean packet latency (cycles)');
  });

  // Saturated runs: hollow markers, said in their tooltip and the legend.
  it('marks the points whose run saturated', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: ['traffic.injection.load'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: [['experiment_id', null], ['status', null], ['traffic.injection.load', 'flits/node/cycle'], ['saturated', null],
        ['latency_cycles.packet.mean', 'cycles']].map(([name, unit]) => ({ name: name!, unit })),
      rows: [['e1', 'done', 0.5, false, 163.2], ['e2', 'done', 0.7, true, 626.0], ['e3', 'done', 0.9, true, 901.5]],
    };
    const html = withUnits(<SweepChart sweep={sweep} results={results} />);
    expect(html.match(/fill="#fff"/g)).toHaveLength(3); // two markers and the legend's
    expect(text(html)).toContain('traffic.injection.load 0.7: 626 cycles (saturated)');
    expect(text(html)).toContain('traffic.injection.load 0.5: 163 cycles');
    expect(text(html)).not.toContain('0.5: 163 cycles (saturated)');
    expect(html).toContain('data-legend="hollow"');
  });

  // A deadlocked run has no latency: its point is marked on the x axis and named below the chart.
  it('marks the points whose run deadlocked instead of dropping them', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {},
      axis_names: ['traffic.injection.load', 'switch.buffer.organisation'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: [['experiment_id', null], ['status', null], ['traffic.injection.load', 'flits/node/cycle'], ['switch.buffer.organisation', null],
        ['throughput.accepted', 'flits/node/cycle'], ['saturated', null], ['deadlock', null], ['latency_cycles.packet.mean', 'cycles']]
        .map(([name, unit]) => ({ name: name!, unit })),
      rows: [['e1', 'done', 0.1, 'central', 0.1, false, false, 33.1], ['e2', 'done', 0.3, 'central', 0, true, true, null],
        ['e3', 'done', 0.4, 'central', 0, true, true, null], ['e4', 'done', 0.1, 'vc', 0.1, false, false, 32.9],
        ['e5', 'done', 0.4, 'vc', 0.4, false, false, 37.2]],
    };
    const html = withUnits(<SweepChart sweep={sweep} results={results} />);
    expect(html.match(/data-stalled="central"/g)).toHaveLength(2);
    expect(text(html)).toContain('central: deadlock at traffic.injection.load 0.3 flits/node/cycle');
    expect(text(html)).toContain('× on the x axis, no packet latency: central: deadlock at traffic.injection.load 0.3 flits/node/cycle, 0.4 flits/node/cycle.');
  });

  // A load sweep without a series axis draws one line: its deadlocked point is marked in that
  // line's colour, and the legend neither names the line by its column path nor says that all
  // its points deadlocked.
  it('marks a stalled point of a single-line sweep as part of that line', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: ['traffic.injection.load'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: [['experiment_id', null], ['status', null], ['traffic.injection.load', 'flits/node/cycle'],
        ['throughput.accepted', 'flits/node/cycle'], ['saturated', null], ['deadlock', null], ['latency_cycles.packet.mean', 'cycles']]
        .map(([name, unit]) => ({ name: name!, unit })),
      rows: [['e1', 'done', 0.1, 0.1, false, false, 25.4], ['e2', 'done', 0.3, 0.3, false, false, 31.0],
        ['e3', 'done', 0.5, 0, true, true, null]],
    };
    const html = withUnits(<SweepChart sweep={sweep} results={results} />);
    const line = /data-series=""><path [^>]*stroke="([^"]+)"/.exec(html)![1];
    expect(/data-stalled=""[^>]*fill="([^"]+)"/.exec(html)![1]).toBe(line);
    expect(html).not.toContain('data-legend=');
    expect(text(html)).not.toContain('latency_cycles.packet.mean');
    expect(text(html)).toContain('× on the x axis, no packet latency: deadlock at traffic.injection.load 0.5 flits/node/cycle.');
  });

  // An application-model sweep (seed 000 Fig. 17's link bandwidths) had no chart: its one
  // headline column was not among the metrics the chart draws.
  it("draws an application-model sweep's relative performance", () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: ['switch.link_gbps'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: [['experiment_id', null], ['status', null], ['switch.link_gbps', 'Gb/s'], ['app.relative_mean', 'x']]
        .map(([name, unit]) => ({ name: name!, unit })),
      rows: [['e1', 'done', 100, 1.032], ['e2', 'done', 200, 1.048], ['e3', 'done', 400, 1.066]],
    };
    const html = withUnits(<SweepChart sweep={sweep} results={results} />);
    expect(html).toContain('data-testid="sweep-chart"');
    expect(html.match(/<circle /g)).toHaveLength(3);
    expect(text(html)).toContain(`mean relative performance (${displayUnit('x')})`);
  });

  // A single finished point (or a flat line) gave a y axis of four ticks all reading "25".
  it('labels a flat y axis once, at its value', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'running', axes: {}, axis_names: ['traffic.injection.load'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: [['experiment_id', null], ['status', null], ['traffic.injection.load', 'flits/node/cycle'],
        ['latency_cycles.packet.mean', 'cycles']].map(([name, unit]) => ({ name: name!, unit })),
      rows: [['e1', 'done', 0.1, 25.4], ['e2', 'running', 0.3, null]],
    };
    const html = withUnits(<SweepChart sweep={sweep} results={results} />);
    expect([...html.matchAll(/text-anchor="end"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['25.4']);
  });

  // A failed point has no value either: a × at its x whose tooltip is the error, and a series
  // none of whose points has a value gets a legend entry saying why.
  it('marks failed points with their error and names series without any value in the legend', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {},
      axis_names: ['traffic.injection.load', 'switch.buffer.organisation'] } as unknown as Sweep;
    const error = 'switch.buffer.vcs: must be an integer in [1, 16] VCs, got 0';
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: [['experiment_id', null], ['status', null], ['traffic.injection.load', 'flits/node/cycle'], ['switch.buffer.organisation', null],
        ['throughput.accepted', 'flits/node/cycle'], ['saturated', null], ['deadlock', null], ['latency_cycles.packet.mean', 'cycles'],
        ['error', null]].map(([name, unit]) => ({ name: name!, unit })),
      rows: [['e1', 'done', 0.1, 'vc', 0.1, false, false, 33.1, null], ['e2', 'failed', 0.3, 'vc', null, null, null, null, error],
        ['e3', 'failed', 0.1, 'voq', null, null, null, null, error], ['e4', 'failed', 0.3, 'voq', null, null, null, null, error],
        ['e5', 'done', 0.1, 'central', 0, true, true, null, null], ['e6', 'done', 0.3, 'central', 0, true, true, null, null]],
    };
    const html = withUnits(<SweepChart sweep={sweep} results={results} />);
    const marks = [...html.matchAll(/data-stalled="([^"]+)"[^>]*>×<title>([^<]*)<\/title>/g)].map((m) => [m[1], m[2]]);
    expect(marks).toEqual([
      ['voq', `voq: failed at traffic.injection.load 0.1 flits/node/cycle: ${error}`],
      ['central', 'central: deadlock at traffic.injection.load 0.1 flits/node/cycle'],
      ['vc', `vc: failed at traffic.injection.load 0.3 flits/node/cycle: ${error}`],
      ['voq', `voq: failed at traffic.injection.load 0.3 flits/node/cycle: ${error}`],
      ['central', 'central: deadlock at traffic.injection.load 0.3 flits/node/cycle'],
    ]);
    // One line drawn (vc); voq and central have legend entries of their own, after it, saying why.
    expect(html.match(/data-series="/g)).toHaveLength(1);
    const legend = [...html.matchAll(/data-legend="([^"]+)"[^>]*>(.*?)<\/g>/g)].map((m) => [m[1], text(m[2]).trim()]);
    expect(legend).toEqual([['vc', 'vc'], ['voq', '× voq all failed'], ['central', '× central all deadlocked']]);
    expect(text(html)).toContain('× on the x axis, no packet latency: voq: failed at traffic.injection.load 0.1 flits/node/cycle, '
      + '0.3 flits/node/cycle; central: deadlock at traffic.injection.load 0.1 flits/node/cycle, 0.3 flits/node/cycle; '
      + 'vc: failed at traffic.injection.load 0.3 flits/node/cycle.');
  });

  it('draws the numeric axis on x whichever order the axes were given in', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {},
      axis_names: ['switch.buffer.organisation', 'traffic.injection.load'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: [['experiment_id', null], ['status', null], ['switch.buffer.organisation', null],
        ['traffic.injection.load', 'flits/node/cycle'], ['latency_cycles.packet.mean', 'cycles']].map(([name, unit]) => ({ name: name!, unit })),
      rows: [['e1', 'done', 'hipiqs', 0.1, 83.5], ['e2', 'done', 'input_fifo', 0.1, 83.8],
        ['e3', 'done', 'hipiqs', 0.5, 163.2], ['e4', 'done', 'input_fifo', 0.5, 246.1]],
    };
    const html = withUnits(<SweepChart sweep={sweep} results={results} />);
    expect(html.match(/data-series="/g)).toHaveLength(2);
    expect(html).toContain('data-series="input_fifo"');
    // Legend: the axis name once as its heading, then the bare values (long names stay in the viewBox).
    expect(html).toMatch(/data-legend="input_fifo"[^]*?class="legend-text">input_fifo<\/text>/);
    expect(text(html)).toContain('vs traffic.injection.load, one line per switch.buffer.organisation');
  });

  // A cycle sweep over the network's size: its packet latency under load against the size.
  it('a cycle sweep over sizes draws packet latency against job size', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: ['topology.dims'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: [['experiment_id', null], ['status', null], ['topology.dims', null], ['summary.switches', 'switches'],
        ['latency_cycles.packet.mean', 'cycles'], ['cache.hit_rate', 'fraction']].map(([name, unit]) => ({ name: name!, unit })),
      rows: [['e1', 'done', [4, 4], 16, 21.5, null], ['e2', 'done', [8, 8], 64, 33.2, null]],
    };
    const t = text(withUnits(<SweepExtraCharts sweep={sweep} results={results} />));
    expect(t).toContain('mean packet latency (cycles) vs job size (switches)');
    expect(t).toContain('switches 64: 33.2 cycles');
  });

  it('a sweep without cost columns (cycle engine) has no Pareto chart', () => {
    const sweep = { id: 'sweep0123456789', name: 's', status: 'done', axes: {}, axis_names: ['traffic.injection.load'] } as unknown as Sweep;
    const results: SweepResultsPage = {
      sweep_id: sweep.id, next_cursor: null,
      columns: ['experiment_id', 'status', 'traffic.injection.load', 'latency_cycles.packet.mean', 'cache.hit_rate'].map((name) => ({ name, unit: null })),
      rows: [['e1', 'done', 0.1, 83.5, null], ['e2', 'done', 0.5, 163.2, null]],
    };
    const html = withUnits(<SweepExtraCharts sweep={sweep} results={results} />);
    expect(html).not.toContain('Pareto');
    expect(html).not.toContain('data-testid="pareto-cost"');
  });

});

describe('run progress', () => {
  const controls = (state: Parameters<typeof RunControls>[0]['state']) => text(renderToStaticMarkup(
    <RunControls state={state} canRun onRun={() => {}} onCancel={() => {}} onSubmit={() => {}} submitting={false} />));
  // The unit is the core's (the stepped run's first report); wasm-core.test.ts checks what it says.
  it('says what the fraction counts, in the unit the core reported', () => {
    const cycle: Config = { engine: 'cycle', topology: { kind: 'mesh', dims: [16, 16] } };
    expect(controls({ phase: 'running', startedAt: 0, config: cycle, fraction: 0.25, unit: 'cycles' })).toContain('25.0 % of cycles');
    expect(controls({ phase: 'cancelled', config: cycle, fraction: 0.105, unit: 'cycles' }))
      .toContain('cancelled at 10.5 % of cycles (stopped between chunks)');
    expect(controls({ phase: 'running', startedAt: 0, config: SLICE_CONFIG, fraction: 0.25, unit: 'evaluations' }))
      .toContain('25.0 % of evaluations');
    // Before the core's first report nothing is claimed.
    expect(controls({ phase: 'running', startedAt: 0, config: cycle, fraction: 0, unit: '' })).not.toContain(' of ');
  });
});

