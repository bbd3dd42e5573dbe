// How many Web Workers (each one WASM instantiation of the core) a page starts: the Compare page
// normalizes its configs in the page's one shared worker, not in a new worker per comparison.
import { test, expect } from '@playwright/test';
import { openExplorer } from './support.mjs';

test('the Compare page runs the core in one worker, however often its selection changes', async ({ page }) => {
  // The start example runs by itself, which puts one run into this browser's history.
  await openExplorer(page, expect);
  const hash = await page.getByTestId('wasm-config-hash').getAttribute('data-hash');

  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`/?view=compare#h=${hash}`);
  const table = page.getByTestId('compare-table');
  // Shown once the core has given the units and the normalized config.
  await expect(table.locator('[data-testid="compare-head-0"]')).toBeVisible();
  const pick = page.locator('.compare-pick input[type="checkbox"]').first();
  for (let i = 0; i < 2; i++) {
    await pick.uncheck();
    await expect(table).toHaveCount(0);
    await pick.check();
    await expect(table.locator('[data-testid="compare-head-0"]')).toBeVisible();
  }
  expect(workers).toHaveLength(1);
});
