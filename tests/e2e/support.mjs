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
  return JSON.parse(execFileSync(SIM, ['run', configFile(cfg)], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

// The native CLI's drawing description of `cfg`'s network (switchlab-sim drawing): layout hint,
// links, port names and classes, as the browser's core gives them to the drawing.
export function nativeDrawing(cfg) {
  return JSON.parse(execFileSync(SIM, ['drawing', configFile(cfg)], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

// The native CLI's prepare() summary for `cfg` (a valid config): sizes and work before a run.
export function nativeSummary(cfg) {
  return JSON.parse(execFileSync(SIM, ['prepare', configFile(cfg)], { encoding: 'utf8' })).summary;
}

function configFile(cfg) {
  const file = path.join(tmp, `cfg-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

// The experiment id the core gives `cfg` (its content hash), as the API stores it.
export function experimentId(cfg) {
  return execFileSync(SIM, ['hash', configFile(cfg)], { encoding: 'utf8' }).trim();
}

// Clicks `trigger` (a locator) and saves the download it starts; returns the file's path.
export async function downloadOf(page, trigger) {
  const [dl] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const file = path.join(tmp, `${Date.now()}-${dl.suggestedFilename()}`);
  await dl.saveAs(file);
  return file;
}

// An example of the catalogue (examples/README.md): the same files the UI's presets are.
export const example = (key) => JSON.parse(readFileSync(path.join(ROOT, 'examples', `${key}.json`), 'utf8'));

export const sig3 = (v) => Number(v.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 20 });
// A chart's x value (axis tick, marker tooltip, load bracket): four significant digits.
export const sig4 = (v) => Number(v.toPrecision(4)).toLocaleString('en-US', { maximumFractionDigits: 20 });
export const pct = (f) => `${(f * 100).toFixed(2)} %`;

// Digits from each statistic's confidence (docs/frontend.md, "Digits"): decimals down to the first
// significant digit of twice the standard error, 1-4 decimals of a percent for rates, 0-3 for means.
export const decimalsFor = (se, min, max) => (se > 0 ? Math.min(max, Math.max(min, -Math.floor(Math.log10(2 * se) + 1e-9))) : max);
// Binomial standard error of a rate p counted over n trials (p(1-p) at least 1/n).
export const rateSE = (p, n) => Math.sqrt(Math.max(p * (1 - p), 1 / n) / n);
// A rate as the UI shows it with n trials known: rate(0.92364, 6286) = "92.4 %".
export const rate = (p, n) => `${(p * 100).toFixed(decimalsFor(100 * rateSE(p, n), 1, 4))} %`;
// A change of a rate in percentage points with the standard error of the difference.
export const ppDelta = (d, se) => `${d >= 0 ? '+' : '−'}${Math.abs(d * 100).toFixed(decimalsFor(100 * se, 1, 4))} pp`;
// Standard error of the mean of an exact [value, count] histogram.
export function histogramSE(hist) {
  const n = hist.reduce((a, [, c]) => a + c, 0);
  const mean = hist.reduce((a, [v, c]) => a + v * c, 0) / n;
  return Math.sqrt(hist.reduce((a, [v, c]) => a + c * (v - mean) ** 2, 0) / (n - 1) / n);
}
// A mean in its unit with 0-3 decimals by its standard error, thousands grouped (ns as any unit).
export const mean = (v, se, unit) => {
  const d = decimalsFor(se, 0, 3);
  return `${v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d })} ${unit}`;
};
// ns as the UI shows a number without an error: whole ns bare, else 1 decimal from 100 ns, 2 below; grouped.
export const ns = (v) => {
  const d = Number.isInteger(v) ? 0 : Math.abs(v) >= 100 ? 1 : 2;
  return `${v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d })} ns`;
};

// Opens the explorer and waits until the first screen's example, which runs by itself on load, is
// done. A test that picked its own config before that met the example's late result under load: a
// second result on the page, a core still busy with the example.
export async function openExplorer(page, expect) {
  await page.goto('/');
  await expect(page.getByTestId('wasm-status')).toContainText('done in', { timeout: 120_000 });
}

// The next run's pane with its drawing unfolded (beside an earlier result it is folded away).
export async function unfoldNextRun(page, expect) {
  const next = page.getByTestId('next-run');
  const details = next.locator('details.more');
  if (!(await details.evaluate((d) => d.open))) await details.locator('summary').click();
  await expect(details).toHaveJSProperty('open', true);
  return next;
}

// Opens the explorer, picks the preset `key` and runs it in the browser's WASM core until the result
// of that config (its experiment id `hash`, by default the core's id of the example) is shown.
export async function runPresetInBrowser(page, expect, key, hash = experimentId(example(key).config)) {
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption(key);
  await clickRun(page, expect, hash);
}

// Opens the explorer's JSON tab: clicked again until it is selected. A click can be lost while the
// page is still laying out; once, under make test's load, the tab ended focused but not selected,
// and the test waited for the editor until its time ran out.
export async function openJsonTab(page, expect) {
  const tab = page.getByRole('tab', { name: 'JSON' });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

// Opens the explorer, types `cfg` into the JSON tab and runs it in the browser's WASM core until
// the result of that config (its experiment id `hash`, by default the core's id of `cfg`) is shown.
export async function runConfigInBrowser(page, expect, cfg, hash = experimentId(cfg)) {
  await openExplorer(page, expect);
  await openJsonTab(page, expect);
  await page.locator('#config-json').fill(JSON.stringify(cfg, null, 2));
  await clickRun(page, expect, hash);
}

// Waits for the result of the config whose id is `hash`, not for any "done in".
async function clickRun(page, expect, hash) {
  const run = page.getByRole('button', { name: 'Run in browser (WASM)' });
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('wasm-config-hash')).toHaveAttribute('data-hash', hash, { timeout: 60_000 });
  await expect(page.getByTestId('wasm-status')).toContainText('done in', { timeout: 60_000 });
}
