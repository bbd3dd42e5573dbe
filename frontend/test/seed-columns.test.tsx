import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { SeedColumns } from '../src/components/SeedColumns';
import { PublishedPanel } from '../src/components/PublishedPanel';
import { EXAMPLES } from '../src/config/examples';
import { baselineConfig, hasSeedColumns, SEED_COLUMNS, seedRows, speedupOver, systemWords } from '../src/lib/compare/seedColumns';
import type { SimResult } from '../src/config/types';
import { SLICE_RESULT } from './fixtures';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&gt;/g, '>').replace(/\s+/g, ' ').trim();
const example = (key: string) => EXAMPLES.find((e) => e.key === key)!;
const withApp = (app: unknown) => ({ ...SLICE_RESULT, app }) as unknown as SimResult;

// The seeds' application figures: as published, the skeleton model (this run), the skeletons under
// SMPI and the real NPB, each with its size and its agreement in words (docs/models.md).
describe('the seed presets in four columns', () => {
  it('are the five seed presets, with the four columns in order', () => {
    expect(EXAMPLES.filter(hasSeedColumns).map((e) => e.key)).toEqual(['seed000-fig17-npb-4torus-1600gbps',
      'seed000-fig18-npb-dragonfly-1600gbps', 'seed001-fig7-npb-torus-64', 'seed001-fig8-npb-torus-256', 'seed001-fig9-npb-random-64']);
    expect(SEED_COLUMNS.map((c) => c.label)).toEqual(['as published', 'skeleton model (engine app, this run)',
      'skeleton SMPI (engine smpi)', 'real NPB (NPB 3.3.1 code under SMPI)']);
    expect(EXAMPLES.filter(hasSeedColumns).map((e) => systemWords(e.config))).toEqual(['4x4x4x4 torus',
      'Dragonfly of 16 groups of 16 switches', '4x4x4 torus', '8x8x4 torus', 'random 6-regular graph of 64 switches']);
  });

  it('seed 001 Fig. 7: this run\'s mean beside the measured ones, each judged against the published 1.052 ± 0.01', () => {
    const fig = example('seed001-fig7-npb-torus-64');
    const [row] = seedRows(fig, withApp({ benchmarks: {}, relative_mean: 1.0683 }));
    expect(row.what).toBe('mean relative performance with the cache (Mop/s with / without)');
    expect(row.cells.published).toMatchObject({ value: '1.05 times ± 0.01 times', agreement: 'the reference' });
    expect(row.cells.model).toEqual({ value: '1.07 times', size: 'class B, 64 ranks, 4x4x4 torus',
      agreement: 'not reproduced (Δ = +0.0163 times)' });
    expect(row.cells.skeleton_smpi).toMatchObject({ value: '1.01 times', agreement: 'not reproduced (Δ = −0.0453 times)' });
    expect(row.cells.skeleton_smpi.size).toBe('the skeletons under SimGrid SMPI (engine smpi), class A (DT, LU and SP: W, the largest '
      + 'traced), 16 ranks, 4x4 torus; seed 000\'s switch (60 ns -> 51 ns with the cache) at 100 Gb/s and 100 Gflop/s: not this '
      + 'figure\'s 100 ns -> 77 ns switch, 200 Gb/s links and 5 Tflop/s nodes');
    expect(row.cells.real_npb).toMatchObject({ value: '1.01 times', agreement: 'not reproduced (Δ = −0.0446 times)' });
    expect(row.cells.real_npb.size).toMatch(/^real NPB 3\.3\.1 under SimGrid SMPI, class A \(DT, LU and SP: W, the largest traced\), 16 ranks, 4x4 torus; /);
  });

  it('seed 000 Fig. 17: the model\'s speed-up needs its baseline run (100 Gb/s) and is judged once it is there', () => {
    const fig = example('seed000-fig17-npb-4torus-1600gbps');
    expect(baselineConfig(fig)).toEqual({ ...fig.config, switch: { ...(fig.config.switch as object), link_gbps: 100 } });
    const run = withApp({ benchmarks: { dt: { time_s: 1 }, is: { time_s: 2 } }, relative_mean: 1 });
    const base = withApp({ benchmarks: { dt: { time_s: 9, time_no_cache_s: 15 }, is: { time_s: 2, time_no_cache_s: 3 } }, relative_mean: 1 });
    expect(speedupOver(fig.published![0], run, base)).toBe(8.25);
    expect(speedupOver(fig.published![1], run, base)).toBe(15);
    const waiting = seedRows(fig, run);
    expect(waiting[0].cells.model).toEqual({ value: '—', agreement: 'the baseline run is running',
      size: 'class B, 256 ranks, 4x4x4x4 torus; over a second run with switch.link_gbps = 100, without a cache' });
    expect(seedRows(fig, undefined)[0].cells.model.agreement).toBe('not run yet');
    const [mean, dt] = seedRows(fig, run, fig.config, base);
    expect(mean.cells.model).toMatchObject({ value: '8.25 times', agreement: 'not reproduced (Δ = +3.18 times)' });
    expect(dt.cells.model).toMatchObject({ value: '15 times', agreement: 'reproduced (within ± 1 times)' });
    expect(dt.cells.real_npb).toMatchObject({ value: '12.6 times', agreement: 'not reproduced (Δ = −2.69 times)' });
    expect(mean.cells.real_npb).toMatchObject({ value: '3.69 times', agreement: 'not reproduced (Δ = −1.38 times)' });
    expect(mean.cells.skeleton_smpi).toMatchObject({ value: '3.74 times', agreement: 'not reproduced (Δ = −1.33 times)' });
    expect(dt.cells.skeleton_smpi).toMatchObject({ value: '12.3 times', agreement: 'not reproduced (Δ = −2.97 times)' });
  });

  it('the panel shows the four-column table for a seed preset, with every column labelled and sized', () => {
    const fig = example('seed001-fig9-npb-random-64');
    const html = renderToStaticMarkup(<PublishedPanel config={structuredClone(fig.config)} result={withApp({ benchmarks: {}, relative_mean: 1.0801 })} />);
    expect(html).toContain('data-testid="seed-columns"');
    expect(html).not.toContain('data-testid="published-table"');
    const t = text(html);
    expect(t).toMatch(/^Reproducing seed 001 Sec\. 5\.3 \(Table 1, Fig\. 9\): the published figure, the NPB skeletons and the real NPB quantity as published skeleton model \(engine app, this run\) skeleton SMPI \(engine smpi\) real NPB \(NPB 3\.3\.1 code under SMPI\) mean relative performance with the cache /);
    expect(t).toContain('1.08 times class B, 64 ranks, random 6-regular graph of 64 switches not reproduced (Δ = +0.0251 times)');
    expect(renderToStaticMarkup(<SeedColumns example={fig} config={fig.config} />)).toContain('not run yet');
  });
});
