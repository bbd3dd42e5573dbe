// The form's folded groups: one the user opened stays open while they correct a value in it, and
// one holding the core's error opens by itself.
import { test, expect } from '@playwright/test';
import { openJsonTab, openExplorer } from './support.mjs';

test('a folded group stays open once the error typed into it is fixed', async ({ page }) => {
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption('seed003-fig7-hipiqs-bmin16');
  await page.locator('.config-form summary', { hasText: 'Router pipeline' }).click();
  const sa = page.locator('[data-field="switch.pipeline_cycles.sa"]');
  await sa.fill('0');
  // The core's message states the range; the field's error says it once (no "(allowed: …)" repeating it).
  await expect(page.locator('.field-error', { has: page.getByTestId('error-switch.pipeline_cycles.sa') }))
    .toHaveText('must be an integer in [1, 64], got 0');
  await sa.fill('2');
  await expect(page.getByTestId('error-switch.pipeline_cycles.sa')).toHaveCount(0);
  await expect(sa).toBeVisible();
  await expect(sa).toHaveValue('2');
});

test('a folded group holding the core error opens by itself', async ({ page }) => {
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption('seed003-fig7-hipiqs-bmin16');
  await openJsonTab(page, expect);
  const cfg = JSON.parse(await page.locator('#config-json').inputValue());
  cfg.switch.allocator = { iterations: 0 };
  await page.locator('#config-json').fill(JSON.stringify(cfg, null, 2));
  await page.getByRole('tab', { name: 'Form' }).click();
  await expect(page.locator('[data-field="switch.allocator.iterations"]')).toBeVisible();
  await expect(page.getByTestId('error-switch.allocator.iterations')).toContainText('[1, 16]');
});
