// A long server run is no black box: the explorer shows its worker's progress in the engine's own
// work units, moving as the run goes, and Cancel stops it on the server (DELETE /api/experiments/{id}).
import { test, expect } from '@playwright/test';
import { experimentId, openJsonTab, openExplorer } from './support.mjs';

test('a server run shows its progress in cycles, moving, and Cancel stops it on the server', async ({ page, request }) => {
  // Minutes of simulated cycles (about 11,000 a second for this mesh on one core); a seed of its own so
  // no stored run of an earlier test stands in.
  const cfg = { seed: Date.now() % 1000000007, engine: 'cycle', topology: { kind: 'mesh', dims: [8, 8] },
    switch: { cache: null }, traffic: { injection: { load: 0.2 } },
    sim: { warmup_cycles: 100, measure_cycles: 3000000, drain_cycles: 100 } };
  const id = experimentId(cfg);
  await openExplorer(page, expect);
  await openJsonTab(page, expect);
  await page.locator('#config-json').fill(JSON.stringify(cfg, null, 2));
  const submit = page.getByRole('button', { name: 'Submit to server' });
  await expect(submit).toBeEnabled();
  await submit.click();

  const progress = page.getByTestId('server-progress');
  const text = progress.getByTestId('server-progress-text');
  await expect(text).toHaveText(/^running: \d+\.\d % · cycles [\d,]+ of 3,000,200$/, { timeout: 60_000 });
  const cycles = async () => Number(/cycles ([\d,]+) of/.exec(await text.textContent())?.[1].replaceAll(',', '') ?? -1);
  const width = async () => parseFloat(await progress.locator('.progress-fill').evaluate((el) => el.style.width));
  const [firstCycles, firstWidth] = [await cycles(), await width()];
  expect(firstCycles).toBeGreaterThan(0);
  await expect.poll(cycles, { timeout: 20_000 }).toBeGreaterThan(firstCycles);
  await expect.poll(width, { timeout: 20_000 }).toBeGreaterThan(firstWidth);
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^\d+$/);

  await progress.getByTestId('server-progress-cancel').click();
  await expect(page.getByTestId('server-status')).toContainText(
    new RegExp(`experiment ${id.slice(0, 12)}… cancelled at \\d+\\.\\d % · cycles [\\d,]+ of 3,000,200`));
  const stored = await (await request.get(`/api/experiments/${id}`)).json();
  expect(stored.status).toBe('cancelled');
  expect(stored.result).toBeNull();
  expect(stored.progress.fraction).toBeGreaterThan(0);
  expect(stored.progress.fraction).toBeLessThan(1);
});

test('the experiment page /e/{id} of a run under way shows its progress, and Cancel there stops it', async ({ page, request }) => {
  const cfg = { seed: (Date.now() + 7) % 1000000007, engine: 'cycle', topology: { kind: 'mesh', dims: [8, 8] },
    switch: { cache: null }, traffic: { injection: { load: 0.2 } },
    sim: { warmup_cycles: 100, measure_cycles: 3000000, drain_cycles: 100 } };
  const posted = await request.post('/api/experiments', { data: cfg });
  expect([200, 202]).toContain(posted.status());
  const id = experimentId(cfg);
  await page.goto(`/e/${id}`);
  const progress = page.getByTestId('experiment-progress');
  const text = progress.getByTestId('experiment-progress-text');
  await expect(text).toHaveText(/^running: \d+\.\d % · cycles [\d,]+ of 3,000,200$/, { timeout: 60_000 });
  const cycles = async () => Number(/cycles ([\d,]+) of/.exec(await text.textContent())?.[1].replaceAll(',', '') ?? -1);
  const first = await cycles();
  await expect.poll(cycles, { timeout: 20_000 }).toBeGreaterThan(first);

  await progress.getByTestId('experiment-progress-cancel').click();
  await expect(page.getByTestId('experiment-status')).toContainText(/status: cancelled at \d+\.\d % · cycles [\d,]+ of 3,000,200/);
  await expect(progress).toHaveCount(0);
  const stored = await (await request.get(`/api/experiments/${id}`)).json();
  expect(stored.status).toBe('cancelled');
  expect(stored.result).toBeNull();
});
