// The Compare view follows its URL: a new fragment in the same tab (#ids=…&h=…), Back and Forward
// show the runs the URL names; the view's own changes are history steps (ticking a run: one Back
// undoes it) or rewrite the current one (typing ids). It also says which cycle runs saturated.
import { test, expect } from '@playwright/test';
import { nativeRun, runConfigInBrowser } from './support.mjs';

// A 4x4 mesh of wormhole switches without caches: at 0.6 flits/node/cycle the single input FIFO
// saturates, the VCs do not.
const cfg = (organisation, load) => ({
  seed: 1, engine: 'cycle', topology: { kind: 'mesh', dims: [4, 4] },
  switch: { cache: null, buffer: { organisation, flits_per_port: 8, flow_control: 'wormhole' } },
  traffic: { pattern: 'uniform', injection: { load }, packet_flits: 8 },
  sim: { warmup_cycles: 200, measure_cycles: 1000, drain_cycles: 2000 },
});

test('compare: the columns follow the URL fragment, Back and Forward; ticks are steps, typed ids are not', async ({ page }) => {
  const runs = [cfg('input_fifo', 0.6), cfg('vc', 0.6), cfg('vc', 0.5)].map((c) => ({ cfg: c, native: nativeRun(c) }));
  expect(runs.map((r) => r.native.saturated)).toEqual([true, false, false]);
  for (const r of runs) await runConfigInBrowser(page, expect, r.cfg, r.native.config_hash);
  const [fifo, vc, vcLow] = runs.map((r) => r.native.config_hash);

  const table = page.getByTestId('compare-table');
  const cells = (path) => table.locator(`tr[data-path="${path}"] td`);
  const showsFifoVsVc = async () => {
    await expect(cells('switch.buffer.organisation')).toHaveText(['input_fifo', 'vc']);
    await expect(table.locator('tr[data-path="state"]')).toHaveClass('differs');
    await expect(cells('state')).toHaveText(['saturated', 'below saturation']);
  };
  const showsTwoLoads = async () => {
    await expect(cells('traffic.injection.load')).toHaveText(['0.6 flits/node/cycle', '0.5 flits/node/cycle']);
    // Both below saturation: an equal state, hidden like every equal row.
    await expect(cells('switch.buffer.organisation')).toHaveCount(0);
    await expect(cells('state')).toHaveCount(0);
  };
  const ids = page.locator('#compare-ids');

  await page.goto(`/?view=compare#h=${fifo},${vc}`);
  await showsFifoVsVc();
  // Only the fragment changes (no new document): the columns and the ids box follow it.
  await page.evaluate((hash) => { window.location.hash = hash; }, `#ids=0123abcd&h=${vc},${vcLow}`);
  await showsTwoLoads();
  await expect(ids).toHaveValue('0123abcd');
  await page.goBack();
  await showsFifoVsVc();
  await expect(ids).toHaveValue('');
  await page.goForward();
  await showsTwoLoads();
  await expect(ids).toHaveValue('0123abcd');

  // Unticking a run is a step of its own: Back brings it back.
  await page.locator('.compare-pick input:checked').first().uncheck();
  await expect(table.locator('thead th')).toHaveCount(2);
  await page.goBack();
  await showsTwoLoads();
  await expect(page).toHaveURL(new RegExp(`#ids=0123abcd&h=${vc},${vcLow}$`));

  // Typed ids rewrite the current step: Back goes to the step before it.
  await ids.fill('');
  await expect(page).toHaveURL(new RegExp(`#ids=&h=${vc},${vcLow}$`));
  await page.goBack();
  await showsFifoVsVc();
});
