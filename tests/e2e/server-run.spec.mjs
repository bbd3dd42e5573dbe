// A server run of the form's config is the form's result: the server answers with its normalized
// config (every default written out), which the page compared as text with the form's and so
// called every server run "Out of date: the form has changed since this run".
import { test, expect } from '@playwright/test';
import { experimentId, example } from './support.mjs';

test("a server run of the form's config is not marked out of date; an edit makes it so", async ({ page }) => {
  const cfg = example('quickstart-torus-4x4').config;
  await page.goto('/');
  await page.locator('#preset').selectOption('quickstart-torus-4x4');
  await page.getByRole('button', { name: 'Submit to server' }).click();
  await expect(page.getByTestId('server-config-hash')).toHaveAttribute('data-hash', experimentId(cfg), { timeout: 120_000 });
  await expect(page.getByTestId('server-stale')).toHaveCount(0);
  await page.locator('[data-field="switch.cache.entries"]').fill('32');
  await expect(page.getByTestId('server-stale')).toHaveCount(1);
  await page.locator('[data-field="switch.cache.entries"]').fill('64');
  await expect(page.getByTestId('server-stale')).toHaveCount(0);
});
