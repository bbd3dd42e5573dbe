// Issue 33: a browser run prices the seeds' table with CACTI 7 itself (its WebAssembly module,
// loaded by the worker on demand), shows CACTI's 0.406 ns beside the seeds' published 0.41 ns,
// and the organisation CACTI chose (the same figures as native CACTI: tests/cross_build/test_cacti_wasm.py).
import { test, expect } from '@playwright/test';
import { runConfigInBrowser, runPresetInBrowser } from './support.mjs';

test('seed 000 preset: the cost panel shows CACTI 7\'s exact figures and the organisation it chose', async ({ page }) => {
  test.setTimeout(240_000);
  await runPresetInBrowser(page, expect, 'seed000-fig7-4torus-k6');
  const seed = page.getByTestId('cost-seed-access');
  await expect(seed).toContainText('CACTI 7 (model, exact) 0.406127 ns beside the seeds\' 0.41 ns', { timeout: 120_000 });
  await expect(seed).toContainText('they agree to the published two decimals');
  await expect(page.getByTestId('cost-method-cache')).toContainText('CACTI 7');
  await expect(page.getByTestId('cacti-organisation-cache')).toHaveText('Organisation CACTI chose: Ndbl 2 · Ndcm 2 · Ndsam L1 4 · Ndsam L2 1 · Ndwl 2 · Nspd 1 · Ntbl 2 · Ntcm 1 · Ntsam L1 4 · Ntsam L2 1 · Ntspd 2 · Ntwl 2');
  await expect(page.getByTestId('cacti-time-cache')).toContainText('ns');
  await expect(page.getByTestId('cacti-area-cache')).toContainText('mm²');
});

// The page opens on START_EXAMPLE (seed 001 Fig. 12: 128 entries fully associative), which CACTI 7
// organises: exact figures. The form's default config, the quick-start preset
// (examples/quickstart-torus-4x4.json: 64 entries, 4-way = 16 sets), is one CACTI cannot organise:
// its cost panel keeps CACTI's refusal and shows CACTI's exact figures for the array it builds
// instead (64 entries fully associative), labelled as such, and the budget priced on them: never a
// bare refusal (docs/cost-model.md, "Configs CACTI cannot organise").
test('default page and quick-start preset: exact figures; CACTI\'s refusal of the 16-set cache beside its figures for the fully associative array', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  const run = page.getByRole('button', { name: 'Run in browser (WASM)' });
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('wasm-status')).toContainText('done in', { timeout: 120_000 });
  await expect(page.getByTestId('cost-method-cache')).toHaveText('CACTI 7 (exact: this array run through CACTI itself)', { timeout: 120_000 });
  await expect(page.getByTestId('cost-refusal-cache')).toHaveCount(0);
  await runPresetInBrowser(page, expect, 'quickstart-torus-4x4');
  const panel = page.getByTestId('cost-panel');
  await expect(page.getByTestId('cost-method-cache')).toHaveText(
    'CACTI 7 (exact figures for 64 entries fully associative, the array CACTI builds instead of the 4-way one asked for)', { timeout: 120_000 });
  await expect(page.getByTestId('cost-refusal-cache')).toContainText(
    'CACTI 7 refused the array asked for: switch.cache.ways: CACTI 7 finds no valid organisation for 64 x 12 B, 4-way, 45 nm');
  await expect(page.getByTestId('cost-refusal-cache')).toContainText('CACTI can build 64 entries 2-way (32 sets), 128 entries 4-way (32 sets) or 64 entries fully associative');
  await expect(page.getByTestId('cost-error-cache')).toHaveCount(0);
  await expect(page.getByTestId('cost-error-budget')).toHaveCount(0);
  // CACTI 7's access time of 64 x 12 B fully associative at 45 nm is 0.414546 ns (native: CactiEnv test).
  await expect(panel).toContainText('0.41 ns');
  await expect(panel).toContainText('fully associative (fallback)');
  await expect(page.getByTestId('cacti-organisation-cache')).toContainText('Organisation CACTI chose:');
  await expect(panel).toContainText('total area');
});

// cost.method fit: every fit figure shows the cross-validated error of its array's grid region, and
// the panel names the region (docs/cost-model.md section 5, "Per region").
test('fit figures carry their grid region\'s cross-validated error, with the region named', async ({ page }) => {
  test.setTimeout(240_000);
  const cfg = { seed: 1, engine: 'routewalk', topology: { kind: 'torus', dims: [4, 4] }, switch: { cache: { entries: 2048, ways: 4 } },
    traffic: { pattern: 'uniform', packets: 200 }, cost: { method: 'fit' } };
  await runConfigInBrowser(page, expect, cfg);
  await expect(page.getByTestId('cost-method-cache')).toHaveText(
    'fit (estimate; access_ns error 4.81 % median, 25.23 % worst, cross-validated in its region of the grid)', { timeout: 60_000 });
  await expect(page.getByTestId('cost-fit-region-cache')).toHaveText('Fit error measured in its region of the grid: set-associative cache, '
    + '10..19 B entries, capacity 10 kB to under 100 kB, 2..4 ways (140 held-out CACTI 7 rows).');
  await expect(page.getByTestId('cost-panel')).toContainText('fit: error 8.96 % median, 36.8 % worst (cross-validated)');  // area
  await expect(page.getByTestId('cost-method-cam')).toHaveText(
    'fit (estimate; search_ns error 19.98 % median, 32.05 % worst, cross-validated in its region of the grid)');
});
