// Issue 33: a browser run prices the seeds' table with CACTI 7 itself (its WebAssembly module,
// loaded by the worker on demand), shows CACTI's 0.406 ns beside the seeds' published 0.41 ns,
// and the organisation CACTI chose (the same figures as native CACTI: tests/cross_build/test_cacti_wasm.py).
import { test, expect } from '@playwright/test';
import { runPresetInBrowser } from './support.mjs';

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
