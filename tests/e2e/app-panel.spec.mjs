// The parallel applications panel: the seed 001 Fig. 7 preset (engine app, nine NPB skeletons on a
// 4x4x4 torus) runs in the browser's WASM core and its bars show the native CLI's numbers.
import { test, expect } from '@playwright/test';
import { example as exampleOf, nativeRun, runPresetInBrowser, sig3 } from './support.mjs';

const PRESET = 'seed001-fig7-npb-torus-64';

// Formatting as frontend/src/lib (kept independent on purpose: if the UI's formatting drifts, this notices).
const gain = (r) => `${r < 1 ? '−' : '+'}${Math.abs((r - 1) * 100).toFixed(2)} %`;

test('seed 001 Fig. 7 preset: bars of relative performance per benchmark equal the native CLI', async ({ page }) => {
  const example = exampleOf(PRESET);
  const expected = nativeRun(example.config).app;

  await runPresetInBrowser(page, expect, PRESET);

  const panel = page.locator('[data-testid="wasm-result"] [data-testid="wasm-app"]');
  await expect(panel).toContainText('time model');
  for (const [name, b] of Object.entries(expected.benchmarks)) {
    await expect(panel.getByTestId(`wasm-app-value-${name}`)).toHaveText(gain(b.relative));
    await expect(panel.getByTestId(`wasm-app-bar-${name}`)).toHaveAttribute('data-relative', String(b.relative));
  }
  await expect(panel.getByTestId('wasm-app-value-mean')).toHaveText(gain(expected.relative_mean));
  await expect(panel.getByTestId('wasm-app-mean')).toHaveText(`${sig3(expected.relative_mean)} ×`);

  // "as published" beside "model" for the preset's published mean.
  const published = example.published[0];
  await expect(page.locator('[data-testid="wasm-result"] [data-testid="published-table"] tbody tr').first())
    .toContainText(`${sig3(expected.relative_mean)} ${published.unit}`);
});
