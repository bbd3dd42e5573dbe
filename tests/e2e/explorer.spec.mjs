// The explorer end to end, one Playwright test per experience, run in order (later experiences
// use the experiment, share link and sweep earlier ones made): a real headless Chromium (Debian's
// /usr/bin/chromium, tests/e2e/playwright.config.mjs) loads the built UI from the real API
// (SWITCHLAB_URL, started with Postgres and a worker by scripts/stack.py), runs the WASM core in a
// Web Worker, submits to the server, and checks the exact numbers against the native CLI.
// Screenshots: tests/e2e/screenshots/ (for docs/frontend.md) and attached to each test's report.
//
//   python scripts/stack.py --ui-dir frontend/dist -- frontend/node_modules/.bin/playwright test -c tests/e2e/playwright.config.mjs
import { test, expect } from '@playwright/test';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { example, nativeDrawing, nativeRun, ns, pct, ppDelta, rate, rateSE, ROOT, SIM, sig3, tmp, openJsonTab } from './support.mjs';

// playwright-core is a dev dependency of the frontend (one npm ci installs everything).
const require = createRequire(path.join(ROOT, 'frontend', 'package.json'));
const LZString = require('lz-string');
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const BASE = process.env.SWITCHLAB_URL;
const SHOTS = path.join(ROOT, 'tests', 'e2e', 'screenshots');
const SERVER_TIMEOUT_MS = Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120000);

// The form's default config, exactly as the form produces it (also the quick-start example).
const SLICE = {
  seed: 1,
  engine: 'routewalk',
  topology: { kind: 'torus', dims: [4, 4] },
  switch: { cache: { entries: 64, ways: 4 } },
  traffic: { pattern: 'uniform', packets: 2000 },
};

// The example a first visit opens with (frontend/src/config/examples.ts START_EXAMPLE).
const START_EXAMPLE = 'seed001-fig12-21cube-128-entries';

// More of the UI's formats (support.mjs has pct and sig3).
const count = (n) => Math.round(n).toLocaleString('en-US');
const sig2 = (v) => Number(v.toPrecision(2)).toLocaleString('en-US', { maximumFractionDigits: 20 });
// Durations: ms and s below a minute, then min, h, d to two significant digits.
const secs = (t) => {
  if (t < 1) return `${(t * 1000).toFixed(1)} ms`;
  if (t < 60) return `${t.toPrecision(3)} s`;
  const [unit, size] = [['d', 86400], ['h', 3600], ['min', 60]].find(([, n]) => t >= n);
  return `${sig2(t / size)} ${unit}`;
};
// A hit rate as shown (digits from its look-ups), and the Δ of two runs' hit rates.
const hitRate = (r) => rate(r.cache.hit_rate, r.cache.lookups);
const hitDelta = (r, base) => ppDelta(r.cache.hit_rate - base.cache.hit_rate, Math.hypot(rateSE(r.cache.hit_rate, r.cache.lookups), rateSE(base.cache.hit_rate, base.cache.lookups)));


// The core's prepare() answer for `cfg`: {config, id, summary, topology}, or {error: {field, message,
// allowed}} read back from the CLI's "error: FIELD: MESSAGE (allowed: ALLOWED)" line (exit 2; allowed
// null when the message states it).
function nativePrepare(cfg) {
  const file = path.join(tmp, `cfg-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(cfg));
  try {
    return JSON.parse(execFileSync(SIM, ['prepare', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch (e) {
    const m = /^error: ([^:]+): (.*?)(?: \(allowed: (.*)\))?$/.exec(String(e.stderr).trim());
    if (!m) throw new Error(`switchlab-sim prepare: ${e.stderr}`);
    return { error: { field: m[1], message: m[2], allowed: m[3] ?? null } };
  }
}

// The fields the core's schema gives one topology kind (its allOf entry), as dotted paths.
function schemaFieldsOf(kind) {
  const schema = JSON.parse(execFileSync(SIM, ['schema'], { encoding: 'utf8' }));
  const entry = schema.allOf.find((e) => e['x-discriminator']?.path === 'topology.kind' && e['x-discriminator'].value === kind);
  // The kind's own fields plus those every kind shares (all but kind itself).
  const shared = Object.keys(schema.properties.topology.properties).filter((k) => k !== 'kind');
  return [...Object.keys(entry.then.properties.topology.properties), ...shared].map((k) => `topology.${k}`).sort();
}

// The slice config with `cache` is invalid: the page shows the native prepare()'s message and
// allowed text under the input of the field it names, and Run is disabled. Returns the error.
async function expectCoreError(page, cache, field) {
  const want = nativePrepare({ ...SLICE, switch: { cache } }).error;
  expectEq(want?.field, field, 'native error field');
  const err = page.getByTestId(`error-${field}`);
  await err.waitFor();
  expectEq(await err.innerText(), want.message, `${field} error (the core message)`);
  // The allowed text is added only when the message does not already state it: the CLI's rule too,
  // so the page shows it exactly when the CLI's line has it.
  const added = want.allowed ? 1 : 0;
  expectEq(await page.getByTestId(`allowed-${field}`).count(), added, `${field} allowed shown`);
  if (added) expectEq(await textOf(page, `allowed-${field}`), ` (allowed: ${want.allowed})`, `${field} allowed`);
  expectEq(await runDisabled(page), true, 'run disabled');
  return err;
}

const runDisabled = (page) => page.getByRole('button', { name: 'Run in browser (WASM)' }).isDisabled();

let shot = 0;
const check = (name, fn) => test(name, async () => fn());

function expectEq(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

async function screenshot(page, name) {
  shot += 1;
  const file = path.join(SHOTS, `${String(shot).padStart(2, '0')}-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
}

const textOf = (page, testid) => page.getByTestId(testid).innerText();

// Types the slice config into the form, starting from the quick-start preset (the start example
// has fields the slice leaves out: name, delays, monitor).
async function fillSlice(page) {
  await page.locator('#preset').selectOption('quickstart-torus-4x4');
  await page.locator('[data-field="topology.kind"]').selectOption('torus');
  const fields = {
    'topology.dims': '4x4', 'switch.cache.entries': '64', 'switch.cache.ways': '4',
    'traffic.packets': '2000', 'traffic.warmup_packets': '', seed: '1',
  };
  for (const [f, v] of Object.entries(fields)) await page.locator(`[data-field="${f}"]`).fill(v);
}

async function runWasm(page) {
  const run = page.getByRole('button', { name: 'Run in browser (WASM)' });
  await run.waitFor();
  await page.waitForFunction(() => {
    const b = [...document.querySelectorAll('button')].find((x) => x.textContent === 'Run in browser (WASM)');
    return b && !b.disabled;
  });
  await run.click();
  await page.getByTestId('wasm-status').filter({ hasText: 'done in' }).waitFor({ timeout: 60000 });
}

// Types `cfg` into the JSON tab, runs it in WASM and checks the headline numbers against the CLI.
async function runJsonConfig(page, cfg, expected) {
  await openJsonTab(page, expect);
  await page.locator('#config-json').fill(JSON.stringify(cfg, null, 2));
  await runWasm(page);
  await expectNumbers(page, 'wasm', expected);
}

// The result of this config: "done in" alone can still be an earlier run's, just after Run.
async function expectNumbers(page, prefix, expected) {
  await expect(page.getByTestId(`${prefix}-config-hash`)).toHaveAttribute('data-hash', expected.config_hash, { timeout: 60_000 });
  expectEq(await textOf(page, `${prefix}-hit-rate`), hitRate(expected), `${prefix} hit rate`);
  expectEq(await textOf(page, `${prefix}-lookups`), count(expected.cache.lookups), `${prefix} look-ups`);
  expectEq(await textOf(page, `${prefix}-hits`), count(expected.cache.hits), `${prefix} hits`);
}

test.describe.serial('explorer', () => {
  if (!BASE) throw new Error('SWITCHLAB_URL is not set (run me through scripts/stack.py)');
  let native;
  // The worker's browser (a fresh temporary profile); every newContext() is a clean session.
  let browser;
  test.beforeAll(async ({ browser: b }) => {
    browser = b;
    rmSync(SHOTS, { recursive: true, force: true });
    mkdirSync(SHOTS, { recursive: true });
    native = nativeRun(SLICE);
    console.log(`native CLI: hit rate ${pct(native.cache.hit_rate)}, ${count(native.cache.lookups)} look-ups, config ${native.config_hash}`);
  });
  test.afterAll(() => {
    if (consoleErrors.length) console.log(`browser console errors:\n  ${consoleErrors.join('\n  ')}`);
  });
  const consoleErrors = [];
  // bypassCSP: only for the pages axe-core is injected into (the API's CSP forbids inline scripts).
  const newPage = async (url = BASE, { bypassCSP = false } = {}) => {
    const ctx = await browser.newContext({ viewport: { width: 1360, height: 900 }, bypassCSP });
    const page = await ctx.newPage();
    page.setDefaultTimeout(30000);
    page.on('pageerror', (e) => consoleErrors.push(`${url}: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(`${url}: ${m.text()}`));
    page.on('response', (r) => r.status() >= 400 && consoleErrors.push(`${r.status()} ${r.url()}`));
    await page.goto(url);
    return page;
  };
  let page;
  let experimentId;
  let sharedUrl;
  let sweepUrl;
  let compareUrl;

  check('the page loads and the WASM core reports its version', async () => {
    page = await newPage();
    const v = await textOf(page, 'engine-version');
    expectEq(v, `core ${native.engine.version}`, 'engine version');
    await screenshot(page, 'explore-empty');
  });

  check('first screen: the seed 001 Fig. 12 example runs by itself, cites its source, shows published vs model; Run stays in view', async () => {
    const fig = example(START_EXAMPLE);
    const expected = nativeRun(fig.config);
    // Nothing is clicked: the start config is small enough to run by itself in the tab.
    await page.getByTestId('wasm-status').filter({ hasText: 'done in' }).waitFor({ timeout: 60000 });
    await expectNumbers(page, 'wasm', expected);
    expectEq(await textOf(page, 'wasm-name'), '21×21×21 torus, 128 entries full-assoc., uniform', 'result says which config it shows');
    expectEq(await textOf(page, 'preset-source'), fig.source, 'the preset cites its source');
    const { reduction_vs_conventional_model: reduction, reduction_vs_conventional_simulated: simulated } = expected.models.seed001_torus.max_zero_load_latency_ns;
    const row = await page.locator('[data-testid="wasm-result"] [data-testid="published-table"] tbody tr').first().innerText();
    expectEq(row.split('\n')[0], `${fig.published[0].what}\t9.0 % ± 0.5 %\t${(reduction * 100).toFixed(1)} %\t${(simulated * 100).toFixed(1)} %\treproduced (within ± 0.5 %), model and simulation`, 'as published beside the model and the simulation');
    // The cache matters here: about half the look-ups miss.
    if (!(expected.cache.hit_rate < 0.8)) throw new Error(`start config hit rate ${expected.cache.hit_rate}`);
    await screenshot(page, 'explore-first-screen');
    // Scrolled to the bottom of the page, Run is still on screen (sticky).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const box = await page.getByRole('button', { name: 'Run in browser (WASM)' }).boundingBox();
    const h = await page.evaluate(() => window.innerHeight);
    if (!box || box.y < 0 || box.y + box.height > h) throw new Error(`Run is out of view after scrolling: ${JSON.stringify(box)}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Run is the first stop after the preset picker, and keyboard focus on it is visible.
    await page.locator('#preset').focus();
    await page.keyboard.press('Tab');
    expectEq(await page.evaluate(() => document.activeElement?.textContent), 'Run in browser (WASM)', 'tab order: Run right after the preset');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    if (outline === 'none') throw new Error('no visible focus on Run');
  });

  check('before a run the pane shows the next run: summary, time estimate, placement, preset source and the topology', async () => {
    // The 9x9x9 example is above the auto-run size: the page waits, showing what the run will be.
    const fig = example('torus-9x9x9-m128-uniform');
    const want = nativePrepare(fig.config).summary;
    const p = await newPage(`${BASE}/#c=${LZString.compressToEncodedURIComponent(JSON.stringify(fig.config))}`);
    const next = p.getByTestId('next-run');
    await next.getByTestId('summary-switches').filter({ hasText: `${count(want.switches)} switches` }).waitFor();
    expectEq(await textOf(p, 'summary-lookups'), `${count(want.lookups)} look-ups`, 'look-ups before the run');
    const [fast, slow] = [want.lookups / 20e6, want.lookups / 2e6].map(secs);
    expectEq(await textOf(p, 'summary-time'), `${fast} – ${slow}`, 'browser time estimate');
    expectEq(await textOf(p, 'placement'), 'Small enough for the browser: Run in browser (WASM), or submit it to the server.', 'placement');
    expectEq(await textOf(p, 'preset-source'), fig.source, 'preset source');
    await next.locator('[data-testid="topology-preview"] [data-switch]').first().waitFor();
    expectEq(await next.locator('[data-testid="topology-preview"] [data-switch]').count(), want.switches, 'topology drawn before the run');
    await p.waitForTimeout(1500);
    expectEq(await p.getByTestId('wasm-result').count(), 0, 'a 15 M look-up config does not run by itself');
    await screenshot(p, 'explore-before-run');
    await p.context().close();
  });

  check('WASM run in a Web Worker shows the native CLI numbers', async () => {
    await fillSlice(page);
    await runWasm(page);
    await expectNumbers(page, 'wasm', native);
    sharedUrl = page.url();
    await page.locator('[data-testid="wasm-result"] [data-switch]').first().waitFor();
    const cells = await page.locator('[data-testid="wasm-result"] [data-switch]').count();
    expectEq(cells, 16, 'switches drawn');
    // The grid is coloured from cache.by_switch: switch 5's tooltip carries its hit rate (two
    // decimals: without per-port statistics the switch's look-ups are not in the result).
    const title = await page.locator('[data-testid="wasm-result"] [data-switch="5"] title').textContent();
    expectEq(title, `switch 5 (1,1): hit rate ${pct(native.cache.by_switch[5])}`, 'switch 5 tooltip');
    const classes = await page.getByTestId('port-class-table').first().innerText();
    for (const [c, s] of Object.entries(native.cache.by_port_class)) {
      const misses = ['compulsory', 'capacity', 'conflict', 'total'].map((k) => (s.misses ? count(s.misses[k]) : '—')).join('\t');
      if (!classes.includes(`${c}\t${count(s.lookups)}\t${rate(s.hit_rate, s.lookups)}\t${misses}`)) throw new Error(`port class ${c} row missing: ${classes}`);
    }
    const allHit = native.cache.all_hit_share === undefined ? '—'
      : `${rate(native.cache.all_hit_share, native.packets.measured)} (${count(native.cache.packets_all_hit)} packets)`;
    expectEq(await textOf(page, 'wasm-all-hit'), allHit, 'all-hit share');
    await screenshot(page, 'explore-wasm-result');
  });

  check('the page stays responsive while a long WASM run is in the worker, and Cancel stops it', async () => {
    const before = page.workers().length;
    await page.locator('[data-field="topology.dims"]').fill('32x32');
    await page.locator('[data-field="traffic.packets"]').fill('40000000');
    await page.getByRole('button', { name: 'Run in browser (WASM)' }).click();
    await page.getByTestId('wasm-status').filter({ hasText: 'running' }).waitFor();
    // If the run were on the main thread this evaluate would only return once it finished.
    await page.waitForTimeout(300);
    const status = await page.evaluate(() => document.querySelector('[data-testid="wasm-status"]').textContent);
    if (!status.includes('running')) throw new Error(`expected the run to be in progress, status: ${status}`);
    // The run's worker, which on this cross-origin isolated page runs the threaded core with its
    // pool of one pthread worker per extra core. (CACTI's threaded module, loaded in the run's
    // worker to price the cache, has a pool of its own: its workers are not counted here.)
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    const coreWorkers = page.workers().filter((w) => !w.url().includes('cacti')).length;
    expectEq(coreWorkers, before + cores, 'workers while running (CACTI\'s pool aside)');
    // The stepped run reports real progress: the bar's value moves above 0 % while it runs.
    await page.waitForFunction(() => {
      const t = document.querySelector('[data-testid="wasm-progress-percent"]')?.textContent;
      return t !== undefined && t !== null && t !== '0.0 %';
    });
    const pctText = await textOf(page, 'wasm-progress-percent');
    if (!/^\d{1,3}\.\d %$/.test(pctText)) throw new Error(`progress text ${pctText}`);
    await screenshot(page, 'explore-running');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Cancel is honoured between chunks (the worker answers), not only by terminating it.
    await page.getByTestId('wasm-status').filter({ hasText: /^cancelled at \d{1,3}\.\d % of packets \(stopped between chunks\)$/ }).waitFor();
    // The worker's 'close' event arrives asynchronously after terminate().
    for (let i = 0; i < 50 && page.workers().length !== before; i++) await page.waitForTimeout(100);
    expectEq(page.workers().length, before, 'workers after cancel');
  });

  check('an invalid field shows the core error inline and blocks running', async () => {
    await fillSlice(page);
    await page.locator('[data-field="switch.cache.entries"]').fill('100');
    await page.locator('[data-field="switch.cache.ways"]').fill('3');
    const err = await expectCoreError(page, { entries: 100, ways: 3 }, 'switch.cache.ways');
    await screenshot(page, 'explore-invalid');
    await fillSlice(page);
    await err.waitFor({ state: 'detached' });
  });

  check('an out-of-range value shows the core message, its allowed range once, at its input; Run stays disabled', async () => {
    await fillSlice(page);
    await page.locator('[data-field="switch.cache.entries"]').fill('0');
    const err = await expectCoreError(page, { entries: 0, ways: 4 }, 'switch.cache.entries');
    await page.locator('[data-field="switch.cache.entries"]').fill('64');
    await err.waitFor({ state: 'detached' });
    // The core has checked the config: its preview is shown, or (the form's config has a result
    // already) the result stands in full in its place.
    await page.waitForFunction(() => !document.querySelector('[data-testid="run-preview"], section[data-testid="wasm-result"]:not(.stale)') ? false
      : ![...document.querySelectorAll('button')].find((x) => x.textContent === 'Run in browser (WASM)').disabled);
    // Text that does not parse leaves the previous config in place: Run must not run that one.
    await page.locator('[data-field="topology.dims"]').fill('4xa');
    await page.getByTestId('error-topology.dims').waitFor();
    expectEq(await runDisabled(page), true, 'run disabled while an input does not parse');
    await fillSlice(page);
    await page.getByTestId('error-topology.dims').waitFor({ state: 'detached' });
  });

  check('the form shows exactly the fields of the selected topology kind (from the core schema)', async () => {
    await fillSlice(page);
    const topologyFields = () => page.locator('[data-field^="topology."]').evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-field')).filter((f) => f !== 'topology.kind').sort());
    expectEq(JSON.stringify(await topologyFields()), JSON.stringify(schemaFieldsOf('torus')), 'torus fields');
    await page.locator('[data-field="topology.kind"]').selectOption('fat_tree');
    await page.locator('[data-field="topology.dims"]').waitFor({ state: 'detached' });
    await page.locator('[data-field="topology.k"]').waitFor();
    await page.locator('[data-field="topology.n"]').waitFor();
    expectEq(JSON.stringify(await topologyFields()), JSON.stringify(schemaFieldsOf('fat_tree')), 'fat tree fields');
    // The torus-only values went with the kind change: the config is a valid fat tree at the
    // schema defaults, and the preview shows the core's prepare() summary of it.
    const ft = nativePrepare({ ...SLICE, topology: { kind: 'fat_tree' } }).summary;
    await page.getByTestId('summary-switches').filter({ hasText: `${count(ft.switches)} switches` }).waitFor();
    expectEq(await page.getByTestId('config-error').count(), 0, 'no error after the kind change');
    await page.locator('[data-testid="topology-preview"] [data-switch]').first().waitFor();
    expectEq(await page.locator('[data-testid="topology-preview"] [data-switch]').count(), ft.switches, 'fat tree drawn before the run');
    await screenshot(page, 'explore-fat-tree-fields');
    await page.locator('[data-field="topology.kind"]').selectOption('torus');
    await fillSlice(page);
    const slice = nativePrepare(SLICE).summary;
    await page.getByTestId('summary-switches').filter({ hasText: `${count(slice.switches)} switches` }).waitFor();
    expectEq(await textOf(page, 'summary-links'), `${count(slice.links)} links`, 'preview links');
    expectEq(await textOf(page, 'summary-lookups'), `${count(slice.lookups)} look-ups`, 'preview look-ups');
    await page.locator('[data-testid="topology-preview"] [data-switch]').first().waitFor();
    expectEq(await page.locator('[data-testid="topology-preview"] [data-switch]').count(), slice.switches, 'switches drawn before the run');
    await screenshot(page, 'explore-kind-fields');
  });

  check('Submit to server: a real worker runs it and the page shows identical numbers', async () => {
    await runWasm(page);
    await page.getByRole('button', { name: 'Submit to server' }).click();
    // Either the result or the server's error appears; an error fails fast with its message.
    const serverError = page.locator('[data-testid="server-status"] .field-error');
    await page.getByTestId('server-hit-rate').or(serverError).waitFor({ timeout: SERVER_TIMEOUT_MS });
    if (await serverError.count()) throw new Error(await serverError.innerText());
    await expectNumbers(page, 'server', native);
    const agreement = await textOf(page, 'agreement');
    expectEq(agreement, `Browser (WASM) and server (native) results are identical: ${count(native.cache.hits)} hits of ${count(native.cache.lookups)} look-ups.`, 'agreement');
    const href = await page.getByTestId('experiment-link').getAttribute('href');
    experimentId = href.replace('/e/', '');
    // Content-addressed: the experiment id is the config hash of all three builds.
    expectEq(experimentId, native.config_hash, 'experiment id');
    await screenshot(page, 'explore-server-result');
  });

  check('the experiment page /e/{id} in a fresh browser context shows the stored result', async () => {
    if (!experimentId) throw new Error('no experiment id from the previous step');
    const p = await newPage(`${BASE}/e/${experimentId}`);
    await p.getByTestId('experiment-hit-rate').waitFor();
    await expectNumbers(p, 'experiment', native);
    // The drawing comes from the core's description (the page's worker), after the numbers.
    await p.locator('[data-testid="experiment-result"] [data-switch]').first().waitFor();
    expectEq(await p.locator('[data-testid="experiment-result"] [data-switch]').count(), 16, 'switches drawn');
    await screenshot(p, 'experiment-page');
    await p.context().close();
  });

  check('long result arrays come back from the paged arrays endpoint: the stored result keeps them out, the page draws them', async () => {
    // make test-e2e runs the stack with SWITCHLAB_RESULT_INLINE_ITEMS=12: 16 switches are "long".
    // A seed of its own, so an earlier run's stored result (same id) cannot stand in.
    const cfg = { ...SLICE, seed: Date.now() % 1000000007 };
    const { id } = await (await fetch(`${BASE}/api/experiments`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(cfg) })).json();
    let stored;
    for (let i = 0; i < SERVER_TIMEOUT_MS / 200; i++) {
      stored = await (await fetch(`${BASE}/api/experiments/${id}`)).json();
      if (stored.status === 'done') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expectEq(stored.status, 'done', 'stored');
    expectEq(stored.arrays?.['cache.by_switch']?.length, 16, 'by_switch stored out of line');
    expectEq(stored.result.cache.by_switch, undefined, 'by_switch absent from the stored result');
    const page1 = await (await fetch(`${BASE}${stored.arrays['cache.by_switch'].href}`)).json();
    expectEq(JSON.stringify(page1.items), JSON.stringify(nativeRun(cfg).cache.by_switch), 'paged by_switch = native');
    const p = await newPage(`${BASE}/e/${id}`);
    await p.getByTestId('experiment-hit-rate').waitFor();
    await p.locator('[data-testid="experiment-result"] [data-switch]').first().waitFor();
    expectEq(await p.locator('[data-testid="experiment-result"] [data-switch]').count(), 16, 'every switch drawn');
    expectEq(await p.getByText('This result has no per-switch hit rates').count(), 0, 'no "no per-switch data" note');
    expectEq(await p.locator('[data-testid="experiment-result"]').getByText('hit rate per switch').count(), 1, 'colour scale of hit rates');
    await p.context().close();
  });

  check('the Access token box keeps a token in this browser and every API request carries it', async () => {
    const p = await newPage(`${BASE}/`);
    await p.getByText('Access token').first().click();
    await p.getByLabel('Token for this server').fill('e2e-token');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('Access token: set').waitFor();
    const seen = [];
    p.on('request', (r) => r.url().includes('/api/') && seen.push(r.headers().authorization ?? null));
    await p.goto(`${BASE}/e/${experimentId}`);
    await p.getByTestId('experiment-hit-rate').waitFor();
    if (seen.length === 0 || seen.some((h) => h !== 'Bearer e2e-token')) throw new Error(`API requests carried ${JSON.stringify(seen)}`);
    await p.context().close();
  });

  check('a shared #c= link in a fresh context restores the config and reproduces the numbers', async () => {
    if (!sharedUrl?.includes('#c=')) throw new Error(`no config fragment in ${sharedUrl}`);
    const p = await newPage(sharedUrl);
    expectEq(await p.locator('[data-field="topology.dims"]').inputValue(), '4x4', 'dims from link');
    expectEq(await p.locator('[data-field="switch.cache.entries"]').inputValue(), '64', 'entries from link');
    await runWasm(p);
    await expectNumbers(p, 'wasm', native);
    await p.context().close();
  });

  check('a 2x2 sweep submitted from the UI finishes on the server with the native numbers', async () => {
    if (!sharedUrl) throw new Error('no config link from the WASM step');
    const p = await newPage(`${BASE}/?view=sweeps${new URL(sharedUrl).hash}`);
    const experimentFetches = [];
    p.on('request', (r) => r.url().includes('/api/experiments/') && experimentFetches.push(r.url()));
    // A key that is not in the core's schema is refused at its input and blocks Submit.
    await p.locator('[data-axis-path="0"]').fill('switch.cache.entires');
    expectEq(await textOf(p, 'axis-path-error-0'), 'switch.cache.entires is not a config field: pick one from the list', 'unknown axis key');
    expectEq(await p.getByRole('button', { name: 'Submit sweep to the server' }).isDisabled(), true, 'submit disabled for an unknown key');
    await p.locator('[data-axis-path="0"]').fill('switch.cache.entries');
    await p.getByTestId('axis-path-error-0').waitFor({ state: 'detached' });
    await p.locator('[data-axis-values="0"]').fill('32, 64');
    await p.locator('[data-axis-path="1"]').fill('switch.cache.ways');
    await p.locator('[data-axis-values="1"]').fill('2,4');
    expectEq(await textOf(p, 'sweep-point-count'), '4 points', 'point count');
    // The time estimate before submitting: the base config's look-ups (native prepare) x points at
    // the native engine's measured 25 / 3 M look-ups/s (docs/benchmarks.md).
    const perPoint = nativePrepare(SLICE).summary.lookups;
    expectEq(await textOf(p, 'sweep-eta'), `about ${secs(perPoint * 4 / 25e6)} – ${secs(perPoint * 4 / 3e6)} of worker time (${count(perPoint)} look-ups per point of the base config's size; divided among the running workers)`, 'sweep ETA');
    await screenshot(p, 'sweep-new');
    await p.getByRole('button', { name: 'Submit sweep to the server' }).click();
    await p.waitForURL(/\/s\/[0-9a-zA-Z_-]+$/);
    await p.getByTestId('sweep-status').filter({ hasText: /^done: 4 \/ 4 points done/ }).waitFor({ timeout: SERVER_TIMEOUT_MS });
    const table = p.getByTestId('sweep-table');
    await table.locator('tbody tr').nth(3).waitFor();
    expectEq(await table.locator('tbody tr').count(), 4, 'sweep rows');
    // The (64 entries, 4 ways) point is the slice config: same id and same hit rate.
    const rows = await table.locator('tbody tr').allInnerTexts();
    const headers = await table.locator('thead th').allInnerTexts();
    const col = (name) => headers.findIndex((h) => h.startsWith(name));
    const slice = rows.map((r) => r.split('\t')).find((c) => c[col('switch.cache.entries')] === '64 entries' && c[col('switch.cache.ways')] === '4 ways');
    if (!slice) throw new Error(`no (64, 4) row in ${JSON.stringify(rows)}`);
    expectEq(slice[col('cache.hit_rate')], hitRate(native), 'sweep point hit rate (digits from the row\'s look-ups)');
    expectEq(slice[col('cache.lookups')], `${count(native.cache.lookups)} look-ups`, 'sweep point look-ups (with the unit)');
    // The point compared with the slice below: (64 entries, 2 ways), which CACTI prices (32 sets).
    const priced64 = rows.map((r) => r.split('\t')).findIndex((c) => c[col('switch.cache.entries')] === '64 entries' && c[col('switch.cache.ways')] === '2 ways');
    const link = await table.locator('tbody tr').nth(priced64).locator('a').first().getAttribute('href');
    expectEq(await p.locator('[data-testid="sweep-chart"] [data-series]').count(), 2, 'chart lines (one per ways value)');
    // Cost vs hit rate: each point's cost is the rows' cost.cache.area_mm2 column (no experiment
    // is fetched); the front is the points no other point beats on both (cheaper-or-equal area
    // and higher-or-equal hit rate).
    // Only points with a cost are drawn. CACTI 7 (cost.method cacti, the default) organises no
    // set-associative array of fewer than 32 sets: (32, 2), (32, 4) and (64, 4) carry its refusal
    // beside its figures for the fully associative array of the same entries (docs/cost-model.md,
    // "Configs CACTI cannot organise").
    const all = [32, 64].flatMap((entries) => [2, 4].map((ways) => nativeRun({ ...SLICE, switch: { cache: { entries, ways } } })));
    const pts = all.filter((r) => typeof r.cost.cache.area_mm2 === 'number');
    const front = new Set();
    let best = -Infinity;
    for (const r of [...pts].sort((a, b) => a.cost.cache.area_mm2 - b.cost.cache.area_mm2 || b.cache.hit_rate - a.cache.hit_rate)) {
      if (r.cache.hit_rate > best) { front.add(r.config_hash); best = r.cache.hit_rate; }
    }
    const circles = p.locator('[data-testid="pareto-chart"] circle[data-id]');
    for (let i = 0; i < 100 && (await circles.count()) < pts.length; i++) await p.waitForTimeout(100);
    expectEq(await circles.count(), pts.length, 'Pareto chart points');
    for (const r of pts) {
      const c = p.locator(`[data-testid="pareto-chart"] circle[data-id="${r.config_hash}"]`);
      expectEq(await c.getAttribute('data-pareto'), front.has(r.config_hash) ? 'front' : 'dominated', `Pareto status of ${r.config_hash.slice(0, 8)}`);
      const t = await c.locator('title').textContent();
      if (!t.endsWith(`${sig3(r.cost.cache.area_mm2)} mm², ${pct(r.cache.hit_rate)}${front.has(r.config_hash) ? ' (Pareto-optimal)' : ''}`)) throw new Error(`Pareto tooltip ${t}`);
    }
    // Hit rate against another cost column: a priced point's tooltip carries its read energy.
    await p.getByTestId('pareto-cost').selectOption('cost.cache.read_energy_nJ');
    const priced = pts[0];
    const et = await p.locator(`[data-testid="pareto-chart"] circle[data-id="${priced.config_hash}"] title`).textContent();
    if (!et.includes(`: ${sig3(priced.cost.cache.read_energy_nJ)} nJ, ${pct(priced.cache.hit_rate)}`)) throw new Error(`Pareto energy tooltip ${et}`);
    await p.getByTestId('pareto-cost').selectOption('cost.cache.area_mm2');
    // The slice point (64 entries, 4 ways: 16 sets) has CACTI's figure for 64 entries fully associative.
    expectEq(slice[col('cost.cache.area_mm2')], `${sig3(native.cost.cache.area_mm2)} mm²`,
      'sweep point cost column (three significant digits, unit; CACTI\'s figure for the array it builds instead)');
    sweepUrl = p.url();
    expectEq(JSON.stringify(experimentFetches), '[]', 'experiment fetches by the sweep page');
    await screenshot(p, 'sweep-done');
    // Compare the slice experiment with the first sweep point, side by side: short names as
    // headers (never the 64-hex id), only the rows that differ, Δ against the first column.
    await p.goto(`${BASE}/?view=compare#ids=${native.config_hash},${link.replace('/e/', '')}`);
    const cmp = p.getByTestId('compare-table');
    await cmp.locator('thead th').nth(2).waitFor();
    expectEq(await cmp.locator('thead th').count(), 3, 'compare columns (field + 2 experiments)');
    const heads = await cmp.locator('thead th').allInnerTexts();
    if (heads.some((h) => /[0-9a-f]{16}/.test(h))) throw new Error(`compare headers show ids: ${JSON.stringify(heads)}`);
    expectEq(heads[1].split('\n')[0], '4×4 torus, 64 entries 4-way, uniform', 'compare: slice header is its short name');
    const ways = (await cmp.locator('tr.differs[data-path="switch.cache.ways"]').innerText()).split('\t');
    expectEq(ways.slice(1).join(' '), '4 ways 2 ways', 'compare: ways differ (slice 4, the (64, 2) sweep point 2), in their unit');
    // Both points have the same hit rate on this small torus: only the cost tells them apart.
    expectEq(await cmp.locator('tr[data-path="topology.dims"]').count(), 0, 'compare: equal config rows hidden');
    expectEq(await cmp.locator('tr[data-path="cache.hit_rate"]').count(), 0, 'compare: equal result rows hidden');
    const first = pts.find((r) => r.config_hash === link.replace('/e/', ''));
    const area = (await cmp.locator('tr[data-path="cost.cache.area_mm2"]').innerText()).split('\t');
    // The slice (16 sets): CACTI's area of the fully associative array it builds instead; the point has its own.
    if (!area[1].startsWith(`${sig3(native.cost.cache.area_mm2)} mm²`)) throw new Error(`compare: slice cost cell ${JSON.stringify(area[1])}`);
    if (!area[2].startsWith(`${sig3(first.cost.cache.area_mm2)} mm²`)) throw new Error(`compare: point cost cell ${JSON.stringify(area[2])}`);
    await p.getByTestId('compare-show-all').check();
    expectEq(await cmp.locator('tr[data-path="topology.dims"]').count(), 1, 'compare: show all lists equal rows');
    const hit = (await cmp.locator('tr[data-path="cache.hit_rate"]').innerText()).split('\t');
    expectEq(hit[1], hitRate(native), 'compare: slice hit rate');
    compareUrl = p.url();
    await screenshot(p, 'compare');
    await p.context().close();
  });

  check('a sweep over topology.dims typed into the new-sweep form draws latency vs job size with native numbers', async () => {
    if (!sharedUrl) throw new Error('no config link from the WASM step');
    const dims = [[3, 3], [4, 4], [5, 5]];
    const p = await newPage(`${BASE}/?view=sweeps${new URL(sharedUrl).hash}`);
    await p.getByRole('button', { name: 'remove axis 2' }).click();
    await p.locator('[data-axis-path="0"]').fill('topology.dims');
    // Scalars and comma-separated arrays are refused inline, and the sweep cannot be submitted.
    await p.locator('[data-axis-values="0"]').fill('3, 4');
    expectEq(await textOf(p, 'axis-error-0'), 'topology.dims takes arrays: write them in brackets separated by ";", e.g. [5,5,5]; [7,7,7]', 'scalar dims error');
    await p.locator('[data-axis-values="0"]').fill('[3,3], [4,4]');
    expectEq(await textOf(p, 'axis-error-0'), 'value 1 ([3,3], [4,4]): not a valid array, write numbers separated by commas like [5,5,5]', 'comma-separated arrays error');
    expectEq(await p.getByRole('button', { name: 'Submit sweep to the server' }).isDisabled(), true, 'submit disabled');
    await p.locator('[data-axis-values="0"]').fill('[3,3]; [4,4]; [5,5]');
    await p.getByTestId('axis-error-0').waitFor({ state: 'detached' });
    expectEq(await textOf(p, 'sweep-point-count'), '3 points', 'point count');
    await screenshot(p, 'sweep-new-dims');
    await p.getByRole('button', { name: 'Submit sweep to the server' }).click();
    await p.waitForURL(/\/s\/[0-9a-zA-Z_-]+$/);
    await p.getByTestId('sweep-status').filter({ hasText: /^done: 3 \/ 3 points done/ }).waitFor({ timeout: SERVER_TIMEOUT_MS });
    const sw = await (await fetch(`${BASE}/api/sweeps/${p.url().split('/s/')[1]}`)).json();
    expectEq(JSON.stringify(sw.axes), JSON.stringify({ 'topology.dims': dims }), 'sweep axes stored by the API');
    const natives = dims.map((d) => nativeRun({ ...SLICE, topology: { kind: 'torus', dims: d } }));
    const chart = p.getByTestId('latency-size-chart');
    await chart.locator('circle').nth(2).waitFor();
    const titles = await chart.locator('circle title').allTextContents();
    const want = dims.map((d, i) => `switches ${natives[i].summary.switches}: ${ns(natives[i].latency_ns.zero_load.mean)}`);
    expectEq(JSON.stringify(titles), JSON.stringify(want), 'latency vs job size points');
    const table = p.getByTestId('sweep-table');
    const headers = await table.locator('thead th').allInnerTexts();
    const col = (name) => headers.findIndex((h) => h.startsWith(name));
    const rows = (await table.locator('tbody tr').allInnerTexts()).map((r) => r.split('\t'));
    for (const [i, d] of dims.entries()) {
      const row = rows.find((c) => c[col('topology.dims')] === JSON.stringify(d));
      if (!row) throw new Error(`no ${JSON.stringify(d)} row in ${JSON.stringify(rows)}`);
      expectEq(row[col('cache.hit_rate')], hitRate(natives[i]), `hit rate at dims ${d}`);
      expectEq(row[col('cache.lookups')], `${count(natives[i].cache.lookups)} look-ups`, `look-ups at dims ${d}`);
    }
    await screenshot(p, 'sweep-job-size');
    // The new-sweep page lists the sweeps of this browser with their status from the API.
    const sweepId = p.url().split('/s/')[1];
    await p.goto(`${BASE}/?view=sweeps`);
    const past = p.getByTestId('past-sweeps').locator('li');
    await past.first().filter({ hasText: 'done: 3 / 3 points done' }).waitFor();
    expectEq(await past.count(), 1, 'past sweeps of this browser');
    expectEq(await past.first().locator('a').getAttribute('href'), `/s/${sweepId}`, 'past sweep link');
    await p.context().close();
  });

  check('the 9x9x9 preset runs in WASM with the native CLI numbers', async () => {
    const preset = example('torus-9x9x9-m128-uniform').config;
    const expected = nativeRun(preset);
    await page.locator('#preset').selectOption('torus-9x9x9-m128-uniform');
    expectEq(await page.locator('[data-field="topology.dims"]').inputValue(), '9x9x9', 'preset dims');
    await runWasm(page);
    await expectNumbers(page, 'wasm', expected);
    await page.locator('[data-testid="wasm-result"] [data-switch]').first().waitFor();
    expectEq(await page.locator('[data-testid="wasm-result"] [data-switch]').count(), 729, 'switches drawn (9 slices of 9x9)');
    const lat = await page.getByTestId('latency-table').first().innerText();
    const p99 = expected.latency_ns.zero_load.p99;
    if (!lat.includes(`p99\t${ns(p99)}`)) throw new Error(`p99 missing in ${lat}`);
    await screenshot(page, 'explore-preset-9x9x9');
  });

  check('the Dragonfly preset (fewer packets) runs in WASM with native numbers, drawn as groups', async () => {
    const preset = example('dragonfly-16x16').config;
    await page.locator('#preset').selectOption('dragonfly-16x16');
    await page.locator('[data-field="traffic.warmup_packets"]').fill('');
    await page.locator('[data-field="traffic.packets"]').fill('20000');
    delete preset.traffic.warmup_packets;
    preset.traffic.packets = 20000;
    const expected = nativeRun(preset);
    await runWasm(page);
    await expectNumbers(page, 'wasm', expected);
    await page.locator('[data-testid="wasm-result"] [data-switch]').first().waitFor();
    expectEq(await page.locator('[data-testid="wasm-result"] [data-switch]').count(), 256, 'switches drawn (16 groups x 16)');
    // One line per pair of groups joined by a global link (from the core's link list).
    const a = preset.topology.a;
    const pairs = new Set(expected.topology.links.filter((l) => Math.floor(l[0] / a) !== Math.floor(l[2] / a))
      .map((l) => [Math.floor(l[0] / a), Math.floor(l[2] / a)].sort((x, y) => x - y).join('-')));
    expectEq(await page.locator('[data-testid="wasm-result"] g.links line').count(), pairs.size, 'global links drawn per group pair');
    await screenshot(page, 'explore-dragonfly');
  });

  check('a BMIN typed into the JSON tab runs in WASM, drawn as stages with its links', async () => {
    const cfg = { seed: 3, engine: 'routewalk', topology: { kind: 'bmin', k: 4, stages: 2 }, routing: { algorithm: 'turnaround' },
      switch: { cache: { entries: 16, ways: 4 } }, traffic: { pattern: 'uniform', packets: 3000 } };
    const expected = nativeRun(cfg);
    await runJsonConfig(page, cfg, expected);
    await page.locator('[data-testid="wasm-result"] [data-switch]').first().waitFor();
    expectEq(await page.locator('[data-testid="wasm-result"] [data-switch]').count(), expected.topology.switches, 'switches drawn');
    expectEq(await page.locator('[data-testid="wasm-result"] g.links line').count(), expected.topology.links.length, 'links drawn');
    await screenshot(page, 'explore-bmin-json');
    await page.getByRole('tab', { name: 'Form' }).click();
  });

  check('per-port statistics: clicking switch 5 shows its ports with the native CLI counts', async () => {
    await page.locator('#preset').selectOption('quickstart-torus-4x4');
    await fillSlice(page);
    await page.getByTestId('per-port-toggle').check();
    const expected = nativeRun({ ...SLICE, output: { per_port: true } });
    await runWasm(page);
    await expectNumbers(page, 'wasm', expected);
    await page.locator('[data-testid="wasm-result"] [data-switch="5"]').click();
    const rows = await page.locator('[data-testid="wasm-result"] [data-testid="port-table"] tbody tr').allInnerTexts();
    const names = ['node', 'dim0 +', 'dim0 −', 'dim1 +', 'dim1 −'];
    const want = expected.cache.by_port[5].map(([l, h], i) => `${i}\t${names[i]}\t${count(l)}\t${l ? rate(h / l, l) : '— (no look-ups)'}`);
    expectEq(JSON.stringify(rows), JSON.stringify(want), 'switch 5 port rows');
    await screenshot(page, 'explore-per-port');
    await page.getByTestId('per-port-toggle').uncheck();
  });

  check('per-port statistics of a fat tree name its ports as the core does, with their class (native CLI counts)', async () => {
    const cfg = { seed: 3, engine: 'routewalk', topology: { kind: 'fat_tree', k: 4, n: 2 }, routing: { algorithm: 'updown' },
      switch: { cache: { entries: 64, ways: 4 } }, traffic: { pattern: 'uniform', packets: 3000 }, output: { per_port: true } };
    const expected = nativeRun(cfg);
    const drawing = nativeDrawing(cfg);
    expectEq(JSON.stringify(expected.cache.port_classes), '["injection","up","down"]', 'native port classes');
    expectEq(drawing.port_sets[drawing.switch_port_set[0]].map(([n]) => n).join(','), 'node 0,node 1,node 2,node 3,up 0,up 1,up 2,up 3', 'leaf port names');
    await runJsonConfig(page, cfg, expected);
    for (const s of [0, expected.topology.switches - 1]) {
      await page.locator(`[data-testid="wasm-result"] [data-switch="${s}"]`).click();
      const rows = await page.locator('[data-testid="wasm-result"] [data-testid="port-table"] tbody tr').allInnerTexts();
      const names = drawing.port_sets[drawing.switch_port_set[s]];
      const want = expected.cache.by_port[s].map(([l, h], i) =>
        `${i}\t${names[i][0]}\t${count(l)}\t${l ? rate(h / l, l) : '— (no look-ups)'}`);
      expectEq(JSON.stringify(rows), JSON.stringify(want), `switch ${s} port rows`);
    }
    // Leaf switch 0: 4 injection ports, then 4 ports on which packets arrive travelling down.
    expectEq(expected.cache.by_port[0].map(([, , c]) => expected.cache.port_classes[c]).join(','),
      'injection,injection,injection,injection,down,down,down,down', 'leaf port classes');
    await screenshot(page, 'explore-per-port-fat-tree');
    await page.getByRole('tab', { name: 'Form' }).click();
  });

  check('a random_regular graph runs in WASM, drawn with a force layout: every switch and link', async () => {
    const cfg = { seed: 4, engine: 'routewalk', topology: { kind: 'random_regular', switches: 24, degree: 3 },
      switch: { cache: { entries: 16, ways: 4 } }, traffic: { pattern: 'uniform', packets: 3000 } };
    const expected = nativeRun(cfg);
    await runJsonConfig(page, cfg, expected);
    const res = page.locator('[data-testid="wasm-result"]');
    await res.locator('[data-switch]').first().waitFor();
    expectEq(await res.locator('[data-switch]').count(), 24, 'switches drawn');
    expectEq(await res.locator('g.links line').count(), expected.topology.edges.length, 'links drawn');
    const title = await res.locator('[data-switch="7"] title').textContent();
    expectEq(title, `switch 7 (7): hit rate ${pct(expected.cache.by_switch[7])}`, 'switch 7 tooltip');
    await screenshot(page, 'explore-random-regular');
    await page.getByRole('tab', { name: 'Form' }).click();
  });

  check('a seed-figure example shows its published values beside the model (native CLI values)', async () => {
    const fig = example('seed001-fig12-21cube-128-entries');
    const expected = nativeRun(fig.config);
    const { reduction_vs_conventional_model: reduction, reduction_vs_conventional_simulated: simulated } = expected.models.seed001_torus.max_zero_load_latency_ns;
    await page.locator('#preset').selectOption('seed001-fig12-21cube-128-entries');
    await runWasm(page);
    await expectNumbers(page, 'wasm', expected);
    const table = page.locator('[data-testid="wasm-result"] [data-testid="published-table"]');
    expectEq(await table.locator('thead tr').innerText(), 'quantity\tas published\tmodel\tsimulated (this run)\tagreement', 'header');
    const rows = await table.locator('tbody tr').allInnerTexts();
    expectEq(rows.length, fig.published.length, 'one row per published value');
    expectEq(rows[0].split('\n')[0], `${fig.published[0].what}\t9.0 % ± 0.5 %\t${(reduction * 100).toFixed(1)} %\t${(simulated * 100).toFixed(1)} %\treproduced (within ± 0.5 %), model and simulation`, 'reduction row');
    await screenshot(page, 'explore-seed-figure');
  });

  // Trust, history, baseline and comparing runs: a fresh browser (empty localStorage).
  let q;
  const cfg4 = SLICE;
  const cfg5 = { ...SLICE, topology: { kind: 'torus', dims: [5, 5] } };
  const waitForHash = async (p, prefix, hash) => {
    await p.waitForFunction(([sel, h]) => document.querySelector(sel)?.getAttribute('data-hash') === h,
      [`[data-testid="${prefix}-config-hash"]`, hash], { timeout: 60000 });
  };

  check('keyboard and trust: Enter in a field runs it with the focus kept; the result turns stale when the form differs; invalid text blocks Ctrl+Enter and points at the field', async () => {
    const n4 = nativeRun(cfg4);
    const n5 = nativeRun(cfg5);
    q = await newPage();
    await q.getByTestId('wasm-status').filter({ hasText: 'done in' }).waitFor({ timeout: 60000 });
    await fillSlice(q);
    await q.getByTestId('wasm-stale').waitFor();
    expectEq(await textOf(q, 'next-run-name'), '4×4 torus, 64 entries 4-way, uniform', 'the pane names the config the form now holds');
    const dims = q.locator('[data-field="topology.dims"]');
    await dims.fill('5x5');
    await dims.press('Enter');
    await waitForHash(q, 'wasm', n5.config_hash);
    await expectNumbers(q, 'wasm', n5);
    expectEq(await q.getByTestId('wasm-stale').count(), 0, 'not stale once the form\'s config has run');
    expectEq(await q.evaluate(() => document.activeElement?.getAttribute('data-field')), 'topology.dims', 'focus kept after the run');
    // Text that does not parse: Ctrl+Enter must not run the previous config, the field is pointed at.
    const statusBefore = await textOf(q, 'wasm-status');
    await dims.fill('abc');
    await q.locator('[data-field="switch.cache.entries"]').focus();
    await q.keyboard.press('Control+Enter');
    await q.getByTestId('error-topology.dims').waitFor();
    await q.getByTestId('wasm-stale').waitFor();
    await q.waitForTimeout(500);
    expectEq(await textOf(q, 'wasm-status'), statusBefore, 'no run started');
    expectEq(await q.getByTestId('wasm-config-hash').getAttribute('data-hash'), n5.config_hash, 'still the 5x5 result');
    expectEq(await q.evaluate(() => document.activeElement?.getAttribute('data-field')), 'topology.dims', 'focus moved to the invalid field');
    expectEq(await runDisabled(q), true, 'Run disabled');
    await screenshot(q, 'explore-stale-invalid');
    await dims.fill('4x4');
    await q.keyboard.press('Control+Enter');
    await waitForHash(q, 'wasm', n4.config_hash);
    await expectNumbers(q, 'wasm', n4);
  });

  check('run history: names are editable and kept across a reload; a baseline gives every number its Δ', async () => {
    if (!q) throw new Error('no page from the previous check');
    const n4 = nativeRun(cfg4);
    const n5 = nativeRun(cfg5);
    const names = await q.locator('[data-testid^="history-name-"]').evaluateAll((els) => els.map((e) => e.value));
    expectEq(JSON.stringify(names), JSON.stringify(['4×4 torus, 64 entries 4-way, uniform', '5×5 torus, 64 entries 4-way, uniform',
      '21×21×21 torus, 128 entries full-assoc., uniform']), 'history entries, newest first');
    await q.getByTestId('history-name-1').fill('five by five');
    await q.getByTestId('history-baseline-1').click();
    const d = q.getByTestId('wasm-result').getByTestId('delta-cache.hit_rate');
    await d.waitFor();
    expectEq(await d.innerText(), ` Δ ${hitDelta(n4, n5)}`, 'hit rate Δ to the baseline (digits from both runs\' look-ups)');
    const dl = n4.latency_ns.zero_load.mean - n5.latency_ns.zero_load.mean;
    const lat = await q.getByTestId('wasm-result').getByTestId('delta-latency_ns.zero_load.mean').innerText();
    if (!lat.startsWith(` Δ ${dl >= 0 ? '+' : '−'}`) || !lat.endsWith(' %)')) throw new Error(`latency Δ ${lat}`);
    expectEq(await textOf(q, 'wasm-baseline'), 'Δ: change against the baseline “five by five”.', 'baseline named');
    await screenshot(q, 'explore-baseline');
    await q.reload();
    // After the reload the 4x4 config (in the link) runs by itself; the names and the baseline are still there.
    await waitForHash(q, 'wasm', n4.config_hash);
    expectEq(await q.getByTestId('history-name-1').inputValue(), 'five by five', 'renamed entry after reload');
    await q.getByTestId('wasm-result').getByTestId('delta-cache.hit_rate').waitFor();
  });

  check('compare two history runs: names as headers, differing config first, results with Δ, fits 1024 px', async () => {
    if (!q) throw new Error('no page from the previous check');
    const n4 = nativeRun(cfg4);
    const n5 = nativeRun(cfg5);
    await q.locator('[data-history] input[type="checkbox"]').nth(0).check();
    await q.locator('[data-history] input[type="checkbox"]').nth(1).check();
    await q.getByTestId('compare-picked').click();
    await q.waitForURL(/view=compare/);
    const cmp = q.getByTestId('compare-table');
    await cmp.waitFor();
    expectEq(JSON.stringify(await cmp.locator('thead th').allInnerTexts()),
      JSON.stringify(['field', '4×4 torus, 64 entries 4-way, uniform\nreference for Δ', 'five by five']), 'headers');
    const rows = await cmp.locator('tbody tr').allInnerTexts();
    expectEq(rows[0], 'Config (1 that differ)', 'config section first');
    expectEq(rows[1], 'topology.dims\t[4,4]\t[5,5]', 'the one config difference');
    const hit = (await cmp.locator('tr[data-path="cache.hit_rate"]').innerText()).split('\t');
    expectEq(hit[2], `${hitRate(n5)}\nΔ ${hitDelta(n5, n4)}`, 'hit rate with Δ');
    if (!(await cmp.locator('tr[data-path="cost.cache.area_mm2"]').count() === 0)) throw new Error('equal cost rows shown');
    await q.setViewportSize({ width: 1024, height: 800 });
    const [sw, w] = await q.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    if (sw > w) throw new Error(`compare overflows at 1024 px: ${sw}`);
    await screenshot(q, 'compare-history');
    await q.context().close();
  });

  // Every view at three widths: a screenshot each, no horizontal overflow at 1024 and 390 px,
  // and axe-core (injected into the page) with no serious or critical violation.
  check('every view: screenshots at 1360/1024/390 px, no horizontal overflow, axe-core 0 serious/critical', async () => {
    const views = [
      ['explore', `${BASE}/`, (p) => p.getByTestId('wasm-status').filter({ hasText: 'done in' }).waitFor({ timeout: 60000 })],
      ['explore-invalid', `${BASE}/#c=${LZString.compressToEncodedURIComponent(JSON.stringify({ ...SLICE, switch: { cache: { entries: 100, ways: 3 } } }))}`,
        (p) => p.getByTestId('error-switch.cache.ways').waitFor()],
      ['experiment', experimentId && `${BASE}/e/${experimentId}`, (p) => p.getByTestId('experiment-hit-rate').waitFor()],
      ['new-sweep', `${BASE}/?view=sweeps`, (p) => p.getByTestId('sweep-point-count').waitFor()],
      ['sweep', sweepUrl, (p) => p.getByTestId('sweep-table').waitFor()],
      ['compare', compareUrl, (p) => p.getByTestId('compare-table').waitFor()],
    ];
    const problems = [];
    for (const [name, url, ready] of views) {
      if (!url) {
        problems.push(`${name}: no URL (an earlier check failed)`);
        continue;
      }
      const p = await newPage(url, { bypassCSP: true });
      await ready(p);
      for (const width of [1360, 1024, 390]) {
        await p.setViewportSize({ width, height: 900 });
        await p.waitForTimeout(150);
        await p.screenshot({ path: path.join(SHOTS, `view-${name}-${width}.png`), fullPage: true });
        // First-screen JPEGs small enough for docs/frontend.md (copied to docs/screenshots/).
        if (width !== 1024) {
          await p.evaluate(() => window.scrollTo(0, 0));
          await p.screenshot({ path: path.join(SHOTS, `doc-${name}-${width}.jpg`), type: 'jpeg', quality: 70 });
        }
        const [sw, w] = await p.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
        if (width <= 1024 && sw > w) problems.push(`${name} @${width}px: page is ${sw} px wide`);
        await p.addScriptTag({ content: AXE_SOURCE });
        const v = await p.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
          .filter((x) => x.impact === 'serious' || x.impact === 'critical')
          .map((x) => `${x.id} (${x.impact}): ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
        for (const x of v) problems.push(`${name} @${width}px axe ${x}`);
      }
      await p.context().close();
    }
    if (problems.length) throw new Error(`${problems.length} problems:\n  ${problems.join('\n  ')}`);
  });

});
