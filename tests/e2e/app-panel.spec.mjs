// The parallel applications panel: the seed 001 Fig. 7 preset (engine app, nine NPB skeletons on a
// 4x4x4 torus) runs in the browser's WASM core and its bars show the native CLI's numbers.
import { test, expect } from '@playwright/test';
import { example as exampleOf, experimentId, nativeRun, runConfigInBrowser, runPresetInBrowser, sig3 } from './support.mjs';

const PRESET = 'seed001-fig7-npb-torus-64';

// Formatting as frontend/src/lib (kept independent on purpose: if the UI's formatting drifts, this notices).
const gain = (r) => `${r < 1 ? '−' : '+'}${Math.abs((r - 1) * 100).toFixed(2)} %`;

test('seed 001 Fig. 7 preset: bars of relative performance per benchmark equal the native CLI', async ({ page }) => {
  const example = exampleOf(PRESET);
  const expected = nativeRun(example.config).app;
  const consoleErrors = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));

  await runPresetInBrowser(page, expect, PRESET);

  const panel = page.locator('[data-testid="wasm-result"] [data-testid="wasm-app"]');
  await expect(panel).toContainText('time model');
  for (const [name, b] of Object.entries(expected.benchmarks)) {
    await expect(panel.getByTestId(`wasm-app-value-${name}`)).toHaveText(gain(b.relative));
    await expect(panel.getByTestId(`wasm-app-bar-${name}`)).toHaveAttribute('data-relative', String(b.relative));
  }
  await expect(panel.getByTestId('wasm-app-value-mean')).toHaveText(gain(expected.relative_mean));
  await expect(panel.getByTestId('wasm-app-mean')).toHaveText(`${sig3(expected.relative_mean)} ×`);

  // The published mean in four columns: as published, the skeleton model (this run, the native
  // CLI's number), the skeletons under SMPI and the real NPB (measured, from the catalogue), each
  // with its size and its agreement in words.
  const published = example.published[0];
  const seed = page.locator('[data-testid="wasm-result"] [data-testid="seed-columns"]');
  const heads = { published: 'as published', model: 'skeleton model (engine app, this run)',
    skeleton_smpi: 'skeleton SMPI (engine smpi)', real_npb: 'real NPB (NPB 3.3.1 code under SMPI)' };
  for (const [key, label] of Object.entries(heads)) await expect(seed.getByTestId(`seed-head-${key}`)).toHaveText(label);
  const row = seed.locator('tbody tr').first();
  const cell = (key, part) => row.getByTestId(`seed-cell-${key}`).getByTestId(`seed-${part}`);
  await expect(cell('published', 'value')).toHaveText(`${sig3(published.value)} ${published.unit} ± ${published.tolerance} ${published.unit}`);
  await expect(cell('model', 'value')).toHaveText(`${sig3(expected.relative_mean)} ${published.unit}`);
  await expect(cell('model', 'size')).toHaveText('class B, 64 ranks, 4x4x4 torus');
  await expect(cell('model', 'agreement')).toHaveText(/^(not )?reproduced \(/);
  for (const key of ['skeleton_smpi', 'real_npb']) {
    const figure = published.beside[key];
    await expect(cell(key, 'value')).toHaveText(`${sig3(figure.value)} ${published.unit}`);
    await expect(cell(key, 'size')).toHaveText(figure.size);
    await expect(cell(key, 'size')).toContainText('16 ranks, 4x4 torus');
    await expect(cell(key, 'agreement')).toHaveText(/^not reproduced \(Δ = −0\.0[0-9]+ times\)$/);
  }

  // The server has no SMPI run of it: asking leaves no error in the console (was a 404 per run).
  await expect(panel.getByTestId('wasm-app-smpi-replay')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

// SimGrid SMPI on the server beside the model: a worker replays the skeletons (engine smpi), and
// the browser shows SMPI's relative performance on the model's bars and how SMPI replayed each
// benchmark (CG's long block at class W, sampled 4 and 8 times and extrapolated; EP replayed in full).
const SYSTEM = {
  seed: 5, topology: { kind: 'torus', dims: [4, 4] },
  switch: { cache: { entries: 64, ways: 4 }, delays_ns: { rc_hit: 2, rc_miss: 27, rc_no_cache: 25, other: 75, link: 20 }, link_gbps: 200 },
  node: { gflops: 100 },
  traffic: { pattern: 'npb', npb: { benchmarks: ['cg', 'is'], class: 'W', ranks: 16 } },
};

async function runOnServer(request, cfg) {
  const posted = await request.post('/api/experiments', { data: cfg });
  expect(posted.ok()).toBeTruthy();
  const { id } = await posted.json();
  let exp;
  await expect.poll(async () => (exp = await (await request.get(`/api/experiments/${id}`)).json()).status,
    { timeout: 120_000 }).toBe('done');
  return { id, app: exp.result.app };
}

test('an engine smpi experiment: SMPI bars, and the replay named per benchmark', async ({ page, request }) => {
  const traffic = { ...SYSTEM.traffic, npb: { ...SYSTEM.traffic.npb, benchmarks: ['cg', 'ep'] } };
  const { id, app } = await runOnServer(request, { ...SYSTEM, traffic, engine: 'smpi', app: { smpi_replay: 'extrapolate', smpi_sample_repeats: 4 } });
  expect(app.simulator).toBe('smpi');
  expect(app.benchmarks.cg.smpi_replay).toBe('extrapolated');
  expect(app.benchmarks.ep.smpi_replay).toBe('full'); // no block longer than 2 x 4 repeats
  await page.goto(`/e/${id}`);
  const panel = page.locator('[data-testid="experiment-result"] [data-testid="experiment-app"]');
  await expect(panel).toContainText('SimGrid SMPI 3.');
  await expect(panel.getByTestId('experiment-app-value-cg')).toHaveText(gain(app.benchmarks.cg.relative));
  await expect(panel.getByTestId('experiment-app-replay-cg')).toHaveText('extrapolated from 4 and 8 repeats');
  await expect(panel.getByTestId('experiment-app-replay-ep')).toHaveText('full');
});

test('the time model in the browser replays the same system with SMPI on the server and marks its bars', async ({ page, request }) => {
  // A seed of its own, so an earlier run's stored SMPI experiment (same id) cannot stand in.
  const system = { ...SYSTEM, seed: Date.now() % 1000000007, engine: 'app' };
  const model = nativeRun(system).app;
  await runConfigInBrowser(page, expect, system);
  const panel = page.locator('[data-testid="wasm-result"] [data-testid="wasm-app"]');
  await expect(panel.getByTestId('wasm-app-value-cg')).toHaveText(gain(model.benchmarks.cg.relative));
  await panel.getByTestId('wasm-app-smpi-replay').click();
  await expect(panel.getByTestId('wasm-app-smpi-mean')).toBeVisible({ timeout: 120_000 });
  const stored = await (await request.get(`/api/experiments/${experimentId({ ...system, engine: 'smpi' })}`)).json();
  expect(stored.status).toBe('done');
  const smpi = stored.result.app;
  await expect(panel.getByTestId('wasm-app-smpi-mean')).toHaveText(`${sig3(smpi.relative_mean)} ×`);
  await expect(panel.getByTestId('wasm-app-smpi-mark-cg')).toHaveCount(1);
  await expect(panel.getByTestId('wasm-app-replay-cg')).toHaveText('full'); // auto: the whole run fits
  await expect(panel.getByTestId('wasm-app-smpi-replay')).toHaveCount(0);
  // SMPI agrees with the model on the gain (tests/cross_build/test_smpi.py: within 0.01).
  expect(Math.abs(smpi.relative_mean - model.relative_mean)).toBeLessThan(0.01);
});
