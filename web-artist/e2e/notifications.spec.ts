import { expect, test, type Page } from '@playwright/test';
import { DEMO_ADMIN, DEMO_ARTIST } from '../../test/e2e/seed.ts';
import { expectToast, signIn } from './support.ts';

async function settingsAs(page: Page, who: { email: string; password: string }) {
  await page.goto(`/api/login?returnTo=${encodeURIComponent('/settings')}`);
  await signIn(page, who.email, who.password);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  return page.getByRole('region', { name: 'Notifications' });
}

/**
 * Settings → Notifications: an admin (who uses the artist app's Settings too) has one more toggle, "Admin
 * alerts" (email about each new application and ticket), on by default; an artist does not see it.
 */
test.describe('notification toggles', () => {
  test('an admin turns admin alerts off and on again; an artist has no such toggle', async ({
    page,
    browser,
  }) => {
    const notifications = await settingsAs(page, DEMO_ADMIN);
    const alerts = notifications.getByRole('switch', { name: /Admin alerts/ });
    await expect(alerts).toBeChecked();
    await alerts.click();
    await expectToast(page, 'Notifications Updated');
    await expect(alerts).not.toBeChecked();
    await page.reload();
    await expect(alerts).not.toBeChecked();
    await alerts.click();
    await expect(alerts).toBeChecked();
    await page.reload();
    await expect(alerts).toBeChecked();

    const artist = await browser.newPage();
    const artistNotifications = await settingsAs(artist, DEMO_ARTIST);
    await expect(artistNotifications.getByRole('switch', { name: /Email notifications/ })).toBeVisible();
    await expect(artistNotifications.getByRole('switch')).toHaveCount(3);
    await artist.close();
  });
});
