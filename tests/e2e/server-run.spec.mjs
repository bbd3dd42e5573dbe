// A server run of the form's config is the form's result: the server answers with its normalized
// config (every default written out), which the page compared as text with the form's and so
// called every server run "Out of date: the form has changed since this run".
import { test, expect } from '@playwright/test';
import { experimentId, example, openExplorer, runPresetInBrowser } from './support.mjs';

test("a server run of the form's config is not marked out of date; an edit makes it so", async ({ page }) => {
  const cfg = example('quickstart-torus-4x4').config;
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption('quickstart-torus-4x4');
  await page.getByRole('button', { name: 'Submit to server' }).click();
  await expect(page.getByTestId('server-config-hash')).toHaveAttribute('data-hash', experimentId(cfg), { timeout: 120_000 });
  await expect(page.getByTestId('server-stale')).toHaveCount(0);
  await page.locator('[data-field="switch.cache.entries"]').fill('32');
  await expect(page.getByTestId('server-stale')).toHaveCount(1);
  await page.locator('[data-field="switch.cache.entries"]').fill('64');
  await expect(page.getByTestId('server-stale')).toHaveCount(0);
});

// The same config run in the browser and on the server: identical results, said in the engine's
// own terms. The application model's were called a MISMATCH (the server's JSONB reorders keys),
// and a cacheless cycle run was "identical: 0 hits of 202,506 look-ups".
for (const [key, words] of [['seed001-fig7-npb-torus-64', 'mean relative performance'], ['booksim-mesh-8x8-cycle', 'accepted, mean packet latency']]) {
  test(`browser and server runs of ${key} agree in the engine's terms`, async ({ page }) => {
    const hash = experimentId(example(key).config);
    await runPresetInBrowser(page, expect, key, hash);
    await page.getByRole('button', { name: 'Submit to server' }).click();
    await expect(page.getByTestId('server-config-hash')).toHaveAttribute('data-hash', hash, { timeout: 120_000 });
    await expect(page.getByTestId('agreement')).toContainText('Browser (WASM) and server (native) results are identical: ');
    await expect(page.getByTestId('agreement')).toContainText(words);
  });
}

// A server run of a seed-figure preset has the published values beside it, in Explore and on its
// experiment page: the server's normalized config equals no example's text, so they were missing.
test('a server run of a seed-figure preset shows the published values beside its own', async ({ page }) => {
  const key = 'seed001-sec72-throughput';
  const id = experimentId(example(key).config);
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption(key);
  await page.getByRole('button', { name: 'Submit to server' }).click();
  await expect(page.getByTestId('server-config-hash')).toHaveAttribute('data-hash', id, { timeout: 120_000 });
  const header = ['quantity', 'as published', 'model', 'simulated (this run)', 'agreement'];
  await expect(page.getByTestId('server-result').getByTestId('published-table').locator('thead th')).toHaveText(header);
  await expect(page.getByTestId('server-result').getByTestId('published-table').locator('tbody tr').first()).toContainText('reproduced (exactly)');
  await page.goto(`/e/${id}`);
  await expect(page.getByTestId('published-table').locator('thead th')).toHaveText(header);
  await expect(page.getByTestId('published-table').locator('tbody tr').first()).toContainText('reproduced (exactly)');
});

// The compare preset submitted to the server runs as a sweep; its page has the published values
// beside the points, as the browser's comparison has them.
test("the compare preset's sweep page shows the published values beside its points", async ({ page }) => {
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption('seed003-fig7-compare-bmin16');
  await page.getByRole('button', { name: 'Submit to server' }).click();
  await page.waitForURL(/\/s\//);
  await expect(page.getByTestId('sweep-status')).toContainText('done: 3 / 3 points done', { timeout: 120_000 });
  const table = page.getByTestId('compare-table');
  await expect(table.locator('thead th')).toHaveText(['organisation', 'quantity', 'as published', 'model', 'simulated (this run)', 'agreement']);
  await expect(table.locator('tbody tr[data-variant="hipiqs"]')).toContainText('reproduced (within ± 0.05 flits/node/cycle)');
  await expect(table.locator('tbody tr[data-variant="central"]')).toContainText('reproduced (within ± 0.05 flits/node/cycle)');
});
