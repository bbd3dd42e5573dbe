// The threaded WASM core (docs/engines.md, "WebAssembly threads"): the UI is served cross-origin
// isolated, so a browser run loads the threaded build and runs on every core; its route-walk result
// is the one-thread run's and the native CLI's (both bar wall_time_s). A page served without the
// isolation headers falls back to the one-thread build, with the same result.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { downloadOf, nativeRun, runConfigInBrowser } from './support.mjs';

// Enough packets for many batches of the pipeline on two threads (a few seconds in the browser).
const CFG = { seed: 11, topology: { kind: 'torus', dims: [8, 8, 8] }, switch: { cache: { entries: 256, ways: 4 } },
  traffic: { packets: 300000, warmup_packets: 20000 } };
const withThreads = (threads) => ({ ...CFG, sim: { threads } });

// Runs `cfg` in the page's WASM core; the result (without wall_time_s) and which build ran it.
async function browserRun(page, cfg, hash) {
  const wasmFiles = [];
  page.on('request', (r) => { if (/switchlab_core[^/]*\.wasm$/.test(r.url())) wasmFiles.push(r.url().split('/').pop()); });
  await runConfigInBrowser(page, expect, cfg, hash);
  const { result } = JSON.parse(readFileSync(await downloadOf(page, page.getByRole('button', { name: 'Result JSON' })), 'utf8'));
  delete result.wall_time_s;
  const status = await page.getByTestId('wasm-status').textContent();
  return { result, threaded: status.includes('WASM threads'), wasmFiles };
}

const native = nativeRun(withThreads(1));
delete native.wall_time_s;

test('cross-origin isolated: the threaded build runs the route walk, same result on 1 and all threads', async ({ page }) => {
  const response = await page.goto('/');
  expect(response.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect(response.headers()['cross-origin-embedder-policy']).toBe('require-corp');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(() => navigator.hardwareConcurrency)).toBeGreaterThan(1);

  const all = await browserRun(page, withThreads(0), native.config_hash);
  expect(all.threaded).toBe(true);
  expect(all.wasmFiles.some((f) => f.startsWith('switchlab_core_mt'))).toBe(true);
  expect(all.result).toEqual(native);
  const one = await browserRun(page, withThreads(1), native.config_hash);
  expect(one.threaded).toBe(true);
  expect(one.result).toEqual(all.result);
});

test('without the isolation headers the one-thread build runs, same result', async ({ page }) => {
  await page.route((url) => url.pathname === '/', async (route) => {
    const response = await route.fetch();
    const headers = response.headers();
    delete headers['cross-origin-opener-policy'];
    delete headers['cross-origin-embedder-policy'];
    await route.fulfill({ response, headers });
  });
  await page.goto('/');
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
  const run = await browserRun(page, withThreads(0), native.config_hash);
  expect(run.threaded).toBe(false);
  expect(run.wasmFiles.some((f) => f.startsWith('switchlab_core_mt'))).toBe(false);
  expect(run.result).toEqual(native);
});
