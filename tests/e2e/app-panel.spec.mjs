// The parallel applications panel: the seed 001 Fig. 7 preset (engine app, nine NPB skeletons on a
// 4x4x4 torus) runs in the browser's WASM core and its bars show the native CLI's numbers.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SIM = process.env.SWITCHLAB_SIM ?? path.join(ROOT, 'build', 'native', 'bin', 'switchlab-sim');
const PRESET = 'seed001-fig7-npb-torus-64';

// Formatting as frontend/src/lib (kept independent on purpose: if the UI's formatting drifts, this notices).
const gain = (r) => `${r < 1 ? '−' : '+'}${Math.abs((r - 1) * 100).toFixed(2)} %`;
const sig3 = (v) => Number(v.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 20 });

function nativeRun(cfg) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'switchlab-e2e-app-')), 'config.json');
  writeFileSync(file, JSON.stringify(cfg));
  return JSON.parse(execFileSync(SIM, ['run', file], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

test('seed 001 Fig. 7 preset: bars of relative performance per benchmark equal the native CLI', async ({ page }) => {
  const example = JSON.parse(readFileSync(path.join(ROOT, 'examples', `${PRESET}.json`), 'utf8'));
  const expected = nativeRun(example.config).app;

  await page.goto('/');
  await page.locator('#preset').selectOption(PRESET);
  const run = page.getByRole('button', { name: 'Run in browser (WASM)' });
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('wasm-status')).toContainText('done in', { timeout: 60_000 });

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
