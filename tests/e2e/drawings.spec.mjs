// Readable drawings of big networks: Tofu's 6-D mesh/torus drawn aggregated (one grid per pair of
// dimensions, the mean hit rate over every other coordinate) with its legend and non-overlapping
// labels, and fat trees of more than 512 links drawn with their links bundled between switch groups
// (above 65,536, from the core's link_bundles), and a network without a layout of its own drawn by
// the core's default force layout: every switch and link, ports named by the core, the same picture
// on every load.
// Expected values come from the native CLI's run (and drawing description) of the same config.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { example, nativeDrawing, nativeRun, pct, ROOT, runConfigInBrowser, runPresetInBrowser, SIM, openJsonTab, openExplorer, unfoldNextRun } from './support.mjs';

const shot = (name) => path.join(ROOT, 'tests', 'e2e', 'screenshots', `${name}.png`);

const coordsOf = (id, dims) => dims.map((k) => { const c = id % k; id = Math.floor(id / k); return c; });

// The aggregated cells, computed independently of the UI: key "i-j:a,b" -> mean/min/max/count.
function pairStats(dims, values) {
  const out = new Map();
  values.forEach((v, id) => {
    const c = coordsOf(id, dims);
    for (let i = 0; i < dims.length; i++) for (let j = i + 1; j < dims.length; j++) {
      const key = `${i}-${j}:${c[i]},${c[j]}`;
      const s = out.get(key) ?? { sum: 0, n: 0, min: Infinity, max: -Infinity };
      out.set(key, { sum: s.sum + v, n: s.n + 1, min: Math.min(s.min, v), max: Math.max(s.max, v) });
    }
  });
  return out;
}

test('Tofu 6-D: aggregated grids per pair of dimensions with the native means, legend and readable labels', async ({ page }) => {
  const tofu = example('tofu-6d').config;
  const native = nativeRun(tofu);
  const dims = native.topology.dims;
  await runPresetInBrowser(page, expect, 'tofu-6d', native.config_hash);
  const figure = page.getByTestId('wasm-result').locator('figure.topology');
  await expect(figure.locator('figcaption')).toContainText('aggregated: the mean over all other coordinates for every pair of dimensions');
  await expect(figure.locator('figcaption')).not.toContainText('slices');
  await expect(figure.locator('[data-switch]')).toHaveCount(0);

  // Every cell: the mean, min and max hit rate of its 1,152 / (k_i k_j) switches, as the native run gives them.
  const stats = pairStats(dims, native.cache.by_switch);
  expect(stats.size).toBe(178);
  const cells = await figure.locator('[data-cell]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-cell'), e.querySelector('title').textContent, e.getAttribute('fill')]));
  expect(cells).toHaveLength(178);
  for (const [key, title] of cells) {
    const s = stats.get(key);
    const [, i, j, a, b] = /^(\d)-(\d):(\d+),(\d+)$/.exec(key).map(Number);
    expect(title).toBe(`dim${i}=${a}, dim${j}=${b}: mean hit rate ${pct(s.sum / s.n)} over ${s.n} switches (min ${pct(s.min)}, max ${pct(s.max)})`);
  }

  // The legend is shown, and its scale spans the cells' means: the lowest and highest cells have its end colours.
  const means = [...stats.values()].map((s) => s.sum / s.n);
  const [lo, hi] = [Math.min(...means), Math.max(...means)];
  expect(hi - lo).toBeGreaterThan(0.01); // not widened (lib/drawing/topology.ts hitRateDomain)
  const legend = page.getByTestId('wasm-result').getByTestId('topology-legend');
  await expect(legend).toContainText('mean hit rate per cell');
  await expect(legend.locator('svg.legend-bar')).toHaveAttribute('aria-label',
    `colour scale: mean hit rate from ${(lo * 100).toFixed(1)} % to ${(hi * 100).toFixed(1)} %`);
  const stops = await legend.locator('stop').evaluateAll((els) => els.map((e) => e.getAttribute('stop-color')));
  const fillOf = (m) => cells.find(([key]) => stats.get(key).sum / stats.get(key).n === m)[2];
  expect([fillOf(lo), fillOf(hi)]).toEqual([stops[0], stops[stops.length - 1]]);

  // Dimension labels: one per row and column, none overlapping another label or a cell.
  const boxes = await figure.locator('svg[data-testid="topology-svg"]').evaluate((svg) => {
    const box = (e) => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
    return { labels: [...svg.querySelectorAll('text.dim-label')].map((t) => [t.textContent, ...box(t)]), cells: [...svg.querySelectorAll('[data-cell]')].map(box) };
  });
  expect(boxes.labels.map((l) => l[0])).toEqual(['dim1', 'dim2', 'dim3', 'dim4', 'dim5', 'dim0', 'dim1', 'dim2', 'dim3', 'dim4']);
  const overlap = (p, q) => p[0] < q[2] && q[0] < p[2] && p[1] < q[3] && q[1] < p[3];
  const labels = boxes.labels.map((l) => l.slice(1));
  for (let x = 0; x < labels.length; x++) {
    for (let y = x + 1; y < labels.length; y++) expect(overlap(labels[x], labels[y]), `${boxes.labels[x][0]} / ${boxes.labels[y][0]}`).toBe(false);
    for (const c of boxes.cells) expect(overlap(labels[x], c)).toBe(false);
  }
  await page.screenshot({ path: shot('drawing-tofu'), fullPage: true });
});

test('a fat tree of 1,024 links draws every link, bundled between groups of 4 switches with width by count', async ({ page }) => {
  const cfg = { seed: 3, engine: 'routewalk', topology: { kind: 'fat_tree', k: 8, n: 3 }, routing: { algorithm: 'updown' },
    switch: { cache: { entries: 64, ways: 4 } }, traffic: { pattern: 'uniform', packets: 2000 } };
  const native = nativeRun(cfg);
  const links = native.topology.links;
  expect(links).toHaveLength(1024);
  // Groups of ceil(64 / 16) = 4 consecutive switches per level; one bundle per pair of linked groups.
  const perLevel = native.topology.switches_per_level;
  const group = (id) => ({ level: Math.floor(id / perLevel), g: Math.floor((id % perLevel) / 4) });
  const want = new Map();
  for (const [a, , b] of links) {
    const [p, q] = [group(a), group(b)].sort((x, y) => y.level - x.level); // the upper level first, as drawn top down
    const name = (x) => `level ${x.level} switches ${x.level * perLevel + 4 * x.g}–${x.level * perLevel + 4 * x.g + 3}`;
    const key = `${name(p)} and ${name(q)}`;
    want.set(key, (want.get(key) ?? 0) + 1);
  }
  await runConfigInBrowser(page, expect, cfg, native.config_hash);
  const figure = page.getByTestId('wasm-result').locator('figure.topology');
  // The drawing comes from the core's description in the page's worker, after the numbers.
  await expect(figure.locator('g.links line')).toHaveCount(want.size, { timeout: 30_000 });
  const lines = await figure.locator('g.links line').evaluateAll((els) => els.map((e) => [e.querySelector('title').textContent, Number(e.getAttribute('data-links')), Number(e.getAttribute('stroke-width'))]));
  expect(lines).toHaveLength(want.size);
  expect(lines.reduce((n, [, k]) => n + k, 0)).toBe(1024);
  const got = new Map(lines.map(([t, k]) => [t.replace(/^\d+ links? between /, ''), k]));
  expect(got).toEqual(want);
  for (const [t, k] of lines) expect(t.startsWith(`${k} link`)).toBe(true);
  // Widths from 0.75 px (fewest links) to 6 px (most).
  const most = Math.max(...want.values());
  for (const [, k, w] of lines) expect(w).toBeCloseTo(0.75 + ((k - 1) / (most - 1)) * 5.25, 6);
  await expect(figure.locator('p.note')).toContainText(`its 1,024 links are drawn as ${want.size} bundles between groups of switches`);
  await page.screenshot({ path: shot('drawing-fat-tree-1024-links'), fullPage: true });
});

test('a fat tree whose links the core does not list (524,288) is drawn from its link bundles before the run', async ({ page }) => {
  const cfg = { seed: 3, engine: 'routewalk', topology: { kind: 'fat_tree', k: 64, n: 3 }, switch: { cache: { entries: 64, ways: 4 } },
    traffic: { pattern: 'uniform', packets: 1000 } };
  const prepared = JSON.parse(execFileSync(SIM, ['prepare', '-'], { input: JSON.stringify(cfg) }).toString());
  expect(prepared.topology.links).toBeNull();
  const bundles = prepared.topology.link_bundles;
  expect(bundles.reduce((n, b) => n + b[4], 0)).toBe(524288);
  await openExplorer(page, expect);
  await openJsonTab(page, expect);
  await page.locator('#config-json').fill(JSON.stringify(cfg, null, 2));
  const figure = page.getByTestId('next-run').locator('figure.topology');
  // The note first: until the fat tree is drawn the figure holds the previous config's drawing.
  await expect(figure.locator('p.note')).toContainText(`its 524,288 links are drawn as ${bundles.length} bundles between groups of switches`,
    { timeout: 30_000 });
  const lines = figure.locator('g.links line[data-links]');
  await expect(lines).toHaveCount(bundles.length);
  const counts = await lines.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-links'))));
  expect(counts.reduce((n, k) => n + k, 0)).toBe(524288);
  expect(counts.sort((a, b) => a - b)).toEqual(bundles.map((b) => b[4]).sort((a, b) => a - b));
  // Beside the first screen's result the preview is folded away: open it for the screenshot.
  await unfoldNextRun(page, expect);
  await figure.screenshot({ path: shot('drawing-fat-tree-524288-links') });
});

// A stage label above its row lay under the lines leaving that row. Now every label's box (as
// Chromium lays out the text, at 1024 px) is clear of every link line's box, and inside the drawing.
test('BMIN at 1024 px: no stage label overlaps a link line', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption('seed003-fig7-hipiqs-bmin16');
  const next = await unfoldNextRun(page, expect);
  const svg = next.locator('svg[data-testid="topology-preview"]');
  await expect(svg.locator('text.tick')).toHaveText(['stage 1', 'stage 0 (nodes attach here)']);
  const { labels, lines, view } = await svg.evaluate((s) => {
    const box = (b) => [b.x, b.y, b.x + b.width, b.y + b.height];
    return {
      labels: [...s.querySelectorAll('text.tick')].map((t) => box(t.getBBox())),
      lines: [...s.querySelectorAll('g.links line')].map((l) => {
        const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a)));
        const w = Number(getComputedStyle(l).strokeWidth.replace('px', '')) / 2;
        return [Math.min(x1, x2) - w, Math.min(y1, y2) - w, Math.max(x1, x2) + w, Math.max(y1, y2) + w];
      }),
      view: box(s.viewBox.baseVal),
    };
  });
  expect(lines.length).toBeGreaterThan(0);
  const overlap = (p, q) => p[0] < q[2] && q[0] < p[2] && p[1] < q[3] && q[1] < p[3];
  for (const l of labels) {
    for (const line of lines) expect(overlap(l, line), `label ${l} / line ${line}`).toBe(false);
    expect(l[0]).toBeGreaterThanOrEqual(view[0]);
    expect(l[2]).toBeLessThanOrEqual(view[2]);
  }
  await svg.screenshot({ path: shot('drawing-bmin-1024') });
});

// edge_list has no layout hint of its own (topology/graph.hpp): the core's description gives the
// default, a force layout, and the drawing comes from that description alone.
test('a network without a special drawing (edge_list: the default force layout) draws every switch and link, the same way on every load', async ({ page }) => {
  const edges = [[0, 1], [1, 2], [2, 3], [3, 0], [0, 4], [4, 5], [5, 2], [1, 6], [6, 7], [7, 3]];
  const cfg = { seed: 2, engine: 'routewalk', topology: { kind: 'edge_list', edges }, switch: { cache: { entries: 16, ways: 4 } },
    traffic: { pattern: 'uniform', packets: 2000 }, output: { per_port: true } };
  const drawing = nativeDrawing(cfg);
  expect(drawing.layout).toEqual({ type: 'force' });
  expect(drawing.links.map(([a, , b]) => [a, b])).toEqual(edges.map(([a, b]) => [Math.min(a, b), Math.max(a, b)]).sort((p, q) => p[0] - q[0] || p[1] - q[1]));
  const native = nativeRun(cfg);
  const picture = async () => {
    await runConfigInBrowser(page, expect, cfg, native.config_hash);
    const svg = page.getByTestId('wasm-result').locator('svg[data-testid="topology-svg"]');
    await expect(svg.locator('[data-switch]')).toHaveCount(drawing.switches);
    return svg.evaluate((s) => ({
      centres: [...s.querySelectorAll('[data-switch]')].map((r) => [Number(r.getAttribute('data-switch')),
        Number(r.getAttribute('x')) + (Number(r.getAttribute('width')) + 1) / 2, Number(r.getAttribute('y')) + (Number(r.getAttribute('height')) + 1) / 2]),
      lines: [...s.querySelectorAll('g.links line')].map((l) => ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a)))),
    }));
  };
  const first = await picture();
  // Every line joins the centres of the two switches of one link, and every link has its line.
  const at = (x, y) => first.centres.find(([, cx, cy]) => Math.abs(cx - x) < 1e-6 && Math.abs(cy - y) < 1e-6)?.[0];
  const joined = first.lines.map(([x1, y1, x2, y2]) => [at(x1, y1), at(x2, y2)].sort((p, q) => p - q));
  expect(joined.sort((p, q) => p[0] - q[0] || p[1] - q[1])).toEqual(drawing.links.map(([a, , b]) => [a, b]));
  // Ports named by the core: switch 0's neighbours in ascending id.
  await page.getByTestId('wasm-result').locator('[data-switch="0"]').click();
  const rows = await page.getByTestId('wasm-result').getByTestId('port-table').locator('tbody tr').allInnerTexts();
  expect(rows.map((r) => r.split('\t')[1])).toEqual(['node', 'to switch 1', 'to switch 3', 'to switch 4']);
  await page.screenshot({ path: shot('drawing-edge-list-force'), fullPage: true });
  // The force layout is seeded: a fresh load draws the same picture.
  expect(await picture()).toEqual(first);
});
