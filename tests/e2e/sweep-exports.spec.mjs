// Sweep exports match the screen: for a 3x2 sweep of the quick-start torus (cache entries x ways),
// the results CSV has the table's columns and rows with the native CLI's values, the chart SVG is
// the chart on screen (same lines, markers, texts), and the chart PNG is that chart at twice its
// viewBox, not clipped, with each marker's colour where the screen has it.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { downloadOf, example, nativeRun, rate } from './support.mjs';

const ENTRIES = [8, 16, 32];
const WAYS = [2, 4];

// What a chart SVG consists of, read in the page (on-screen element or parsed file alike).
const chartParts = (svg) => ({
  viewBox: svg.getAttribute('viewBox'),
  paths: [...svg.querySelectorAll('[data-series] > path')].map((p) => [p.closest('[data-series]').getAttribute('data-series'), p.getAttribute('d'), p.getAttribute('stroke')]),
  markers: [...svg.querySelectorAll('[data-series] > circle')].map((c) => [c.getAttribute('cx'), c.getAttribute('cy'), c.getAttribute('fill'), c.textContent]),
  texts: [...svg.querySelectorAll('text')].map((t) => t.textContent),
});

test('sweep page: results CSV, chart SVG and chart PNG are what the page shows', async ({ page }) => {
  const base = example('quickstart-torus-4x4').config;
  const natives = new Map(ENTRIES.flatMap((e) => WAYS.map((w) => [`${e}/${w}`,
    nativeRun({ ...base, switch: { ...base.switch, cache: { ...base.switch.cache, entries: e, ways: w } } })])));
  const res = await page.request.post('/api/sweeps', { data: { name: 'export check', base, axes: { 'switch.cache.entries': ENTRIES, 'switch.cache.ways': WAYS } } });
  expect([200, 202]).toContain(res.status());
  const { id } = await res.json();
  await page.goto(`/s/${id}`);
  await expect(page.getByTestId('sweep-status')).toContainText('done: 6 / 6 points done', { timeout: 120_000 });
  const table = page.getByTestId('sweep-table');
  await expect(table.locator('tbody tr')).toHaveCount(6);

  // CSV: the table's columns (with their units in brackets) and rows, values from the native runs.
  const csv = readFileSync(await downloadOf(page, page.getByRole('link', { name: 'Results CSV' })), 'utf8').trim().split('\n').map((l) => l.split(','));
  // The fit's error columns are in the CSV; on screen they stand inside their figure's cell.
  const heads = await table.locator('thead th').allInnerTexts();
  const csvHeads = csv[0].map((h) => h.replace(/ \[.*\]$/, ''));
  expect(csvHeads.filter((h) => !h.includes('.fit_holdout_error_pct.'))).toEqual(heads);
  const col = (name) => heads.indexOf(name);
  const csvCol = (name) => csvHeads.indexOf(name);
  const screen = (await table.locator('tbody tr').allInnerTexts()).map((r) => r.split('\t'));
  expect(csv).toHaveLength(1 + screen.length);
  csv.slice(1).forEach((row, i) => {
    const native = natives.get(`${row[csvCol('switch.cache.entries')]}/${row[csvCol('switch.cache.ways')]}`);
    expect(Number(row[csvCol('cache.hit_rate')])).toBe(native.cache.hit_rate);
    expect(Number(row[csvCol('cache.lookups')])).toBe(native.cache.lookups);
    expect(row[csvCol('experiment_id')] ?? native.config_hash).toBe(native.config_hash);
    // The same row on screen, formatted: the hit rate with the digits of its look-ups.
    expect(screen[i][col('cache.hit_rate')]).toBe(rate(native.cache.hit_rate, native.cache.lookups));
    expect(screen[i][col('cache.lookups')]).toBe(`${native.cache.lookups.toLocaleString('en-US')} look-ups`);
  });

  // Chart SVG: the on-screen chart, element for element; one marker per point with the native hit rate.
  const chart = page.getByTestId('sweep-chart');
  const onScreen = await chart.locator('svg').evaluate(chartParts);
  expect(onScreen.paths).toHaveLength(WAYS.length);
  expect(onScreen.markers).toHaveLength(6);
  for (const [key, n] of natives) {
    const [e, w] = key.split('/');
    // Title: "<ways label> W, <entries label> E: H %" (hit rate with one decimal on the chart).
    expect(onScreen.markers.some(([, , , t]) => t.includes(` ${w}, `) && t.endsWith(` ${e}: ${(n.cache.hit_rate * 100).toFixed(1)} %`)), key).toBe(true);
  }
  const svgText = readFileSync(await downloadOf(page, chart.getByRole('button', { name: 'Chart SVG' })), 'utf8');
  const exported = await page.evaluate(([text, parts]) => {
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    return new Function(`return (${parts})`)()(svg);
  }, [svgText, chartParts.toString()]);
  expect(exported).toEqual(onScreen);

  // Chart PNG: twice the viewBox; everything drawn lies inside the viewBox (nothing clipped).
  const png = readFileSync(await downloadOf(page, chart.getByRole('button', { name: 'Chart PNG' })));
  const [vw, vh, bbox] = await chart.locator('svg').evaluate((svg) => {
    const b = svg.getBBox();
    return [svg.viewBox.baseVal.width, svg.viewBox.baseVal.height, [b.x, b.y, b.x + b.width, b.y + b.height]];
  });
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([vw * 2, vh * 2]);
  expect(bbox[0]).toBeGreaterThanOrEqual(0);
  expect(bbox[1]).toBeGreaterThanOrEqual(0);
  expect(bbox[2]).toBeLessThanOrEqual(vw);
  expect(bbox[3]).toBeLessThanOrEqual(vh);
  // Each marker's centre in the PNG has the colour of whatever is on top there on screen.
  const colours = await chart.locator('svg').evaluate(async (svg, b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [img.width, img.height];
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const r = svg.getBoundingClientRect();
    const scale = r.width / svg.viewBox.baseVal.width;
    const hex = (c) => `#${[...c].slice(0, 3).map((v) => v.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
    return [...svg.querySelectorAll('[data-series] > circle')].map((c) => {
      const [cx, cy] = [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))];
      const top = document.elementFromPoint(r.left + cx * scale, r.top + cy * scale);
      const want = top.getAttribute('fill') && top.getAttribute('fill') !== 'none' ? top.getAttribute('fill') : top.getAttribute('stroke');
      return [want.toUpperCase(), hex(ctx.getImageData(Math.round(cx * 2), Math.round(cy * 2), 1, 1).data)];
    });
  }, png.toString('base64'));
  for (const [want, got] of colours) expect(got).toBe(want);
});
