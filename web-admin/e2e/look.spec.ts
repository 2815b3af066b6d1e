import { expect, test, type Page } from '@playwright/test';
import { snap } from '../../test/e2e/support.ts';
import { signInToConsole } from '../../test/e2e/seed.ts';

/**
 * The console's look: Riffline's light and dark themes (the choice survives a reload), its mark in the
 * app bar leading back to the site, and no section that shows a translation key instead of words.
 */

/** Every section of the menu, by its path under /admin. */
const sections = [
  '',
  'applications',
  'users',
  'releases',
  'release-changes',
  'smartlinks',
  'royalties',
  'reports',
  'withdrawal-requests',
  'tickets',
  'analytics',
  'settings',
  'team',
  'store-targets',
  'deliveries',
  'delivery-acknowledgements',
  'events',
  'failed-events',
  'contact-messages',
  'newsletter-subscriptions',
];

/** What a missing translation looks like on screen: a key, or a placeholder polyglot left unfilled. */
const rawKey = /(?<![@\w.-])(riffline|resources|ra)\.[a-zA-Z_-]+\.[a-zA-Z_]|%\{/;

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The page's own content has loaded (the list, the form, or its empty state), not only the frame. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.RaLoading-root, [role="progressbar"]')).toHaveCount(0);
}

test.describe('the look of the console', () => {
  test(
    'dark mode is a choice that survives a reload, and light comes back',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await signInToConsole(page, '/admin/releases');
      await settled(page);
      const light = await background(page);
      const toggle = page.getByRole('button', { name: 'Toggle light/dark mode' });

      await toggle.click();
      await expect.poll(() => background(page)).not.toBe(light);
      const dark = await background(page);
      await page.mouse.move(640, 700); // no tooltip over the app bar in the pictures
      await snap(page, testInfo, 'admin-dark-releases');

      await page.reload();
      await settled(page);
      await expect.poll(() => background(page)).toBe(dark);

      for (const path of ['applications', 'withdrawal-requests', 'tickets', 'analytics']) {
        await page.goto(`/admin/${path}`);
        await settled(page);
        await snap(page, testInfo, `admin-dark-${path}`);
      }
      await page.goto('/admin');
      await settled(page);
      await snap(page, testInfo, 'admin-dark-dashboard');

      await page.getByRole('button', { name: 'Toggle light/dark mode' }).click();
      await expect.poll(() => background(page)).toBe(light);
      await page.reload();
      await expect.poll(() => background(page)).toBe(light);
    },
  );

  test("the app bar's Riffline mark leads back to the site", { tag: '@phone' }, async ({ page }) => {
    await signInToConsole(page, '/admin/users');
    const home = page.getByRole('banner').getByRole('link', { name: 'Riffline home' });
    await expect(home).toBeVisible();
    await home.click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page).not.toHaveURL(/\/admin/);
  });

  test('no section shows a translation key instead of words', { tag: '@phone' }, async ({ page }) => {
    // Every section in one test: on a busy machine each takes several seconds to settle, so the test has
    // ten for each beside the sign-in, not the default minute for them all, which is too little in CI.
    test.setTimeout(30_000 + sections.length * 10_000);
    await signInToConsole(page);
    for (const path of sections) {
      await page.goto(`/admin/${path}`);
      await settled(page);
      const text = await page.locator('body').innerText();
      expect(text, `/admin/${path}`).not.toMatch(rawKey);
    }
  });
});
