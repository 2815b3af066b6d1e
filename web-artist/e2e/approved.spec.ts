import { expect, test } from '@playwright/test';
import { snap } from './support.ts';

test.describe('an approved artist (the demo artist `make start` seeds)', () => {
  test(
    'signs in, sees the welcome banner, the coin pill and the signed-in menu',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.goto('/');
      await page
        .getByRole('banner')
        .getByRole('link', { name: 'Login' })
        .or(page.getByRole('main').getByRole('link', { name: 'Login' }))
        .first()
        .click();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await page.getByLabel('Email').fill('artist@riffline.local');
      await page.getByLabel('Password').fill('riffline-artist');
      await page.getByRole('button', { name: 'Sign in' }).click();

      await expect(page.getByRole('heading', { name: 'Welcome back, Arlo' })).toBeVisible();
      // 'Live on 150+ platforms' only once a release is live; before that, the first-release prompt.
      await expect(
        page
          .getByText('Your music is live on 150+ platforms')
          .or(page.getByRole('link', { name: 'Create your first release' })),
      ).toBeVisible();
      // Two decimals; the amount is whatever the wallet suite has topped up on this server so far.
      const pill = page.getByRole('link', { name: /Coin balance: \d[\d,]*\.\d{2} coins/ });
      await expect(pill).toBeVisible();
      await expect(pill).toHaveAttribute('href', '/wallet');
      await snap(page, testInfo, 'dashboard');
      // The footer fits a signed-in artist: the dashboard, not 'Apply to Join' or 'Login'.
      const site = page.getByRole('contentinfo').getByRole('navigation', { name: 'Riffline' });
      await expect(site.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
      await expect(site.getByRole('link', { name: /Apply to Join|Login/ })).toHaveCount(0);

      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('menu').or(page.getByRole('navigation', { name: 'Main' }));
      for (const item of [
        'Dashboard',
        'Release Builder',
        'Coin Wallet',
        'Royalties',
        'Analytics',
        'Support Tickets',
        'Help Center',
        'Settings',
        'Logout',
      ]) {
        await expect(menu.getByText(item, { exact: true })).toBeVisible();
      }
      await snap(page, testInfo, 'signed-in-menu');
      await page.keyboard.press('Escape');

      // An approved artist has nothing to apply for.
      await page.goto('/apply');
      await expect(page).toHaveURL(/\/$/);
    },
  );
});
