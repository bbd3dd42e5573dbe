// The new-sweep page suggests every field a sweep may vary: numbers, arrays and choices alike
// (a cycle sweep over offered load and buffer organisation).
import { test, expect } from '@playwright/test';

test('the axis field list offers traffic.injection.load and switch.buffer.organisation', async ({ page }) => {
  await page.goto('/?view=sweeps');
  const list = page.locator('#sweep-paths');
  await expect(list.locator('option[value="traffic.injection.load"]')).toHaveCount(1);
  await expect(list.locator('option[value="switch.buffer.organisation"]')).toHaveCount(1);
  await expect(list.locator('option[value="switch.allocator.kind"]')).toHaveCount(1);
});
