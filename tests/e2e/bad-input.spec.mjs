// Bad input that does not parse: a message naming the field and the values it takes, and no run.
// Numbers beyond a double ("1e400") used to become Infinity, which JSON sends as null (the field's
// default): the form, the JSON tab and the sweep axes took them without a word.
import { test, expect } from '@playwright/test';
import { openJsonTab, openExplorer } from './support.mjs';

test('unparsable and too-large numbers are refused with the field and its range', async ({ page }) => {
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption('quickstart-torus-4x4');
  const run = page.getByRole('button', { name: 'Run in browser (WASM)' });
  const entries = page.locator('[data-field="switch.cache.entries"]');
  await entries.fill('abc');
  await expect(page.getByTestId('error-switch.cache.entries')).toHaveText('Cache entries: enter a whole number (allowed: 1–1048576)');
  await expect(run).toBeDisabled();
  await entries.fill('64');
  await expect(run).toBeEnabled();

  await page.locator('.config-form summary', { hasText: 'Switch delays' }).click();
  await page.locator('[data-field="switch.delays_ns.rc_hit"]').fill('1e400');
  await expect(page.getByTestId('error-switch.delays_ns.rc_hit')).toHaveText('RC on a hit: enter a number (allowed: 0–1000000)');
  await expect(run).toBeDisabled();
  await page.locator('[data-field="switch.delays_ns.rc_hit"]').fill('');
  await expect(run).toBeEnabled();

  await openJsonTab(page, expect);
  await page.locator('#config-json').fill('{"topology": {"kind": "torus", "dims": [4, 4]}, "switch": {"cache": {"entries": 1e999}}}');
  await expect(page.locator('.json-editor [role=alert]'))
    .toHaveText('JSON: switch.cache.entries: too large a number (JSON would send null, the default)');
  await expect(run).toBeDisabled();

  await page.goto('/?view=sweeps');
  await page.locator('[data-axis-values="0"]').fill('64, 1e400');
  await expect(page.getByTestId('axis-error-0')).toHaveText('1e400: too large a number');
  await expect(page.getByRole('button', { name: 'Submit sweep to the server' })).toBeDisabled();
});

// The API's error envelope says what an id looks like; the views showed only "id: not an id".
test("a malformed id in a link is refused with the API's allowed form", async ({ page }) => {
  const allowed = (await (await page.request.get('/api/experiments/zzz')).json()).error.allowed;
  expect(allowed).toBeTruthy();
  await page.goto('/e/zzz');
  await expect(page.locator('main')).toContainText(`id: not an id (allowed: ${allowed})`);
  await page.goto('/?view=compare#ids=zzz');
  await expect(page.locator('main')).toContainText(`id: not an id (allowed: ${allowed})`);
});

// The core's error on the previous value is kept on screen until its answer on the new one; Enter
// pressed in that moment met the old error and was dropped (the field was focused, nothing ran).
test('Enter right after correcting a value the core refused runs the corrected config', async ({ page }) => {
  // The first screen's example has run by itself (else the first valid config would, without Enter).
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption('quickstart-torus-4x4');
  const entries = page.locator('[data-field="switch.cache.entries"]');
  await entries.fill('0');
  await expect(page.getByTestId('error-switch.cache.entries')).toHaveText('must be an integer in [1, 1048576], got 0');
  await entries.fill('32');
  await entries.press('Enter');
  await expect(page.getByTestId('wasm-name')).toHaveText('4×4 torus, 32 entries 4-way, uniform');
  await expect(page.getByTestId('wasm-status')).toContainText('done in');
});

// A valid but huge network (1,048,576 switches, the core's limit) typed into the form: the page
// stays responsive and says the network is not drawn, instead of hanging on a million squares.
test('a million-switch torus typed into the form is summarised, not drawn', async ({ page }) => {
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption('quickstart-torus-4x4');
  await page.locator('[data-field="topology.dims"]').fill('1024x1024');
  await expect(page.getByTestId('topology-too-large')).toContainText('has 1,048,576 switches', { timeout: 20_000 });
  await expect(page.getByTestId('summary-switches')).toHaveText('1,048,576 switches');
});
