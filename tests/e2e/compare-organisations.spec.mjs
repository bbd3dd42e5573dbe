// The "compare buffer organisations" preset (seed 003 Fig. 7): Run runs the input FIFO, HIPIQS
// and the central buffer one after another in the browser's WASM core, overlays their
// latency-load curves with each bisection's offered-load bracket shaded, and tables each simulated
// saturation throughput (equal to the native CLI's run of that variant) beside the published one.
import { test, expect } from '@playwright/test';
import { example as exampleOf, experimentId, nativeRun, nativeSummary, sig3, sig4, openExplorer } from './support.mjs';

const PRESET = 'seed003-fig7-compare-bmin16';
const ORGS = ['input_fifo', 'hipiqs', 'central'];

// A curve's shading: the offered loads its bisection ended between; the saturation throughput, an
// accepted throughput, only in words.
const spanTitle = (org, r) => `${org}: bisection ended in traffic.injection.load `
  + `${sig4(r.saturation.load_bracket[0])}–${sig4(r.saturation.load_bracket[1])} flits/node/cycle; `
  + `saturation throughput (most accepted) ${sig3(r.saturation.throughput)} flits/node/cycle`;

const variant = (cfg, org) => ({ ...cfg, switch: { ...cfg.switch, buffer: { ...cfg.switch.buffer, organisation: org } } });

test('compare preset: three curves, load brackets shaded, simulated beside published per organisation', async ({ page }) => {
  test.setTimeout(300_000);
  const example = exampleOf(PRESET);
  expect(example.compare.values).toEqual(ORGS);
  const natives = Object.fromEntries(ORGS.map((o) => [o, nativeRun(variant(example.config, o))]));
  const expected = Object.fromEntries(ORGS.map((o) => [o, natives[o].saturation.throughput]));
  expect(expected.hipiqs).toBeGreaterThan(0.85);
  expect(expected.central).toBeGreaterThan(0.85);

  await openExplorer(page, expect);
  await page.locator('#preset').selectOption(PRESET);
  // The preset list shows the preset the form holds (it fell back to "Load a preset…").
  await expect(page.locator('#preset')).toHaveValue(PRESET);
  // Every text the run's status line takes: the progress names the variant running, and the end
  // reports the whole comparison's time (it said "done in 1.66 s", the last variant's, after ~10 s).
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="wasm-status"]');
    window.statusTexts = [];
    new MutationObserver(() => window.statusTexts.push(el.textContent)).observe(el, { childList: true, subtree: true, characterData: true });
  });
  const started = Date.now();
  await page.getByRole('button', { name: 'Run in browser (WASM)' }).click();
  const panel = page.getByTestId('compare-result');
  await expect(panel.getByTestId('compare-status')).toHaveText('all 3 runs done (in this browser)', { timeout: 240_000 });
  const waited = (Date.now() - started) / 1000;
  await expect(page.getByTestId('wasm-status')).toContainText('all 3 variants done in ');
  const texts = await page.evaluate(() => window.statusTexts);
  for (const [i, o] of ORGS.entries()) expect(texts.some((t) => t.startsWith(`variant ${i + 1} of 3: ${o}: running in a Web Worker`)), texts.join('\n')).toBe(true);
  expect(texts.some((t) => /^done in /.test(t)), 'no single variant\'s "done in" on its own').toBe(false);
  // The total covers all three runs: more than any one variant's share, at most the time the test waited.
  const total = await page.getByTestId('wasm-status').textContent();
  const m = /all 3 variants done in ([\d.,]+) (ms|s|min)/.exec(total);
  const seconds = Number(m[1].replace(/,/g, '')) * { ms: 1e-3, s: 1, min: 60 }[m[2]];
  expect(seconds).toBeLessThanOrEqual(waited);

  const chart = panel.locator('svg[aria-label="packet latency (cycles) vs offered load (flits/node/cycle)"]');
  for (const o of ORGS) {
    await expect(chart.locator(`g[data-series="${o}"] path`)).toHaveCount(1);
    await expect(chart.locator(`[data-legend="${o}"]`)).toHaveText(o);
    await expect(chart.locator(`rect[data-span="${o}"] title`)).toHaveText(spanTitle(o, natives[o]));
    await expect(panel.getByTestId(`compare-simulated-${o}`)).toHaveText(`${sig3(expected[o])} flits/node/cycle`);
  }
  // Every curve's tooltips are reachable: what the pointer meets at each marker's centre, and at
  // each shaded bracket's centre (hipiqs and central end in the same bracket), names that
  // marker's point or that bracket among its tooltip's lines.
  await chart.scrollIntoViewIfNeeded();
  const hovered = await chart.evaluate((svg) => [...svg.querySelectorAll('[data-series] > circle, rect[data-span]')].map((shape) => {
    const b = shape.getBoundingClientRect();
    const top = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
    const lines = top?.querySelector(':scope > title')?.textContent.split('\n') ?? [];
    // A title's first line is the shape's own point or bracket; others are those it covers.
    const own = shape.querySelector('title').textContent.split('\n')[0];
    return { own, top: top?.tagName, found: lines.includes(own) };
  }));
  expect(hovered.length).toBe(3 + Object.values(natives).reduce((n, r) => n + r.saturation.curve.filter((c) => c[2] > 0).length, 0));
  expect(hovered.filter((h) => !h.found)).toEqual([]);
  const table = panel.getByTestId('compare-table');
  await expect(table.locator('tr[data-variant="input_fifo"]')).toContainText('0.6 flits/node/cycle');
  await expect(table.locator('tr[data-variant="input_fifo"]')).toContainText('not reproduced (Δ = +');
  for (const o of ['hipiqs', 'central']) {
    const simulated = Number((await panel.getByTestId(`compare-simulated-${o}`).textContent()).split(' ')[0]);
    expect(simulated).toBeGreaterThan(0.85);
    await expect(table.locator(`tr[data-variant="${o}"]`)).toContainText('reproduced (within ± 0.05 flits/node/cycle)');
  }
  // The comparison replaces the single-run panel.
  await expect(page.getByTestId('wasm-result')).toHaveCount(0);
  // Its grey drawing says why it stays grey, not that the run will colour it.
  const next = page.getByTestId('next-run');
  await expect(next.locator('figure.topology figcaption')).toHaveText('Switches of the bmin (grey: its 3 compared variants '
    + 'have no single drawing; their results are in the comparison)');
  await expect(next).not.toContainText('once it has run');
  // The history names each variant by its organisation first (the list clips a name's end), the
  // whole name as its tooltip.
  const names = await page.getByTestId('history').locator('input[type="text"]')
    .evaluateAll((inputs) => inputs.map((i) => ({ name: i.value, title: i.title })));
  const variants = names.filter(({ name }) => ORGS.includes(name.split(', ')[0]));
  expect(variants.map(({ name }) => name).sort()).toEqual(ORGS.map((o) => `${o}, k=4 stages=2 bmin, no cache, uniform`).sort());
  for (const { name, title } of names) expect(title).toBe(name);
});

// Run runs every variant, so the preview's work and time are all of theirs, not the form's one
// config's (a review found "270,000 cycles (at most)" and "589.1 ms – 3.24 s", one variant's).
test('compare preset: the run preview sums the work and time of all three variants', async ({ page }) => {
  const example = exampleOf(PRESET);
  const summaries = ORGS.map((o) => nativeSummary(variant(example.config, o)));
  const total = (k) => summaries.reduce((n, s) => n + s[k], 0).toLocaleString('en-US');
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption(PRESET);
  const next = page.getByTestId('next-run');
  await expect(next.getByTestId('summary-variants')).toHaveText('For all 3 variants of the comparison, run one after another: '
    + "work and time are their sums, memory the largest variant's.");
  await expect(next.getByTestId('summary-cycles')).toHaveText(`${total('cycles')} cycles`);
  expect(total('cycles')).toBe('810,000');
  await expect(next.getByTestId('summary-flit_hops')).toHaveText(`${total('flit_hops')} flit-hops`);
  // 3 x 12.96 M flit-hops at the WASM cycle engine's 22 M/s to 4 M/s (lib/runs/placement.ts).
  await expect(next.getByTestId('summary-time')).toHaveText('1.77 s – 9.72 s');
});

test('compare preset: progress names the organisation running, and Cancel stops the comparison', async ({ page }) => {
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption(PRESET);
  await expect(page.getByTestId('compare-table').locator('tbody tr')).toHaveCount(3);
  await page.getByRole('button', { name: 'Run in browser (WASM)' }).click();
  const status = page.getByTestId('compare-status');
  await expect(status).toHaveText('running organisation 1 of 3 (input_fifo)…');
  await expect(page.getByTestId('wasm-progress')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('wasm-status')).toContainText('cancelled');
  await expect(status).toHaveText('stopped after 0 of 3 runs');
});

// Submit to server sends every compared variant, not only the config's own: a sweep with
// compare.path as its one axis over compare.values, whose page then overlays the three curves.
test('compare preset: Submit to server submits a sweep over the organisations and shows it', async ({ page }) => {
  test.setTimeout(300_000);
  const example = exampleOf(PRESET);
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption(PRESET);
  await page.getByRole('button', { name: 'Submit to server' }).click();
  await page.waitForURL(/\/s\/[0-9a-f]+$/);
  const sweepId = page.url().split('/s/')[1];
  const sweep = await (await page.request.get(`/api/sweeps/${sweepId}`)).json();
  expect(sweep.axes).toEqual({ 'switch.buffer.organisation': ORGS });
  expect(sweep.base).toEqual(example.config);
  expect(sweep.progress.total).toBe(3);

  await expect(page.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(3);
  const chart = page.getByTestId('saturation-curves').locator('svg[aria-label="packet latency (cycles) vs offered load (flits/node/cycle)"]');
  for (const o of ORGS) {
    await expect(chart.locator(`g[data-series="${o}"] path`)).toHaveCount(1, { timeout: 240_000 });
    // The point of each organisation is the experiment of that variant's config.
    const exp = await (await page.request.get(`/api/experiments/${experimentId(variant(example.config, o))}`)).json();
    await expect(chart.locator(`rect[data-span="${o}"] title`)).toHaveText(spanTitle(o, exp.result));
    // The table lists the same saturation throughput (the headline of a saturation-mode point).
    const row = page.getByTestId('sweep-table').locator('tbody tr').filter({ hasText: o });
    const col = await columnIndex(page, 'saturation.throughput');
    expect(col).toBeGreaterThan(2);
    await expect(row.locator('td').nth(col))
      .toHaveText(`${sig3(exp.result.saturation.throughput)} flits/node/cycle`);
  }
  // Each row mixes the search's result with its reported run's numbers: the table's caption says so.
  await expect(page.getByTestId('sweep-table-caption')).toHaveText('Every point is a saturation search: '
    + 'saturation.throughput is the search\'s result; every other result column is of the one run the search reports '
    + '(the highest-load run below saturation, or the last run when all saturated), at that run\'s own offered load.');
  // Organisations only, no numeric axis: the metric-vs-axis chart has nothing to draw and is left out.
  await expect(page.getByTestId('sweep-chart')).toHaveCount(0);

  // The three experiments side by side: each search reports a run at its own load, and the
  // comparison says so and lists that load.
  const ids = ORGS.map((o) => experimentId(variant(example.config, o)));
  const loads = await Promise.all(ids.map(async (id) =>
    (await (await page.request.get(`/api/experiments/${id}`)).json()).result.throughput.offered_configured));
  await page.goto(`/?view=compare#ids=${ids.join(',')}`);
  await expect(page.getByTestId('compare-saturation-note')).toHaveText('Saturation searches: every result but the saturation '
    + 'throughput is of the one run each search reports (docs/engines.md), at its own load (throughput · offered configured).');
  await expect(page.locator('tr[data-path="throughput.offered_configured"] span.value'))
    .toHaveText(loads.map((l) => `${sig3(l)} flits/node/cycle`));
});

const columnIndex = async (page, name) =>
  (await page.getByTestId('sweep-table').locator('thead th').allTextContents()).indexOf(name);
