import { expect, test } from '@playwright/test';
import { signInToConsole } from '../../test/e2e/seed.ts';

/**
 * Issue 33: each page of the console says which it is in the browser's tab, `<page> · Riffline Admin`, the
 * page being the title react-admin shows in its bar (the resource's name on a list).
 */
test.describe("the console's pages", () => {
  test('each has its own document title', { tag: '@phone' }, async ({ page }) => {
    await signInToConsole(page);
    await expect(page.getByText('Pending Applications')).toBeVisible();
    await expect(page).toHaveTitle('Dashboard · Riffline Admin');

    const bar = page.locator('#react-admin-title');
    const seen = new Set<string>(['Dashboard · Riffline Admin']);
    for (const [path, title] of [
      ['/admin/applications', 'Applications'],
      ['/admin/users', 'Users'],
      ['/admin/releases', 'Releases'],
      ['/admin/release-changes', 'Corrections'],
      ['/admin/royalties', null],
      ['/admin/reports', null],
      ['/admin/withdrawal-requests', 'Payouts'],
      ['/admin/tickets', 'Tickets'],
      ['/admin/analytics', null],
      ['/admin/settings', 'Platform Settings'],
      ['/admin/team', 'Team'],
      ['/admin/store-targets', 'Stores'],
      ['/admin/deliveries', 'Deliveries'],
      ['/admin/delivery-acknowledgements', 'Acknowledgements'],
      ['/admin/events', 'Audit Trail'],
      ['/admin/failed-events', 'Failed Events'],
      ['/admin/contact-messages', 'Contact Messages'],
      ['/admin/newsletter-subscriptions', 'Newsletter'],
    ] as const) {
      await page.goto(path);
      // The bar's title, whatever the page calls itself; where the test knows it, that exact one.
      await expect(bar, path).not.toBeEmpty();
      const shown = (await bar.textContent())!.trim();
      if (title) expect(shown, path).toBe(title);
      await expect(page, path).toHaveTitle(`${shown} · Riffline Admin`);
      seen.add(`${shown} · Riffline Admin`);
    }
    expect(seen.size).toBe(19); // no two pages share a title

    // A record's page: its own title, as the bar shows it.
    await page.goto('/admin/users/demo-artist/show');
    await expect(bar).toContainText('artist@riffline.local');
    await expect(page).toHaveTitle(`${(await bar.textContent())!.trim()} · Riffline Admin`);
    await expect(page).toHaveTitle(/^User .*artist@riffline\.local · Riffline Admin$/);
    // And a path the console does not know.
    await page.goto('/admin/nowhere');
    await expect(page).toHaveTitle('Not Found · Riffline Admin');
  });

  test('a keyboard user sees where the focus is', async ({ page }) => {
    await signInToConsole(page);
    await expect(page.getByText('Pending Applications')).toBeVisible();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement!;
      const style = getComputedStyle(el);
      return {
        focusVisible: el.matches(':focus-visible'),
        drawn: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      };
    });
    expect(ring).toEqual({ focusVisible: true, drawn: true });
  });
});
