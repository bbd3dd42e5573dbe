// The status line of a browser run: its elapsed time counts from the run's start. (A clock kept
// from before the run once read "-5315.9 ms elapsed" on the run's first render.)
import { test, expect } from '@playwright/test';

test('a browser run\'s elapsed time is never negative, from its first status on', async ({ page }) => {
  await page.goto('/');
  // The start example runs by itself; the next run comes well after that run's last tick.
  const status = page.getByTestId('wasm-status');
  await expect(status).toContainText('done in', { timeout: 60_000 });
  await page.waitForTimeout(1500);
  // Every text the status takes, the first render of the run included (a tick replaces it 100 ms later).
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="wasm-status"]');
    window.statusTexts = [];
    new MutationObserver(() => window.statusTexts.push(el.textContent)).observe(el, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Run in browser (WASM)' }).click();
  await page.waitForFunction(() => window.statusTexts.some((t) => t.startsWith('done in')), null, { timeout: 60_000 });
  const texts = await page.evaluate(() => window.statusTexts);
  const elapsed = texts.flatMap((t) => [...t.matchAll(/· (\S+) (µs|ms|s|min|h) elapsed/g)].map((m) => `${m[1]} ${m[2]}`));
  expect(elapsed.length, texts.join('\n')).toBeGreaterThan(0);
  for (const e of elapsed) expect(e, texts.join('\n')).toMatch(/^\d/);
  // The first status of the run is its start: under a second.
  expect(elapsed[0]).toMatch(/ (µs|ms)$/);
});
