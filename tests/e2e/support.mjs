// What the browser specs share: the repository, the native CLI that gives the expected numbers,
// the example catalogue, and the UI's number formats (kept independent of frontend/src on purpose:
// if the UI's formatting drifts, the specs notice).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SIM = process.env.SWITCHLAB_SIM ?? path.join(ROOT, 'build', 'native', 'bin', 'switchlab-sim');
export const tmp = mkdtempSync(path.join(os.tmpdir(), 'switchlab-e2e-'));

// The native CLI's result for `cfg`.
export function nativeRun(cfg) {
  const file = path.join(tmp, `cfg-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(cfg));
  return JSON.parse(execFileSync(SIM, ['run', file], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

// An example of the catalogue (examples/README.md): the same files the UI's presets are.
export const example = (key) => JSON.parse(readFileSync(path.join(ROOT, 'examples', `${key}.json`), 'utf8'));

export const sig3 = (v) => Number(v.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 20 });
export const pct = (f) => `${(f * 100).toFixed(2)} %`;

// Opens the explorer, picks the preset `key` and runs it in the browser's WASM core.
export async function runPresetInBrowser(page, expect, key) {
  await page.goto('/');
  await page.locator('#preset').selectOption(key);
  const run = page.getByRole('button', { name: 'Run in browser (WASM)' });
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('wasm-status')).toContainText('done in', { timeout: 60_000 });
}
