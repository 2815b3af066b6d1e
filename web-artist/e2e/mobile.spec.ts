import { expect, test } from '@playwright/test';
import { snap } from './support.ts';

test.describe('at 360 px wide', () => {
  test('uses the slide-in menu, which closes on choice', { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('navigation', { name: 'Main' });
    await expect(panel).toBeVisible();
    for (const item of ['Apply to Join', 'About Us', 'Contact Us', 'Support', 'Login']) {
      await expect(panel.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await snap(page, testInfo, 'menu-open');
    await panel.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(panel).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
