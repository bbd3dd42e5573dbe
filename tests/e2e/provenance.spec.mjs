// Where the form's config comes from: edits of a preset say "Edited from the preset …"; a config
// that replaces the whole JSON text is not derived from the preset, so that line goes (and the
// preset's card comes back only when the new text is an example unchanged).
import { test, expect } from '@playwright/test';
import { example, openJsonTab, openExplorer } from './support.mjs';

const PRESET = 'seed003-fig7-hipiqs-bmin16';

test('replacing the whole JSON drops "Edited from the preset"; editing part of it keeps it', async ({ page }) => {
  await openExplorer(page, expect);
  await page.locator('#preset').selectOption(PRESET);
  const card = page.getByTestId('preset-card');
  const title = example(PRESET).title;
  await expect(card).toContainText(title);
  await openJsonTab(page, expect);
  const json = page.locator('#config-json');

  // An edit inside the text: still the preset's lineage.
  const text = await json.inputValue();
  const at = text.indexOf('"flits_per_port": 640') + '"flits_per_port": 64'.length;
  await json.evaluate((el, i) => el.setSelectionRange(i, i), at);
  await json.press('Backspace');
  await json.press('2');
  const edited = `Edited from the preset “${title}” (${example(PRESET).source}): its published figures apply only to the unchanged preset.`;
  await expect(card).toHaveText(edited);

  // The whole text replaced by one that does not parse, then undone: the edited preset again,
  // which keeps its lineage (the replacement came back to the config it replaced).
  const jsonError = page.getByRole('alert').filter({ hasText: 'JSON:' });
  await json.press('ControlOrMeta+a');
  await json.press('x');
  await expect(jsonError).toBeVisible();
  await json.press('ControlOrMeta+z');
  await expect(jsonError).toHaveCount(0);
  await expect(json).toHaveValue(text.slice(0, at - 1) + '2' + text.slice(at));
  await expect(card).toHaveText(edited);

  // Select all and type (fill) another config: no provenance line at all.
  const other = { engine: 'routewalk', topology: { kind: 'kary_ncube', dims: [4, 4], wrap: [true, true] }, traffic: { pattern: 'uniform', packets: 1000 } };
  await json.fill(JSON.stringify(other, null, 2));
  await expect(page.getByTestId('next-run-name')).toContainText('4×4');
  await expect(card).toHaveCount(0);

  // Back to the preset, then emptied and a config typed in: the same.
  await page.locator('#preset').selectOption(PRESET);
  await json.press('ControlOrMeta+a');
  await json.press('Delete');
  await expect(jsonError).toBeVisible();
  await page.keyboard.insertText(JSON.stringify({ ...other, seed: 7 }));
  await expect(jsonError).toHaveCount(0);
  await expect(card).toHaveCount(0);

  // A whole text that is an example unchanged: its own card.
  await json.fill(JSON.stringify(example(PRESET).config, null, 2));
  await expect(card).toContainText(title);
  await expect(card).not.toContainText('Edited from');
});
