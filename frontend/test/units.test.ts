import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, type ReactElement } from 'react';
import { handle } from '../src/core/protocol';
import { Units } from '../src/lib/numbers/units';
import { formatWithUnit } from '../src/lib/numbers/format';
import { UnitsContext } from '../src/hooks/useCoreSchemas';
import { CostPanel } from '../src/components/CostPanel';
import { ModelsPanel } from '../src/components/ModelsPanel';
import { SLICE_CONFIG } from './fixtures';
import { EXAMPLES } from '../src/config/examples';
import type { SimResult } from '../src/config/types';
import { coreRun, coreUnits, loadCore } from './core';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

let units: Units;
let seedFigure: SimResult;
beforeAll(async () => {
  units = await coreUnits();
  seedFigure = await coreRun(EXAMPLES.find((e) => e.key === 'seed001-fig12-21cube-128-entries')!.config);
});

describe('units of result numbers: the results schema rule, resolved in TS', () => {
  it('gives the same unit as the core units() for every number of real results and a prepare() answer', async () => {
    const core = await loadCore();
    const docs: unknown[] = [
      await coreRun(SLICE_CONFIG),
      seedFigure,
      await coreRun({ seed: 3, topology: { kind: 'fat_tree', k: 4, n: 2 }, switch: { cache: { entries: 64, ways: 4 } },
        traffic: { packets: 3000 }, output: { per_port: true } }),
      await coreRun({ seed: 2, topology: { kind: 'dragonfly', a: 4, p: 2, h: 2, g: 5 }, traffic: { packets: 2000 } }),
      await coreRun({ seed: 4, topology: { kind: 'random_regular', switches: 24, degree: 3 }, switch: { cache: { entries: 16, ways: 4 } },
        traffic: { pattern: 'hotspot', packets: 2000 } }),
    ];
    const prepared = handle(core, { id: 1, method: 'prepare', config: SLICE_CONFIG });
    if (prepared.kind !== 'prepared') throw new Error(JSON.stringify(prepared));
    docs.push(prepared.prepared);
    for (const doc of docs) {
      const want = JSON.parse(core.units(JSON.stringify(doc))) as Record<string, string>;
      expect(Object.keys(want).length).toBeGreaterThan(10);
      expect(units.unitsOf(doc)).toEqual(want);
    }
  });

  it('declared keys, wildcards, suffixes and ancestors', () => {
    expect(units.unitOf('cache.hit_rate')).toBe('fraction');
    expect(units.unitOf('cache.by_port_class.dim0.misses.conflict')).toBe('look-ups');
    expect(units.unitOf('cache.all_hit_share')).toBe('fraction');
    expect(units.unitOf('cache.packets_all_hit')).toBe('packets');
    expect(units.unitOf('cost.cache.access_ns')).toBe('ns');
    expect(units.unitOf('summary.memory_bytes')).toBe('B');
    // Under a "_ns" ancestor, but declared a fraction: a reduction is never shown in ns.
    const reduction = 'models.seed001_torus.max_zero_load_latency_ns.reduction_vs_conventional_model';
    expect(units.unitOf(reduction)).toBe('fraction');
    expect(units.unitOf('models.seed001_torus.max_zero_load_latency_ns.conventional_switch')).toBe('ns');
    expect(units.unitOf('seed')).toBe('');
    expect(units.labelOf('read_energy_nJ')).toBe('read energy');
    expect(units.labelOf('mean_fraction')).toBe('mean fraction');
    expect(units.labelOf('all_hit_share')).toBe('all hit share');
  });

  it('formats a number in its unit', () => {
    expect(formatWithUnit(0.3716670601667137, 'ns')).toBe('0.37 ns');
    // A modelled rate has three significant digits, not ten.
    expect(formatWithUnit(1388888888.8888888, 'packets/s')).toBe('1,390,000,000 packets/s');
    expect(formatWithUnit(5, '')).toBe('5');
    expect(formatWithUnit(627.911804254667, 'mW')).toBe('628 mW');
    expect(formatWithUnit(0.014704252144367708, 'mm^2')).toBe('0.0147 mm²');
    expect(formatWithUnit(553872, 'B')).toBe('540.9 KiB');
    expect(formatWithUnit(0.0903, 'fraction', 2)).toBe('9.03 %');
  });
});

describe('cost and model panels take units from the results schema', () => {
  const withUnits = (el: ReactElement) => text(renderToStaticMarkup(createElement(UnitsContext.Provider, { value: units }, el)));

  it('cost panel shows figures with units, provenance and fit error', () => {
    const result = {
      ...seedFigure,
      cost: {
        cache: {
          access_ns: 0.3716670601667137, area_mm2: 0.014704252144367708, provenance: 'CACTI-7 fit',
          fit_holdout_error_pct: { access_ns: [12.7, 38.9] }, note: 'figures are for a fully associative array',
        },
        budget: { total_area_mm2: 2.6656685198694094, provenance: 'model', slowest_stage: 'cache', slowest_stage_ns: 0.7397227199905108 },
      },
    };
    const t = withUnits(createElement(CostPanel, { result }));
    // A name and its figure under the same label are one row, not two "slowest stage" rows.
    expect(t).toContain('slowest stage cache · 0.74 ns');
    expect(t.split('slowest stage').length).toBe(2);
    expect(t).toContain('Routing-table cache, one per input port · CACTI-7 fit');
    expect(t).toContain('access 0.37 ns fit: error 12.7 % median, 38.9 % worst (cross-validated)');
    expect(t).toContain('Whole-switch budget · model');
    expect(t).toContain('total area 2.67 mm²');
    expect(t).toContain('figures are for a fully associative array');
  });

  it('cost panel says which method made each part: CACTI 7 with its reasoning, or the fit with its error', () => {
    const result = {
      ...seedFigure,
      cost: {
        cache: {
          method: 'cacti', access_ns: 0.406127, provenance: 'CACTI 7 (exact): version 7.0',
          cacti: {
            organisation: { Ndwl: 2, Ndbl: 4, Nspd: 1 },
            access_time_breakdown_ns: { data: { total: 0.406127, 'decoder + wordline': 0.2 } },
            area_split_mm2: { data: 0.1, tag: 0.04 }, cell_area_efficiency_pct: { data: 60 },
            height_mm: 0.3, width_mm: 0.47, package: 'hwcomponents-cacti', package_version: '1.0.40', package_sha256: '0bec35a55fed00',
          },
        },
        cam: {
          method: 'fit', search_ns: 2.1, fit_holdout_error_pct: { search_ns: [19.98, 32.05] }, provenance: 'CACTI-7 fit',
          fit_region: { errors_of: 'region', family: 'cam', family_label: 'binary CAM', region: '24-bit keys, 10,000 to under 100,000 entries', rows: 20 },
        },
      },
    };
    const t = withUnits(createElement(CostPanel, { result }));
    expect(t).toContain('CACTI 7 (exact: this array run through CACTI itself)');
    expect(t).toContain('Organisation CACTI chose: Ndwl 2 · Ndbl 4 · Nspd 1');
    expect(t).toContain('data array · decoder + wordline 0.20 ns');
    expect(t).toContain('tag array 0.04 mm²');
    expect(t).toContain('fit (estimate; search_ns error 19.98 % median, 32.05 % worst, cross-validated in its region of the grid)');
    expect(t).toContain('search 2.10 ns fit: error 19.98 % median, 32.05 % worst (cross-validated)');
    expect(t).toContain('Fit error measured in its region of the grid: binary CAM, 24-bit keys, 10,000 to under 100,000 entries (20 held-out CACTI 7 rows).');
  });

  it('cost panel: an array CACTI cannot organise keeps CACTI\'s refusal beside CACTI\'s figures for the array it builds instead', () => {
    const refusal = { field: 'switch.cache.ways', message: 'CACTI 7 finds no valid organisation for 64 x 12 B, 4-way, 45 nm; CACTI can build 64 entries 2-way (32 sets).', allowed: '64 entries 2-way (32 sets)' };
    const result = {
      ...seedFigure,
      cost: {
        cache: { method: 'cacti', entries: 64, ways: 4, entry_bytes: 12, access_ns: 0.414546, cacti_refusal: refusal, cacti_organisable: false,
          figures_for: 'fully associative (fallback)', note: 'the figures are CACTI 7\'s own for 64 entries fully associative' },
      },
    };
    const t = withUnits(createElement(CostPanel, { result }));
    expect(t).toContain('CACTI 7 (exact figures for 64 entries fully associative, the array CACTI builds instead of the 4-way one asked for)');
    expect(t).toContain('CACTI 7 refused the array asked for: switch.cache.ways: CACTI 7 finds no valid organisation for 64 x 12 B, 4-way, 45 nm;');
    expect(t).toContain('access 0.41 ns');
    expect(t).not.toContain('No figures');
  });

  it('cost panel: a fit region with too few rows quotes the family\'s error and says why', () => {
    const result = {
      ...seedFigure,
      cost: {
        cache: { method: 'fit', access_ns: 0.4357, fit_holdout_error_pct: { access_ns: [6.6, 40.03] },
          fit_region: { errors_of: 'family', family: 'full_assoc', family_label: 'fully associative cache', rows: 395,
            region: '10..19 B entries, capacity 100 B to under 1 kB', why: 'only 15 held-out CACTI rows in this region (a region\'s figure needs at least 20); the error is the family\'s, over all its rows' } },
      },
    };
    const t = withUnits(createElement(CostPanel, { result }));
    expect(t).toContain('fit (estimate; access_ns error 6.6 % median, 40.03 % worst, cross-validated over its whole family)');
    expect(t).toContain('Fit error of the whole fully associative cache family (395 held-out CACTI 7 rows): only 15 held-out CACTI rows in this region');
    expect(t).toContain('(region fully associative cache, 10..19 B entries, capacity 100 B to under 1 kB).');
  });

  it('cost panel puts the seeds\' table\'s access time beside the published 0.41 ns', () => {
    const result = {
      ...seedFigure,
      cost: {
        tech_nm: 45,
        cache: { method: 'cacti', entries: 2048, ways: 4, entry_bytes: 12, access_ns: 0.406127 },
        published: { cache_2048x12B_4way: [{ source: 'seed 000 Sec. V-A, Figs. 13-14', tech_nm: 45, access_ns: 0.41 }] },
      },
    };
    const t = withUnits(createElement(CostPanel, { result }));
    expect(t).toContain("Access time: CACTI 7 (model, exact) 0.406127 ns beside the seeds' 0.41 ns (as published, seed 000 Sec. V-A, "
      + 'Figs. 13-14): they agree to the published two decimals.');
  });

  it('cost panel gives the core\'s reason where a part has no figures', () => {
    const result = {
      ...seedFigure,
      cost: {
        cache: { method: 'cacti', error: { field: 'switch.cache.ways', message: 'CACTI 7 finds no valid organisation', allowed: '64 entries 2-way' } },
        cam: { method: 'cacti', search_ns: 2.13594 },
      },
    };
    const t = withUnits(createElement(CostPanel, { result }));
    expect(t).toContain('No figures: switch.cache.ways: CACTI 7 finds no valid organisation (allowed: 64 entries 2-way)');
    expect(t).toContain('2.14 ns');
  });

  it('models panel: model beside simulated, the latency reduction as a percentage', () => {
    const t = withUnits(createElement(ModelsPanel, { result: seedFigure }));
    const m = (seedFigure.models as Record<string, Record<string, Record<string, number>>>).seed001_torus;
    const reduction = m.max_zero_load_latency_ns.reduction_vs_conventional_model;
    // A labelled table per section (caption, then rows), not "section: key" dumps.
    expect(t).toContain(`Max zero load latency conventional switch ${formatWithUnit(m.max_zero_load_latency_ns.conventional_switch, 'ns')}`);
    expect(t).toContain(`reduction vs conventional model ${(reduction * 100).toFixed(2)} %`);
    expect(t).not.toMatch(/inputs:|outputs:/);
    expect(t).toMatch(/hit rate by port class · dim0 \d+\.\d\d % \d+\.\d\d %/);
  });
});
