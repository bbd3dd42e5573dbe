// Curve mode of the cycle engine (docs/engines.md, "Measurement"; docs/frontend.md, "Load curves"):
// the BookSim 8x8 mesh preset's config in sim.mode "curve" runs in the browser's WASM core (threaded
// where the page is cross-origin isolated) and gives the native CLI's points; the latency chart
// reads as the field's plots: points from near zero load to past saturation, latency on a log axis,
// offered load from 0, the zero-load latency and the saturation throughput marked, at the panel's
// width; the points export as CSV and the chart as SVG and PNG.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { downloadOf, example, nativeRun, ROOT, runConfigInBrowser, sig3, sig4 } from './support.mjs';

// The preset with shorter windows (the curve's 10 loads and the 5-run search in a few seconds).
const CFG = (() => {
  const cfg = structuredClone(example('booksim-mesh-8x8-cycle').config);
  cfg.sim = { warmup_cycles: 1000, measure_cycles: 3000, drain_cycles: 3000, mode: 'curve', bisection_steps: 5, curve_points: 10 };
  return cfg;
})();
const expected = nativeRun(CFG);
const LATENCY = 'svg[aria-label="packet latency (cycles) vs offered load (flits/node/cycle)"]';

test.use({ viewport: { width: 1360, height: 900 } });

test('curve mode: evenly spaced loads to past saturation, log latency axis, marks, full width, exports', async ({ page }) => {
  const points = expected.load_curve.points;
  expect(points).toHaveLength(10);
  // The core's grid: from a tenth of the top load (near zero) to 1.1 x the lowest saturated load tried.
  const top = Math.min(1, 1.1 * expected.saturation.load_bracket[1]);
  expect(expected.load_curve.loads[0]).toBeCloseTo(top / 10, 12);
  expect(points[0][3]).toBe(false);
  expect(points[9][3]).toBe(true);

  await runConfigInBrowser(page, expect, CFG, expected.config_hash);
  const load = page.getByTestId('wasm-load');
  const chart = load.getByTestId('wasm-latency-load');
  const svg = chart.locator(LATENCY);

  // One marker per point that delivered packets; the saturated ones in their own series.
  await expect(svg.locator('circle title')).toHaveCount(points.filter((p) => p[2] !== null).length);
  await expect(svg.locator('g[data-series="saturated"] circle')).toHaveCount(points.filter((p) => p[3] && p[2] !== null).length);
  await expect(svg.locator('g[data-series="below saturation"] circle title').first())
    .toHaveText(`offered load (flits/node/cycle) ${sig4(points[0][0])}: ${sig3(points[0][2])} cycles`);

  // Marks: the zero-load latency (the lowest load's mean) and the saturation throughput.
  const zero = points[0][2];
  await expect(load.getByTestId('wasm-zero-load')).toHaveText(`${sig3(zero)} cycles`);
  await expect(svg.locator('line[data-level="zero-load latency"] title'))
    .toHaveText(`zero-load latency ${sig3(zero)} cycles: the mean at offered load ${sig3(points[0][0])} flits/node/cycle, the curve's lowest`);
  await expect(svg.locator('[data-level-text]')).toHaveText(`zero-load ${sig3(zero)} cycles`);
  const sat = expected.saturation.throughput;
  await expect(load.getByTestId('wasm-curve-saturation')).toHaveText(`${sig3(sat)} flits/node/cycle`);
  await expect(svg.locator('line[data-rule="saturation throughput"] title')).toContainText(`saturation throughput ${sig3(sat)} flits/node/cycle`);
  await expect(svg.locator('[data-rule-text]')).toHaveText(`saturation ${sig3(sat)}`);

  // The axes: offered load from 0 to a tick at or past the last point; latency on a log scale
  // (pixel distances between ticks proportional to the logs of their ratios).
  const ticks = await svg.locator('text.tick').evaluateAll((els) => els.map((e) => ({
    text: e.textContent, x: Number(e.getAttribute('x')), y: Number(e.getAttribute('y')), anchor: e.getAttribute('text-anchor'),
  })));
  const xTicks = ticks.filter((t) => t.anchor === 'middle').map((t) => Number(t.text));
  expect(xTicks[0]).toBe(0);
  expect(xTicks.at(-1)).toBeGreaterThanOrEqual(Math.max(...points.map((p) => p[0])));
  const yTicks = ticks.filter((t) => t.anchor === 'end').map((t) => ({ v: Number(t.text.replace(/,/g, '')), y: t.y }));
  expect(yTicks.length).toBeGreaterThanOrEqual(3);
  const perDecade = yTicks.slice(1).map((t, i) => (yTicks[i].y - t.y) / Math.log10(t.v / yTicks[i].v));
  for (const d of perDecade) expect(d).toBeCloseTo(perDecade[0], 0);
  // The curve spans more than a decade: past saturation the latency climbs far above zero load.
  expect(Math.max(...points.filter((p) => p[2] !== null).map((p) => p[2])) / zero).toBeGreaterThan(10);

  // The chart is as wide as its panel (not a fixed 520 px picture).
  const panel = await load.getByTestId('wasm-load-curves').boundingBox();
  const box = await svg.boundingBox();
  expect(panel.width).toBeGreaterThan(800);
  expect(box.width).toBeGreaterThanOrEqual(panel.width * 0.95);

  // Exports: the points as CSV (units in the header), the chart as SVG and PNG.
  const csv = readFileSync(await downloadOf(page, load.getByRole('button', { name: 'Load curve CSV' })), 'utf8').trim().split('\n');
  expect(csv[0]).toBe('offered load (flits/node/cycle),accepted throughput (flits/node/cycle),mean packet latency (cycles),saturated');
  expect(csv.slice(1).map((r) => r.split(',').map((c) => (c === 'true' || c === 'false' ? c === 'true' : c === '' ? null : Number(c)))))
    .toEqual(points);
  const svgFile = readFileSync(await downloadOf(page, load.getByRole('button', { name: 'latency-load SVG' })), 'utf8');
  expect(svgFile).toContain('<svg');
  expect(svgFile).toContain('data-rule="saturation throughput"');
  const png = readFileSync(await downloadOf(page, load.getByRole('button', { name: 'latency-load PNG' })));
  expect(png.subarray(1, 4).toString()).toBe('PNG');
});

// At 1024 and 390 px too the chart fills its panel and stays inside the window; the first screen
// of each chart is saved for docs/frontend.md.
test('curve mode at 1360, 1024 and 390 px: the chart fits its panel (screenshots)', async ({ page }) => {
  const dir = path.join(ROOT, 'tests', 'e2e', 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const width of [1360, 1024, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await runConfigInBrowser(page, expect, CFG, expected.config_hash);
    const curves = page.getByTestId('wasm-load-curves');
    const box = await curves.locator(LATENCY).boundingBox();
    const panel = await curves.boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.width).toBeGreaterThanOrEqual(Math.min(panel.width, 360) * 0.95);
    await curves.scrollIntoViewIfNeeded();
    await page.getByTestId('wasm-latency-load').screenshot({ path: path.join(dir, `doc-curve-${width}.jpg`), quality: 70 });
  }
});
