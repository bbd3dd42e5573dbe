// A new sweep starts from its base config (docs/frontend.md, "New sweep, defaults from the base
// config"): axes around the base point from the fields the base reads, the base described in full,
// and every point prepared by the page's WASM core before Submit, the first refused one named.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { nativeSummary, example, ROOT } from './support.mjs';

const count = (n) => n.toLocaleString('en-US');
const axisTexts = async (page, attr) => page.locator(`[${attr}]`).evaluateAll((els) => els.map((e) => e.value));

async function newSweepOf(page, preset) {
  await page.goto('/');
  await page.locator('#preset').selectOption(preset);
  await page.getByRole('link', { name: 'Sweep…' }).click();
  await expect(page.locator('[data-axis-path="0"]')).toBeVisible();
}

test('10-ary 4-torus preset: the cache axes bracket its 2,048 entries, the base is described in full', async ({ page }) => {
  await newSweepOf(page, 'seed000-fig7-4torus-k10');
  expect(await axisTexts(page, 'data-axis-path')).toEqual(['switch.cache.entries', 'switch.cache.ways']);
  // 2,048 / 8 to 2,048 x 8 in powers of two; the ways around the base's 4.
  expect(await axisTexts(page, 'data-axis-values')).toEqual(['256, 512, 1024, 2048, 4096, 8192, 16384', '2, 4, 8']);
  const summary = nativeSummary(example('seed000-fig7-4torus-k10').config);
  await expect(page.getByTestId('sweep-base-topology'))
    .toHaveText(new RegExp(`^torus: .*dims 10×10×10×10.* \\(${count(summary.nodes)} nodes, ${count(summary.switches)} switches, ${count(summary.links)} links\\)$`));
  await expect(page.getByTestId('sweep-base-engine')).toHaveText('routewalk');
  await expect(page.getByTestId('sweep-base-traffic')).toContainText('uniform');
  await expect(page.getByTestId('sweep-base-cache')).toContainText('entries 2048');
  await expect(page.getByTestId('sweep-point-count')).toHaveText('21 points');
  // Every point checked by the core: then the estimate shows and Submit is enabled.
  await expect(page.getByTestId('sweep-eta')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('sweep-point-error')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit sweep to the server' })).toBeEnabled();

  // A point refused only as a combination (4 entries with 8 ways; each value alone is valid) is
  // named with its values, and Submit stays disabled.
  await page.locator('[data-axis-values="0"]').fill('4, 2048');
  await page.locator('[data-axis-values="1"]').fill('8');
  await expect(page.getByTestId('sweep-point-error'))
    .toContainText('point 1 of 2 (switch.cache.entries = 4, switch.cache.ways = 8) is refused: switch.cache.ways');
  await expect(page.getByTestId('axis-error-0')).toHaveCount(0);
  await expect(page.getByTestId('axis-error-1')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit sweep to the server' })).toBeDisabled();
  await expect(page.getByTestId('sweep-eta')).toHaveCount(0);
});

test('BookSim preset (no cache): no cache axis; a cache axis is refused before Submit, naming the point', async ({ page }) => {
  await newSweepOf(page, 'booksim-mesh-8x8-cycle');
  // The cycle engine reads an offered load: the default axis; nothing cache-related.
  expect(await axisTexts(page, 'data-axis-path')).toEqual(['traffic.injection.load']);
  expect(await axisTexts(page, 'data-axis-values')).toEqual(['0.1..0.9 +0.1']);
  await expect(page.getByTestId('sweep-base-cache')).toHaveText('none (switch.cache: null)');
  await expect(page.getByTestId('sweep-base-engine')).toHaveText('cycle, sim.mode latency');
  await expect(page.getByTestId('sweep-base-topology')).toHaveText(/^mesh: .*dims 8×8.* \(64 nodes, 64 switches, 112 links\)$/);
  await expect(page.getByTestId('sweep-point-count')).toHaveText('9 points');
  await expect(page.getByRole('button', { name: 'Submit sweep to the server' })).toBeEnabled({ timeout: 60_000 });

  // The sweep: cache entries on a base without a cache. The server would refuse it on
  // submit; the form does first, naming the point and the field, and never offers Submit.
  await page.getByRole('button', { name: 'Add axis' }).click();
  await page.locator('[data-axis-path="1"]').fill('switch.cache.entries');
  await page.locator('[data-axis-values="1"]').fill('16, 32');
  const refused = "axes.switch.cache.entries: 'switch.cache' is not an object";
  await expect(page.getByTestId('sweep-point-error'))
    .toContainText(`point 1 of 18 (traffic.injection.load = 0.1, switch.cache.entries = 16) is refused: ${refused}`);
  await expect(page.getByTestId('axis-error-1')).toContainText(refused);
  await expect(page.getByRole('button', { name: 'Submit sweep to the server' })).toBeDisabled();
  await expect(page.getByTestId('sweep-eta')).toHaveCount(0);
});

// Screenshots for docs/frontend.md: the new-sweep view of the torus preset at three widths.
test('new-sweep view screenshots at 1360, 1024 and 390 px', async ({ page }) => {
  const dir = path.join(ROOT, 'tests', 'e2e', 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const width of [1360, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await newSweepOf(page, 'seed000-fig7-4torus-k10');
    await expect(page.getByTestId('sweep-eta')).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: path.join(dir, `doc-new-sweep-defaults-${width}.jpg`), quality: 70 });
    // Nothing outside the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});
