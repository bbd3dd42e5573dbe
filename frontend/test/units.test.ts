import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { formatValue, labelOf, unitOf } from '../src/lib/units';
import { CostPanel } from '../src/components/CostPanel';
import { ModelsPanel } from '../src/components/ModelsPanel';
import { SLICE_RESULT } from './fixtures';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

describe('units from key suffixes', () => {
  it('maps suffixes to units and labels', () => {
    expect(unitOf('access_ns')).toBe('ns');
    expect(unitOf('caches_area_mm2')).toBe('mm²');
    expect(unitOf('cam_bound_line_rate_Gbps')).toBe('Gb/s');
    expect(unitOf('total_pct_of_icc_329mm2')).toBe('%');
    expect(unitOf('ports')).toBe('');
    expect(labelOf('total_pct_of_icc_329mm2')).toBe('total (of icc 329mm2)');
    expect(labelOf('read_energy_nJ')).toBe('read energy');
  });
  it('formats with 4 significant digits and the unit', () => {
    expect(formatValue('access_ns', 0.3716670601667137)).toBe('0.3717 ns');
    expect(formatValue('max_forwarding_rate_pps', 1388888888.8888888)).toBe('1,388,888,889 packets/s');
    expect(formatValue('ports', 5)).toBe('5');
    expect(formatValue('shared', true)).toBe('yes');
    expect(formatValue('leakage_mW', 627.911804254667)).toBe('627.9 mW');
  });
});

describe('cost and model panels', () => {
  const result = {
    ...SLICE_RESULT,
    cost: {
      cache: {
        access_ns: 0.3716670601667137, area_mm2: 0.014704252144367708, provenance: 'CACTI-7 fit',
        fit_holdout_error_pct: { access_ns: [12.7, 38.9] }, note: 'figures are for a fully associative array',
      },
      budget: { total_area_mm2: 2.6656685198694094, provenance: 'model' },
    },
    models: {
      seed001_torus: {
        applicable: true, source: 'seed 001 Sec. 6, eqs. (1)-(4)', assumptions: 'uniform random traffic',
        hit_rate_by_port_class: { dim0: { model: 1, simulated: 0.9102384291725105 } },
        max_zero_load_latency_ns: { model: 375, conventional_switch: 420 },
      },
      other: { applicable: false, source: 'x' },
    },
  };
  it('cost panel shows figures with units, provenance and fit error', () => {
    const t = text(renderToStaticMarkup(createElement(CostPanel, { result })));
    expect(t).toContain('Routing-table cache, one per input port · CACTI-7 fit');
    expect(t).toContain('access 0.3717 ns fit error 12.7–38.9 %');
    expect(t).toContain('Whole-switch budget · model');
    expect(t).toContain('total area 2.666 mm²');
    expect(t).toContain('figures are for a fully associative array');
  });
  it('models panel puts model and simulated values side by side', () => {
    const t = text(renderToStaticMarkup(createElement(ModelsPanel, { result })));
    expect(t).toContain('seed001 torus · seed 001 Sec. 6, eqs. (1)-(4)');
    expect(t).toContain('hit rate by port class · dim0 100.00 % 91.02 %');
    expect(t).toContain('max zero load latency: model 375 ns');
    expect(t).toContain('max zero load latency: conventional switch 420 ns');
    expect(t).not.toContain('other');
  });
});
