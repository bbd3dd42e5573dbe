// BookSim configs in (issue 35): a BookSim 2.0 config file, pasted or chosen, is turned into a cycle-engine config
// by the page's WASM core, loaded into the editor (the same config as `switchlab-sim import booksim`), and the keys
// SwitchLab does not model are listed with their lines; a file it cannot translate is an error naming the line.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { ROOT, SIM, experimentId, openJsonTab, openExplorer } from './support.mjs';

const MESH = path.join(ROOT, 'tests', 'cross_build', 'booksim', 'mesh88.cfg');
const nativeImport = (file) => JSON.parse(execFileSync(SIM, ['import', 'booksim', file], { encoding: 'utf8' }));

test('a BookSim config file loads into the editor with its unmodelled keys listed', async ({ page }) => {
  const want = nativeImport(MESH);
  await openExplorer(page, expect);
  const box = page.getByTestId('booksim-import');
  await box.getByText('Import BookSim config').click();
  await box.getByLabel('BookSim config file').setInputFiles(MESH);
  const rows = page.getByTestId('booksim-unmodelled').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('29use_read_write0SwitchLab has no request/reply traffic');
  await expect(rows.nth(1)).toContainText('30input_speedup1');
  await expect(page.getByTestId('booksim-defaults')).toContainText('max_samples = 10');
  // The editor holds the importer's config: the same experiment as the native CLI's import.
  await openJsonTab(page, expect);
  const shown = JSON.parse(await page.locator('#config-json').inputValue());
  expect(experimentId(shown)).toBe(experimentId(want.config));

  // Pasted text that cannot be translated: the error names the line and what is allowed.
  await box.getByLabel('or paste it').fill('// flattened butterfly\ntopology = flatfly;\n');
  await box.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByTestId('booksim-error')).toHaveText(
    "line 2: topology = flatfly is not modelled by SwitchLab's cycle engine (allowed: one of: fattree, mesh, torus)");
  await expect(page.getByTestId('booksim-answer')).toHaveCount(0);
  // The pasted file of the test is what the chosen one was.
  await box.getByLabel('or paste it').fill(readFileSync(MESH, 'utf8'));
  await box.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(rows).toHaveCount(2);
});
