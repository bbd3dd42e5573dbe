// The sweep page of a cycle-engine sweep: deadlocked points are said in the table and marked on
// the chart, and a saturation sweep's table caption wraps to the visible width.
import { test, expect } from '@playwright/test';
import { example, nativeRun } from './support.mjs';

const LOADS = [0.1, 0.5, 1.0];
const ORGS = ['vc', 'input_fifo'];
// A 4x4 torus under wormhole DOR with 8-flit packets: its rings deadlock one FIFO per input from
// some load on (nothing accepted, no latency), while VCs split at the datelines never do.
const TORUS = {
  engine: 'cycle', topology: { kind: 'torus', dims: [4, 4] },
  switch: { cache: null, buffer: { organisation: 'vc', vcs: 2, flits_per_vc: 4, flits_per_port: 8, flow_control: 'wormhole' } },
  traffic: { pattern: 'uniform', injection: { load: 0.1 }, packet_flits: 8 },
  sim: { warmup_cycles: 3000, measure_cycles: 3000, drain_cycles: 30000 },
};

const withPoint = (base, load, org) => ({ ...base, switch: { ...base.switch, buffer: { ...base.switch.buffer, organisation: org } },
  traffic: { ...base.traffic, injection: { ...base.traffic.injection, load } } });

async function openSweep(page, name, base, axes) {
  const res = await page.request.post('/api/sweeps', { data: { name, base, axes } });
  expect([200, 202]).toContain(res.status());
  const { id } = await res.json();
  await page.goto(`/s/${id}`);
}

// The deadlocked points' rows say so, and their latency line does not just stop.
test('a deadlocked point is in the table and marked on the chart', async ({ page }) => {
  const base = TORUS;
  const deadlocked = ORGS.flatMap((org) => LOADS.filter((load) => nativeRun(withPoint(base, load, org)).deadlock).map((load) => [org, load]));
  expect(deadlocked.length).toBeGreaterThan(0);
  await openSweep(page, 'deadlock check', base, { 'traffic.injection.load': LOADS, 'switch.buffer.organisation': ORGS });
  await expect(page.getByTestId('sweep-status')).toContainText('done: 6 / 6 points done', { timeout: 120_000 });

  const table = page.getByTestId('sweep-table');
  // The status can say done before the result rows are drawn: read the table once they are.
  await expect(table.getByRole('columnheader', { name: 'deadlock', exact: true })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(6);
  const heads = await table.locator('thead th').allInnerTexts();
  expect(heads[heads.indexOf('saturated') + 1]).toBe('deadlock');
  const rows = (await table.locator('tbody tr').allInnerTexts()).map((r) => r.split('\t'));
  const cell = (r, name) => r[heads.indexOf(name)];
  const shown = rows.filter((r) => cell(r, 'deadlock') === 'yes')
    .map((r) => [cell(r, 'switch.buffer.organisation'), Number(cell(r, 'traffic.injection.load').split(' ')[0])]);
  const sorted = (points) => points.map((p) => JSON.stringify(p)).sort();
  expect(sorted(shown)).toEqual(sorted(deadlocked));

  const chart = page.getByTestId('sweep-chart');
  await expect(chart.locator('svg text[data-stalled]')).toHaveCount(deadlocked.length);
  for (const org of new Set(deadlocked.map(([o]) => o))) {
    const loads = deadlocked.filter(([o]) => o === org).map(([, l]) => `${l} flits/node/cycle`).join(', ');
    await expect(page.getByTestId('sweep-chart-stalled')).toContainText(`${org}: deadlock at Offered load ${loads}`);
  }
});

// The caption of a table of saturation searches is a paragraph: at 1024 px its end is on screen,
// while the table itself scrolls sideways.
test("a saturation sweep's table caption wraps to the window", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  const mesh = example('booksim-mesh-8x8-cycle').config;
  const base = { ...mesh, topology: { kind: 'mesh', dims: [4, 4] },
    sim: { mode: 'saturation', warmup_cycles: 300, measure_cycles: 1500, drain_cycles: 1500 } };
  await openSweep(page, 'caption check', base, { 'switch.buffer.organisation': ['vc', 'central'] });
  const caption = page.getByTestId('sweep-table-caption');
  await expect(caption).toContainText('Every point is a saturation search');
  expect(await page.getByTestId('sweep-table').evaluate((t) => t.scrollWidth)).toBeGreaterThan(1024);
  const box = await caption.boundingBox();
  expect(box.x + box.width).toBeLessThanOrEqual(1024);
});
