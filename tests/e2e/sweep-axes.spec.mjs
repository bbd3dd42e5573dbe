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

// (The BookSim preset's new sweep opens with one axis, the offered load: sweep-defaults.spec.mjs.)

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
  await expect(page.getByTestId('sweep-point-count')).toHaveText('4 points');
  await expect(page.getByTestId('sweep-load-ignored')).toHaveCount(0);
});

// Axis values are checked by the core in the page before anything is submitted: each bad axis
// names its field and the core's range, and the error goes as soon as the values are right.
test('out-of-range axis values: every bad axis is flagged before submitting, and cleared when fixed', async ({ page }) => {
  await page.goto('/');
  await page.locator('#preset').selectOption('booksim-mesh-8x8-cycle');
  await page.getByRole('link', { name: 'Sweep…' }).click();
  await page.locator('[data-axis-path="0"]').fill('traffic.injection.load');
  await page.locator('[data-axis-values="0"]').fill('0.5, 1.5');
  await page.getByRole('button', { name: 'Add axis' }).click();
  await page.locator('[data-axis-path="1"]').fill('switch.buffer.vcs');
  await page.locator('[data-axis-values="1"]').fill('0, 4');
  await expect(page.getByTestId('axis-error-0')).toHaveText('traffic.injection.load: must be a number in [0, 1] flits/node/cycle, got 1.5');
  await expect(page.getByTestId('axis-error-1')).toContainText('switch.buffer.vcs: must be an integer in [1, 64]');
  const submit = page.getByRole('button', { name: 'Submit sweep to the server' });
  await expect(submit).toBeDisabled();
  await page.locator('[data-axis-values="0"]').fill('0.1, 0.5');
  await expect(page.getByTestId('axis-error-0')).toHaveCount(0);
  await page.getByRole('button', { name: 'remove axis 2' }).click();
  await expect(page.getByTestId('sweep-point-count')).toHaveText('2 points');
  await expect(submit).toBeEnabled();
});

// What only the server knows (here its cap on points) is its error; it is about the axes it was
// sent, so it goes as soon as they change.
test("the server's error is cleared when the axes change", async ({ page }) => {
  await page.goto('/');
  await page.locator('#preset').selectOption('booksim-mesh-8x8-cycle');
  await page.getByRole('link', { name: 'Sweep…' }).click();
  await page.locator('[data-axis-path="0"]').fill('seed');
  await page.locator('[data-axis-values="0"]').fill('1..101 +1');
  await page.getByRole('button', { name: 'Add axis' }).click();
  await page.locator('[data-axis-path="1"]').fill('traffic.injection.load');
  await page.locator('[data-axis-values="1"]').fill('0.001..0.1 +0.001');
  await expect(page.getByTestId('sweep-point-count')).toHaveText('10,100 points');
  await page.getByRole('button', { name: 'Submit sweep to the server' }).click();
  await expect(page.getByTestId('sweep-error')).toContainText("10100 points exceed this server's sweep cap");
  await page.locator('[data-axis-values="0"]').fill('1..4 +1');
  await expect(page.getByTestId('sweep-error')).toHaveCount(0);
});

// The name follows the axes until the user types one.
test('a new sweep is named after its axes unless a name was typed', async ({ page }) => {
  await page.goto('/');
  await page.locator('#preset').selectOption('booksim-mesh-8x8-cycle');
  await page.getByRole('link', { name: 'Sweep…' }).click();
  const name = page.locator('#sweep-name');
  await page.locator('[data-axis-path="0"]').fill('traffic.injection.load');
  await page.locator('[data-axis-values="0"]').fill('0.1..0.5 +0.1');
  await page.getByRole('button', { name: 'Add axis' }).click();
  await page.locator('[data-axis-path="1"]').fill('switch.buffer.organisation');
  await page.locator('[data-axis-values="1"]').fill('vc, input_fifo, central');
  await expect(name).toHaveValue('injection load x buffer organisation');
  await name.fill('mesh organisations');
  await page.getByRole('button', { name: 'remove axis 2' }).click();
  await expect(name).toHaveValue('mesh organisations');
});
