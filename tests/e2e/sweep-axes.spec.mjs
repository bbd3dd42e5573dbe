// The new-sweep page suggests every field a sweep may vary: numbers, arrays and choices alike
// (a cycle sweep over offered load and buffer organisation).
import { test, expect } from '@playwright/test';

test('the axis field list offers traffic.injection.load and switch.buffer.organisation', async ({ page }) => {
  await page.goto('/?view=sweeps');
  const list = page.locator('#sweep-paths');
  await expect(list.locator('option[value="traffic.injection.load"]')).toHaveCount(1);
  await expect(list.locator('option[value="switch.buffer.organisation"]')).toHaveCount(1);
  await expect(list.locator('option[value="switch.allocator.kind"]')).toHaveCount(1);
});

// Seed 003's presets bisect the load (sim.mode "saturation"): a load axis on them would give
// identical points, and the page says so before anything is submitted.
test('a load axis on a saturation-mode base is flagged as having no effect', async ({ page }) => {
  await page.goto('/');
  await page.locator('#preset').selectOption('seed003-fig7-hipiqs-bmin16');
  await page.getByRole('link', { name: 'Sweep…' }).click();
  await page.locator('[data-axis-path="0"]').fill('traffic.injection.load');
  await page.locator('[data-axis-values="0"]').fill('0.1..0.9 +0.2');
  await expect(page.getByTestId('sweep-load-ignored')).toContainText('every value of traffic.injection.load gives the same run');
  // A base in latency mode (one run per load) draws the curve: no warning.
  await page.goto('/');
  await page.locator('#preset').selectOption('booksim-mesh-8x8-cycle');
  await page.getByRole('link', { name: 'Sweep…' }).click();
  await page.locator('[data-axis-path="0"]').fill('traffic.injection.load');
  await page.locator('[data-axis-values="0"]').fill('0.1..0.4 +0.1');
  await page.getByRole('button', { name: 'remove axis 2' }).click();
  await expect(page.getByTestId('sweep-point-count')).toHaveText('4 points');
  await expect(page.getByTestId('sweep-load-ignored')).toHaveCount(0);
});

// The server's answer to an out-of-range axis value: the field and the core's message with its
// allowed range, stated once.
test('an out-of-range axis value: the server names the axis and states the range once', async ({ page }) => {
  await page.goto('/?view=sweeps');
  await page.locator('[data-axis-values="0"]').fill('0, 64');
  await page.getByRole('button', { name: 'remove axis 2' }).click();
  await page.getByRole('button', { name: 'Submit sweep to the server' }).click();
  await expect(page.getByTestId('sweep-error')).toHaveText('axes.switch.cache.entries: must be an integer in [1, 1048576], got 0');
});
