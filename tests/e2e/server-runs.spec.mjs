// The server-wide history (issue 35): a sweep and an experiment submitted with the API alone (as with curl) show up
// in the "Server runs" view, newest first, narrowed by name and engine, each linking to its own page.
import { test, expect } from '@playwright/test';
import { example } from './support.mjs';

test('a sweep and an experiment submitted through the API appear in Server runs and link to their pages', async ({ page, request }) => {
  const stamp = `curl ${Date.now()}`;
  const base = { ...example('quickstart-torus-4x4').config, name: `${stamp} experiment` };
  const sweep = await request.post('/api/sweeps', {
    data: { name: `${stamp} sweep`, base, axes: { 'switch.cache.ways': [1, 2] } },
  });
  expect(sweep.status()).toBe(202);
  const sid = (await sweep.json()).id;
  const experiment = await request.post('/api/experiments', { data: { ...base, seed: 99 } });
  expect([200, 202]).toContain(experiment.status());
  const eid = (await experiment.json()).id;

  await page.goto('/');
  await page.getByRole('link', { name: 'Server runs' }).click();
  await expect(page).toHaveURL(/\?view=runs$/);
  const sweeps = page.getByTestId('server-sweeps');
  const experiments = page.getByTestId('server-experiments');
  // Both lists are there (newest first, as the API lists them: tests/api/test_history.py); other
  // specs may submit runs meanwhile (two run at a time), so only the name filter pins rows down.
  await expect(sweeps.locator(`tbody tr[data-id="${sid}"]`)).toHaveCount(1);
  await expect(experiments.locator(`tbody tr[data-id="${eid}"]`)).toHaveCount(1);

  // The name filter keeps exactly these; another engine hides them.
  await page.getByLabel('Name contains').fill(stamp);
  await expect(sweeps.locator('tbody tr')).toHaveCount(1);
  await expect(sweeps.locator('tbody tr').first()).toHaveAttribute('data-id', sid);
  await expect(sweeps.locator('tbody tr').first()).toContainText(`${stamp} sweep`);
  await expect(sweeps.locator('tbody tr').first()).toContainText('routewalk');
  await expect(experiments.locator('tbody tr')).toHaveCount(1);
  await expect(experiments.locator('tbody tr').first()).toHaveAttribute('data-id', eid);
  await page.getByLabel('Engine').selectOption('cycle');
  await expect(page.getByText('No sweeps match.')).toBeVisible();
  await expect(page.getByText('No experiments match.')).toBeVisible();
  // Sweep points are listed on request: the sweep's two and the experiment of its own.
  await page.getByLabel('Engine').selectOption('routewalk');
  await page.getByLabel(/include sweep points/).check();
  await expect(experiments.locator('tbody tr')).toHaveCount(3);

  await page.getByRole('link', { name: `${stamp} sweep` }).click();
  await expect(page).toHaveURL(new RegExp(`/s/${sid}$`));
  await page.goBack();
  await page.getByLabel('Name contains').fill(stamp);
  await experiments.locator(`tr[data-id="${eid}"] a`).click();
  await expect(page).toHaveURL(new RegExp(`/e/${eid}$`));
});
