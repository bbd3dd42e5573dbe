import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { PublishedPanel } from '../src/components/PublishedPanel';
import { EXAMPLES, thisRunKind } from '../src/config/examples';
import type { SimResult } from '../src/config/types';
import { SLICE_RESULT } from './fixtures';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ').trim();

describe('published values beside the model', () => {
  const fig = EXAMPLES.find((e) => e.key === 'seed001-fig12-21cube-128-entries')!;
  const result = { ...SLICE_RESULT, models: { seed001_torus: { max_zero_load_latency_ns: {
    reduction_vs_conventional_model: 0.09304351886706652, reduction_vs_conventional_simulated: 1 - 3384.8125 / 3740 } } } } as SimResult;

  // The model's 9.3 % and the simulated 3,384.8 vs 3,740 ns (9.5 %) both stand beside the paper's
  // 9 %, the verdict in words and the reason under it, not in a tooltip.
  it('an unchanged example with published values gets the table: as published, model, simulated, agreement in words', () => {
    const html = renderToStaticMarkup(<PublishedPanel config={structuredClone(fig.config)} result={result} />);
    expect(text(html)).toBe(
      'Reproducing seed 001 Sec. 6.4.2 (Fig. 12) quantity as published model simulated (this run) agreement '
      + `max zero-load latency reduction vs the conventional switch 9.0 % ± 0.5 % 9.3 % 9.5 % reproduced (within ± 0.5 %), model and simulation ${fig.published![0].note}`);
    expect(html).not.toContain('title=');
  });

  it('an edited config or an example without published values gets none', () => {
    expect(renderToStaticMarkup(<PublishedPanel config={{ ...fig.config, seed: 2 }} result={result} />)).toBe('');
    const quick = EXAMPLES.find((e) => e.key === 'quickstart-torus-4x4')!;
    expect(renderToStaticMarkup(<PublishedPanel config={quick.config} result={SLICE_RESULT} />)).toBe('');
  });

  // Seed 003's FIFO is not reproduced: it read "context only", with the reason only in a tooltip.
  it('a context-only value shows this run\'s figure beside the published one, and says it is not reproduced', () => {
    const fifo = EXAMPLES.find((e) => e.key === 'seed003-fig7-fifo-bmin16')!;
    const run = { ...SLICE_RESULT, saturation: { throughput: 0.644 } } as unknown as SimResult;
    expect(text(renderToStaticMarkup(<PublishedPanel config={structuredClone(fifo.config)} result={run} />))).toContain(
      'saturation throughput of the single input FIFO 0.6 flits/node/cycle seed 003 Sec. 5.1 — 0.644 flits/node/cycle not reproduced (Δ = +0.044 flits/node/cycle) not reproduced: ');
  });

  // The cycle engine's throughput is simulated, not an analytical model's output: the column says so.
  it('a simulated value is headed "simulated (this run)", a model output "model (this run)"', () => {
    const fifo = EXAMPLES.find((e) => e.key === 'seed003-fig7-fifo-bmin16')!;
    const run = { ...SLICE_RESULT, saturation: { throughput: 0.644 } } as unknown as SimResult;
    expect(text(renderToStaticMarkup(<PublishedPanel config={structuredClone(fifo.config)} result={run} />))).toMatch(
      /^Reproducing seed 003 Sec\. 5\.1 \(Fig\. 7\) quantity as published model simulated \(this run\) agreement /);
    expect(thisRunKind(fifo)).toBe('simulated');
    expect(thisRunKind(EXAMPLES.find((e) => e.key === 'booksim-mesh-8x8-cycle')!)).toBe('simulated');
    expect(thisRunKind(EXAMPLES.find((e) => e.key === 'seed001-sec72-throughput')!)).toBe('model');
  });

  // Engine app is the application time model: its app.relative_mean was headed "simulated (this
  // run)" beside seed 001's published value, though its own panel says "(time model)".
  it("engine app's values are headed as the time model's", () => {
    const apps = EXAMPLES.filter((e) => e.config.engine === 'app' && e.published?.length);
    expect(apps.map((e) => e.key)).toEqual(['seed000-fig17-npb-4torus-1600gbps', 'seed000-fig18-npb-dragonfly-1600gbps',
      'seed001-fig7-npb-torus-64', 'seed001-fig8-npb-torus-256', 'seed001-fig9-npb-random-64']);
    for (const e of apps) expect(thisRunKind(e), e.key).toBe('model');
  });
});

