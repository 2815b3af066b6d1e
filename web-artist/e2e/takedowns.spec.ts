import { expect, test } from '@playwright/test';
import { TAKEDOWN_DATE_PAST, TAKEDOWN_PURGED } from '@riffline/contracts';
import { liveRelease, openCard } from './liveRelease.ts';
import { expectToast } from './support.ts';

/**
 * Takedowns (docs/delivery.md, "What the artist sees"): on a live release's card the demo artist asks for
 * one in the dialog (some stores, some countries picked by name, from a date) and sees the request listed
 * with where it stands per store; a date past, and the API's refusal of a release removed for good, show in
 * the dialog. Desktop and phone run at once as the same artist, so each test makes a live release of its own.
 */

/** A date `days` from today as YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** "2027-03-01" as the app writes it: "March 1, 2027". */
const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

test.describe('a takedown', () => {
  test(
    'of a live release from some stores, in some countries, from a date: asked in the dialog and listed on the release',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      test.setTimeout(150_000);
      const { title, admin } = await liveRelease(page, testInfo, 'Low Tide');
      await admin.context.close();
      const card = await openCard(page, title);
      await expect(card.getByRole('region', { name: 'Changes' })).toHaveCount(0);

      await card.getByRole('button', { name: `Take down ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Take Down “${title}”` });
      await expect(dialog).toBeVisible();
      const summary = dialog.getByTestId('takedown-summary');
      await expect(summary).toHaveText('Takedown: All stores · everywhere · now');

      // From: two of the stores it goes to.
      await dialog.getByRole('radio', { name: 'Some stores' }).check();
      await dialog.getByRole('checkbox', { name: 'Spotify', exact: true }).check();
      await dialog.getByRole('checkbox', { name: 'Apple Music', exact: true }).check();

      // Where: two countries, picked by name from the keyboard.
      await dialog.getByRole('radio', { name: 'Some countries' }).check();
      const countries = dialog.getByRole('combobox', { name: 'Countries' });
      for (const country of ['Germany', 'France']) {
        await countries.fill(country);
        await expect(page.getByRole('option', { name: country, exact: true })).toBeVisible();
        await countries.press('ArrowDown');
        await countries.press('Enter');
        await expect(summary).toContainText(country);
      }

      // When: a date past is refused in the API's words, before anything is sent.
      await dialog.getByRole('radio', { name: 'From a date' }).check();
      const date = dialog.getByLabel('Takedown date');
      await date.fill(inDays(-3));
      await dialog.getByRole('button', { name: 'Request Takedown' }).click();
      await expect(dialog.getByText(TAKEDOWN_DATE_PAST)).toBeVisible();
      await expect(dialog).toBeVisible();

      const day = inDays(30);
      await date.fill(day);
      await expect(dialog.getByText(TAKEDOWN_DATE_PAST)).toHaveCount(0);
      const asked = `Spotify, Apple Music · in Germany and France · from ${longDate(day)}`;
      await expect(summary).toHaveText(`Takedown: ${asked}`);
      await page.screenshot({
        path: `test-results/screenshots/${testInfo.project.name}/takedown-dialog.png`,
      });
      await dialog.getByRole('button', { name: 'Request Takedown' }).click();

      await expectToast(page, 'Takedown Requested', asked);
      await expect(dialog).toBeHidden();
      const takedowns = card.getByRole('region', { name: 'Changes' });
      const request = takedowns.getByTestId('release-change');
      await expect(request).toHaveCount(1);
      await expect(request).toContainText(asked);
      // Neither store has a drop box here (the demo store is Deezer's): nothing is sent yet.
      await expect(request.getByTestId('store-status')).toHaveText('Waiting to be sent');
      await card.screenshot({
        path: `test-results/screenshots/${testInfo.project.name}/release-takedown-requested.png`,
      });
    },
  );

  test('refused by the API (the release was removed for good meanwhile) says why in the dialog', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const { title, id, admin } = await liveRelease(page, testInfo, 'Salt Flats');
    const card = await openCard(page, title);

    // From the keyboard: the card's Take Down, then the dialog's Request Takedown as it opens (all
    // stores, everywhere, now).
    await card.getByRole('button', { name: `Take down ${title}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Take Down “${title}”` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'All stores' })).toBeChecked();

    // Meanwhile an admin removes the release from every store for good.
    await admin.api.send('post', `/api/admin/releases/${id}/purge`);
    await admin.context.close();

    await dialog.getByRole('button', { name: 'Request Takedown' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText(TAKEDOWN_PURGED);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The card lists the removal and offers no takedown any more.
    const removal = card.getByRole('region', { name: 'Changes' }).getByTestId('release-change');
    await expect(removal).toContainText('Removal by Riffline: All stores · for good');
    await expect(card.getByRole('button', { name: `Take down ${title}` })).toHaveCount(0);
  });
});
