import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { HitRateSummary } from '../src/components/HitRateSummary';
import { BaselineContext } from '../src/hooks/useHistory';
import { UnitsContext } from '../src/hooks/useCoreSchemas';
import { metricRows } from '../src/lib/compare/compare';
import type { Units } from '../src/lib/numbers/units';
import { coreUnits } from './core';
import { SLICE_RESULT } from './fixtures';

let units: Units;
beforeAll(async () => {
  units = await coreUnits();
});

const worse = { ...SLICE_RESULT, config_hash: 'other', cache: { ...SLICE_RESULT.cache, hit_rate: 0.9, hits: 5657 } };
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('baseline deltas and comparison rows', () => {
  it('every summary number shows its change against the baseline, none without one', () => {
    const el = <HitRateSummary result={SLICE_RESULT} prefix="wasm" />;
    expect(renderToStaticMarkup(el)).not.toContain('Δ');
    const t = text(renderToStaticMarkup(
      <UnitsContext.Provider value={units}><BaselineContext.Provider value={{ name: 'base', result: worse }}>{el}</BaselineContext.Provider></UnitsContext.Provider>,
    ));
    // Both runs counted 6,286 look-ups: the Δ's SE is 0.51 pp, so one decimal.
    expect(t).toContain('92.4 % Δ +2.4 pp');
    expect(t).toContain('5,806 Δ +149 (+2.6 %)');
    expect(t).toContain('6,286 Δ ±0');
  });
  it('lists result and cost numbers, marking those that differ', () => {
    const rows = metricRows([SLICE_RESULT, worse]);
    const by = (p: string) => rows.find((r) => r.path === p)!;
    expect(by('cache.hit_rate')).toMatchObject({ section: 'results', values: [SLICE_RESULT.cache.hit_rate, 0.9], differs: true });
    expect(by('cache.lookups').differs).toBe(false);
    // Port classes in the order a packet meets them, right after the headline rates.
    expect(rows.slice(0, 4).map((r) => r.path)).toEqual(['cache.hit_rate',
      'cache.by_port_class.injection.hit_rate', 'cache.by_port_class.dim0.hit_rate', 'cache.by_port_class.dim1.hit_rate']);
    expect(rows.some((r) => r.path === 'cost.cache.area_mm2')).toBe(false);
  });
  // Two buffer organisations on the same network, run by the cycle engine.
  it('lists the cycle engine\'s throughput and latency under load', () => {
    const run = (accepted: number, latency: number, saturation: number) => ({
      engine: { name: 'cycle', version: '0' }, throughput: { offered: 0.896, accepted },
      latency_cycles: { packet: { mean: latency, p99: 2 * latency }, network: { mean: latency - 10 } },
      saturation: { throughput: saturation }, hops: { mean: 2.6 },
    });
    const rows = metricRows([run(0.878, 625, 0.92), run(0.644, 1414, 0.644)]);
    const by = (p: string) => rows.find((r) => r.path === p);
    expect(by('throughput.accepted')).toMatchObject({ values: [0.878, 0.644], differs: true });
    expect(by('saturation.throughput')).toMatchObject({ values: [0.92, 0.644], differs: true });
    expect(by('latency_cycles.packet.mean')).toMatchObject({ values: [625, 1414], differs: true });
    expect(by('throughput.offered')?.differs).toBe(false);
    expect(by('hops.mean')?.differs).toBe(false);
  });
  // Saturation searches report one run each, at its own load: the comparison lists that load first.
  it('lists the load of the run each saturation search reports, before the other load figures', () => {
    const run = (load: number) => ({ engine: { name: 'cycle', version: '0' }, throughput: { offered_configured: load, offered: load },
      saturation: { throughput: 0.9 } });
    const rows = metricRows([run(0.891), run(0.641)]);
    expect(rows.map((r) => r.path)).toEqual(['throughput.offered_configured', 'throughput.offered', 'saturation.throughput']);
    expect(rows[0]).toMatchObject({ values: [0.891, 0.641], differs: true });
  });
});
