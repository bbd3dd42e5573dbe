// The cycle engine in the explorer: seed 003's HIPIQS preset (saturation mode on the 16-node BMIN)
// runs in the browser's WASM core; the headline numbers, the saturation throughput and load
// bracket of its charts, the published value beside it and the drawing coloured by link utilisation
// equal the native CLI's run of the same config.
import { test, expect } from '@playwright/test';
import { decimalsFor, example as exampleOf, experimentId, histogramSE, mean, nativeRun, ns, runConfigInBrowser, runPresetInBrowser, pct, sig3, sig4, openJsonTab, openExplorer, unfoldNextRun } from './support.mjs';

const count = (n) => n.toLocaleString('en-US');

const PRESET = 'seed003-fig7-hipiqs-bmin16';

test('seed 003 HIPIQS preset: throughput, latency, saturation and link utilisation equal the native CLI', async ({ page }) => {
  const example = exampleOf(PRESET);
  const expected = nativeRun(example.config);

  // Before the run the grey drawing already names what the run colours the switches by.
  // Beside the first screen's result the next run's preview is folded: open it.
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption(PRESET);
  const next = await unfoldNextRun(page, expect);
  await expect(next.getByTestId('topology-preview')).toBeVisible();
  await expect(next.getByTestId('picked-switch')).toHaveText('Hover, click or focus a switch for its link utilisation and per-port statistics.');

  await runPresetInBrowser(page, expect, PRESET);

  const result = page.getByTestId('wasm-result');
  const load = result.getByTestId('wasm-load');
  await expect(load.getByTestId('wasm-throughput.accepted')).toHaveText(`${sig3(expected.throughput.accepted)} flits/node/cycle`);
  // The mean latency with the digits its histogram's standard error supports.
  const lat = expected.latency_cycles.packet;
  await expect(load.getByTestId('wasm-latency_cycles.packet.mean')).toHaveText(mean(lat.mean, histogramSE(lat.histogram), 'cycles'));
  await expect(load.getByTestId('wasm-saturation')).toHaveText(`${sig3(expected.saturation.throughput)} flits/node/cycle`);
  await expect(load.getByTestId('wasm-saturated')).toHaveText(expected.saturated ? 'saturated' : 'below saturation');
  // Both curves are drawn, one marker per run of the bisection.
  await expect(load.locator('svg[aria-label="packet latency (cycles) vs offered load (flits/node/cycle)"] circle title'))
    .toHaveCount(expected.saturation.curve.filter((c) => c[2] > 0).length);
  await expect(load.locator('svg[aria-label="accepted (flits/node/cycle) vs offered load (flits/node/cycle)"] circle title'))
    .toHaveCount(expected.saturation.curve.length);
  // The saturation throughput is an accepted throughput: a level on the accepted-throughput chart,
  // never a line on an offered-load axis; the latency chart shades the loads the bisection ended
  // between instead (a review found "0.92" drawn there while the run offered 0.9086 saturated).
  const [lo, hi] = expected.saturation.load_bracket;
  expect(lo).toBeLessThan(hi);
  await expect(load.locator('line[data-mark]')).toHaveCount(0);
  await expect(load.locator('svg[aria-label="accepted (flits/node/cycle) vs offered load (flits/node/cycle)"] line[data-level] title'))
    .toHaveText(`saturation throughput ${sig3(expected.saturation.throughput)} flits/node/cycle`);
  await expect(load.locator('svg[aria-label="packet latency (cycles) vs offered load (flits/node/cycle)"] rect[data-span] title'))
    .toHaveText(`offered-load bracket the bisection ended in: traffic.injection.load ${sig4(lo)}–${sig4(hi)} flits/node/cycle`);
  await expect(load.getByTestId('wasm-load-bracket')).toHaveText(`${sig4(lo)}–${sig4(hi)} flits/node/cycle`);

  // Buffer occupancy: the share of the per-port budget is labelled as such, not "mean".
  await expect(load.locator('tr', { hasText: 'mean fraction' })).toHaveText(`mean fraction${pct(expected.buffers.mean_fraction)}`);

  // As published beside this run's simulated value (the cycle engine simulates; no analytical model).
  await expect(result.getByTestId('published-table').locator('thead th'))
    .toHaveText(['quantity', 'as published', 'model', 'simulated (this run)', 'agreement']);
  await expect(result.getByTestId('published-table').locator('tbody tr').first())
    .toContainText(`${sig3(expected.saturation.throughput)} flits/node/cycle`);

  // The drawing: one cell per switch, coloured by link utilisation, with its legend.
  await expect(result.locator('[data-switch]')).toHaveCount(expected.summary.switches);
  await expect(result.getByTestId('topology-legend')).toContainText('link utilisation per switch');
  await expect(result.locator('[data-switch="0"] title'))
    .toHaveText(`switch 0 (0,0): link utilisation ${pct(expected.utilization.by_switch[0])}`);

  // Every link is a line carrying its utilisation: each direction is the by_output_port value of
  // the port it leaves by, the line shows the larger (lib/drawing/linkUtil.ts).
  await expectLinkUtilisation(result, expected);
});

// A random regular graph's links: their ports come from topology.edges (port c + i to the i-th
// neighbour in ascending id), so the lines must match the native result's per-port values too.
test('cycle engine on a random regular graph: every line carries its link utilisation', async ({ page }) => {
  const cfg = {
    engine: 'cycle', seed: 7, topology: { kind: 'random_regular', switches: 8, degree: 3 },
    traffic: { pattern: 'uniform', injection: { load: 0.3 } }, sim: { warmup_cycles: 200, measure_cycles: 1000, drain_cycles: 1000 },
  };
  const expected = nativeRun(cfg);
  await runConfigInBrowser(page, expect, cfg, expected.config_hash);
  await expectLinkUtilisation(page.getByTestId('wasm-result'), expected);
});

// A 4x4 mesh (the cycle engine's commonest network, small enough for links between its cells):
// the core numbers a cube's ports [0, c) nodes, then c + 2d (+, to coordinate + 1) and c + 2d + 1
// (−) per dimension d, so the link from switch s along dim d is [s, c + 2d, s + stride_d, c + 2d + 1].
test('cycle engine on a 4x4 mesh: every link between the cells carries its utilisation', async ({ page }) => {
  const cfg = {
    engine: 'cycle', seed: 3, topology: { kind: 'mesh', dims: [4, 4] },
    traffic: { pattern: 'uniform', injection: { load: 0.3 } }, sim: { warmup_cycles: 200, measure_cycles: 1000, drain_cycles: 1000 },
  };
  const expected = nativeRun(cfg);
  const [k0, k1] = expected.topology.dims;
  const c = expected.topology.concentration ?? 1;
  const links = [];
  for (let s = 0; s < k0 * k1; s++) {
    if (s % k0 + 1 < k0) links.push([s, c, s + 1, c + 1]);
    if (Math.floor(s / k0) + 1 < k1) links.push([s, c + 2, s + k0, c + 3]);
  }
  await runConfigInBrowser(page, expect, cfg, expected.config_hash);
  const result = page.getByTestId('wasm-result');
  await expectLinkUtilisation(result, expected, links);
  await expect(result.getByTestId('link-note')).toContainText('Links of dim0 and dim1 only');
  // Captioned with the kind the config chose (the core describes every cube as kary_ncube).
  await expect(result.locator('figure.topology figcaption')).toContainText('Switches of the 4×4 mesh, coloured by');

  // The latency histogram: packet latency, then network latency; every measured packet in a bar of
  // the stated width of whole cycles, the caption's percentiles in cycles and in the core's ns.
  const hist = result.getByTestId('wasm-latency-histogram');
  for (const [kind, from] of [['packet', 'creation to tail ejection, source queueing included'], ['network', 'injection to tail ejection']]) {
    if (kind === 'network') await hist.getByRole('radio', { name: 'network latency' }).check();
    const [c, n] = [expected.latency_cycles[kind], expected.latency_ns[kind]];
    await expect(hist.locator('figcaption')).toHaveText(`Distribution of ${kind} latency (${from}): `
      + `p50 ${count(c.p50)} cycles (${ns(n.p50)}), p99 ${count(c.p99)} cycles (${ns(n.p99)})`);
    const label = await hist.locator('svg text').last().textContent();
    const width = Number(/^\w+ latency \(cycles\); bin width ([\d,]+) cycles?$/.exec(label)[1].replace(/,/g, ''));
    const bars = (await hist.locator('svg rect title').allTextContents()).map((t) => /^([\d,]+)(?:–([\d,]+))? cycles: ([\d,]+) packets$/.exec(t));
    expect(bars.every(Boolean)).toBe(true);
    expect(bars.length).toBeLessThanOrEqual(30);
    const num = (t) => Number(t.replace(/,/g, ''));
    expect(bars.every((m) => (m[2] ? num(m[2]) - num(m[1]) + 1 : 1) === width)).toBe(true);
    expect(bars.reduce((a, m) => a + num(m[3]), 0)).toBe(c.histogram.reduce((a, [, k]) => a + k, 0));
  }
});

// Two runs of one config with different seeds: their mean switches crossed differ by less than
// the digits their errors support (both "3.7 switches"). The compare view flags the row, and its Δ
// shows the difference to two significant digits, not a signed zero ("−0.0").
test('compare two seeds: a difference below the shown digits has a Δ that is not zero', async ({ page }) => {
  const cfg = {
    engine: 'cycle', seed: 3, topology: { kind: 'mesh', dims: [4, 4] },
    traffic: { pattern: 'uniform', injection: { load: 0.3 } }, sim: { warmup_cycles: 200, measure_cycles: 1000, drain_cycles: 1000 },
  };
  const runs = [cfg, { ...cfg, seed: 4 }].map((c) => ({ cfg: c, native: nativeRun(c) }));
  for (const r of runs) await runConfigInBrowser(page, expect, r.cfg, r.native.config_hash);
  const [a, b] = runs.map((r) => r.native);
  // Popoviciu's bound on the SE of a mean in [0, max_hops] (lib/numbers/confidence.ts), as the UI uses.
  const se = (r) => r.summary.max_hops / 2 / Math.sqrt(r.packets.measured);
  const shown = decimalsFor(Math.hypot(se(a), se(b)), 0, 3);
  const d = b.hops.mean - a.hops.mean;
  expect(Number(Math.abs(d).toFixed(shown))).toBe(0);
  const digits = 1 - Math.floor(Math.log10(Math.abs(d)));
  const sign = d > 0 ? '+' : '−';
  const rel = Math.abs(d / a.hops.mean) * 100;

  await page.goto(`/?view=compare#h=${a.config_hash},${b.config_hash}`);
  const row = page.getByTestId('compare-table').locator('tr[data-path="hops.mean"]');
  await expect(row).toHaveClass('differs');
  await expect(row.locator('td').nth(1).locator('.delta'))
    .toHaveText(`Δ ${sign}${Math.abs(d).toFixed(digits)} switches (${sign}${rel.toFixed(rel >= 10 ? 0 : 1)} %)`);
  // A row whose values are the same is not flagged (nor listed, until "show all rows").
  await page.getByTestId('compare-show-all').check();
  await expect(page.getByTestId('compare-table').locator('tr[data-path="throughput.offered_configured"]')).not.toHaveClass('differs');
});

// A run in the browser (its config as the form holds it) beside the server's experiment of the
// same config (stored normalized, defaults filled in): the Compare view diffs the configs as the
// core normalizes them, so it lists no config difference, and a real one (the load) alone.
test('compare a browser run with a server run of the same config: no config differences; a load change is the one', async ({ page }) => {
  const cfg = {
    engine: 'cycle', seed: 3, topology: { kind: 'mesh', dims: [4, 4] },
    traffic: { pattern: 'uniform', injection: { load: 0.3 } }, sim: { warmup_cycles: 200, measure_cycles: 1000, drain_cycles: 1000 },
  };
  const other = { ...cfg, traffic: { ...cfg.traffic, injection: { load: 0.2 } } };
  const [id, otherId] = [experimentId(cfg), experimentId(other)];
  await openExplorer(page, expect);
  await openJsonTab(page, expect);
  await page.locator('#config-json').fill(JSON.stringify(cfg, null, 2));
  await page.getByRole('button', { name: 'Submit to server' }).click();
  await expect(page.getByTestId('server-config-hash')).toHaveAttribute('data-hash', id, { timeout: 120_000 });
  // Run in the browser last, so this browser's history keeps the config as the form holds it.
  await page.getByRole('button', { name: 'Run in browser (WASM)' }).click();
  await expect(page.getByTestId('wasm-config-hash')).toHaveAttribute('data-hash', id, { timeout: 60_000 });
  await runConfigInBrowser(page, expect, other, otherId);

  await page.goto(`/?view=compare#ids=${id}&h=${id}`);
  const table = page.getByTestId('compare-table');
  // The server's experiment, then this browser's run.
  await expect(table.locator('thead th')).toHaveCount(3);
  await expect(table.getByTestId('compare-config-head')).toHaveText('Config (0 that differ)');
  await page.goto('/?view=sweeps');
  await page.goto(`/?view=compare#ids=${id}&h=${otherId}`);
  await expect(table.getByTestId('compare-config-head')).toHaveText('Config (1 that differ)');
  // Config values in their field's unit, as set.
  await expect(table.locator('tr[data-path="traffic.injection.load"]')).toHaveText('traffic.injection.load0.3 flits/node/cycle0.2 flits/node/cycle');
});

async function expectLinkUtilisation(result, expected, cubeLinks) {
  const P = expected.summary.ports_per_switch;
  const u = expected.utilization.by_output_port;
  const t = expected.topology;
  const c = t.concentration ?? 1;
  const nbrs = (s) => t.edges.flatMap(([a, b]) => (a === s ? [b] : b === s ? [a] : [])).sort((x, y) => x - y);
  const links = cubeLinks ?? (Array.isArray(t.links) ? t.links : t.edges.map(([a, b]) => [a, c + nbrs(a).indexOf(b), b, c + nbrs(b).indexOf(a)]));
  await expect(result.locator('line[data-link]')).toHaveCount(links.length);
  for (const [a, pa, b, pb] of links) {
    const [there, back] = [u[a * P + pa], u[b * P + pb]];
    const line = result.locator(`line[data-link="${a}:${pa}:${b}:${pb}"]`);
    await expect(line).toHaveAttribute('data-utilisation', String(Math.max(there, back)));
    await expect(line.locator('title')).toHaveText(
      `switch ${a} port ${pa} → switch ${b}: ${pct(there)} of cycles; back (switch ${b} port ${pb} → switch ${a}): ${pct(back)} of cycles`);
  }
  await expect(result.getByTestId('topology-legend')).toContainText('link utilisation per link (larger direction, % of cycles)');
  await expect(result.getByTestId('link-note')).toContainText('Node (injection/ejection) links are not drawn');
}

// An application replayed flit by flit (traffic.injection.process "application"): the browser's
// WASM core gives the native CLI's run time, shown with its unit in the replay table, and the
// buffer occupancy table is there.
test('NPB skeleton replayed in the browser: its run time equals the native CLI', async ({ page }) => {
  const cfg = {
    engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] }, switch: { cache: { entries: 8, ways: 2 } },
    traffic: {
      pattern: 'npb', packet_flits: 8, injection: { process: 'application', gflops: 100 },
      npb: { benchmarks: ['is'], class: 'S', ranks: 16, packet_bytes: 256 },
    },
    sim: { warmup_cycles: 0, measure_cycles: 10000000, drain_cycles: 0 },
  };
  const expected = nativeRun(cfg);
  expect(expected.replay.completed).toBe(true);
  await runConfigInBrowser(page, expect, cfg, expected.config_hash);
  const replay = page.getByTestId('wasm-replay');
  // At 1 GHz the run time in ns is a whole number of cycles: shown without decimals.
  await expect(replay).toContainText(ns(expected.replay.completion_ns));
  await expect(replay).toContainText('yes');  // completed
  await expect(page.getByTestId('wasm-load')).toContainText('Buffers');
});
