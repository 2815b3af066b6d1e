import { expect, test, type Locator } from '@playwright/test';
import { CORRECTION_NOTHING, CORRECTION_PENDING } from '@riffline/contracts';
import { DEMO_ARTIST, apiSession, type Api } from '../../test/e2e/seed.ts';
import { liveRelease, openCard } from './liveRelease.ts';
import { chooseOption, expectToast } from './support.ts';

/**
 * Corrections (docs/delivery.md, "What the artist sees"): on a live release's card the demo artist
 * corrects the title and a track's title in the dialog, opened with the values as they are, and sees the
 * correction listed before → after, waiting for review, with Correct disabled meanwhile and saying why; the
 * demo admin's rejection then shows with its reason, and an approval with its day and the new title. The
 * API's refusals show in the dialog. Desktop and phone run at once as the same artist, so each test makes a
 * live release of its own.
 */

/** The admin's decision on the release's correction waiting for review, through the API. */
async function review(admin: Api, releaseId: string, decision: { status: string; reason?: string }) {
  const filter = encodeURIComponent(JSON.stringify({ releaseId, kind: 'correction', status: 'pending' }));
  const [waiting] = await admin.get<Array<{ id: string }>>(`/api/admin/release-changes?filter=${filter}`);
  expect(waiting, 'a correction waiting for review').toBeDefined();
  await admin.send('patch', `/api/admin/release-changes/${waiting!.id}`, decision);
}

/** The card's Changes, its one correction, and where its review stands. */
const correctionOn = (card: Locator) => {
  const correction = card
    .getByRole('region', { name: 'Changes' })
    .getByTestId('release-change')
    .filter({ hasText: 'Correction' });
  return { correction, review: correction.getByTestId('review-status') };
};

test.describe('a correction', () => {
  test(
    'of a live release’s title and a track title: sent for review, listed before → after, then not approved',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      test.setTimeout(150_000);
      const { title, id, admin } = await liveRelease(page, testInfo, 'Low Tide', ['Low Tide', 'Shoreline']);
      const card = await openCard(page, title);
      await expect(card.getByRole('region', { name: 'Changes' })).toHaveCount(0);

      await card.getByRole('button', { name: `Correct ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Correct “${title}”` });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(
        'once it is approved, the stores that have the release get the update',
      );

      // Opened with the values the stores have now.
      const titleField = dialog.getByRole('textbox', { name: 'Title' });
      const track2 = dialog.getByRole('textbox', { name: 'Track 2' });
      await expect(titleField).toHaveValue(title);
      await expect(dialog.getByRole('textbox', { name: 'Track 1' })).toHaveValue('Low Tide');
      await expect(track2).toHaveValue('Shoreline');
      await expect(dialog.getByRole('combobox', { name: 'Primary Genre' })).toHaveText('Electronic');

      // Nothing changed: refused before anything is sent, in the API's words; an empty title on its field.
      const send = dialog.getByRole('button', { name: 'Send for Review' });
      await send.click();
      await expect(dialog.getByRole('alert')).toHaveText(CORRECTION_NOTHING);
      await titleField.fill('');
      await send.click();
      await expect(titleField).toHaveAccessibleDescription('Title is required');

      const corrected = `${title} (Deluxe)`;
      await titleField.fill(corrected);
      await expect(titleField).not.toHaveAccessibleDescription('Title is required');
      await track2.fill('Shoreline (Live)');
      await page.screenshot({
        path: `test-results/screenshots/${testInfo.project.name}/correction-dialog.png`,
      });
      await send.click();

      await expectToast(page, 'Correction Sent for Review', 'Once approved, the stores get the update.');
      await expect(dialog).toBeHidden();
      const { correction, review: state } = correctionOn(card);
      await expect(correction).toHaveCount(1);
      await expect(correction.getByRole('listitem')).toHaveText([
        `Title: ${title} → ${corrected}`,
        'Track 2: Shoreline → Shoreline (Live)',
      ]);
      await expect(state).toHaveText('Waiting for review');
      // One at a time: Correct waits for the review, and says so.
      const correct = card.getByRole('button', { name: `Correct ${title}` });
      await expect(correct).toBeDisabled();
      await expect(correct).toHaveAccessibleDescription(
        'One correction at a time: yours is waiting for review.',
      );
      await card.screenshot({
        path: `test-results/screenshots/${testInfo.project.name}/release-correction-waiting.png`,
      });

      // The admin does not approve it: the release keeps its title, and the card says why and what to do.
      const reason = 'The title must match the one on the cover.';
      await review(admin.api, id, { status: 'rejected', reason });
      await admin.context.close();
      await page.reload();
      await expect(card.getByTestId('release-status')).toHaveText('Live');
      await expect(state).toHaveText(`Not approved: ${reason}`);
      await expect(correction).toContainText('Fix what the review says and correct the release again.');
      await expect(card.getByRole('heading', { name: title, exact: true })).toBeVisible();
      await expect(correct).toBeEnabled();
      await card.screenshot({
        path: `test-results/screenshots/${testInfo.project.name}/release-correction-rejected.png`,
      });
    },
  );

  test('refused while another waits for review (409 in the dialog); approved, the card takes the new title', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const { title, id, admin } = await liveRelease(page, testInfo, 'Salt Flats');
    const card = await openCard(page, title);

    await card.getByRole('button', { name: `Correct ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Correct “${title}”` });
    await chooseOption(
      dialog.getByRole('combobox', { name: 'Secondary Genre' }),
      page.getByRole('option', { name: 'Jazz', exact: true }),
    );
    await expect(dialog.getByRole('combobox', { name: 'Secondary Genre' })).toHaveText('Jazz');

    // Meanwhile the artist corrects the title elsewhere (another tab, through the API).
    const corrected = `${title} (Remastered)`;
    const elsewhere = await apiSession(page.context().browser()!, testInfo, DEMO_ARTIST);
    await elsewhere.api.send('post', `/api/releases/${id}/corrections`, { title: corrected });
    await elsewhere.context.close();

    await dialog.getByRole('button', { name: 'Send for Review' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(CORRECTION_PENDING);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // The card now lists the one waiting, and Correct waits for it.
    const { correction, review: state } = correctionOn(card);
    await expect(state).toHaveText('Waiting for review');
    await expect(correction.getByRole('listitem')).toHaveText([`Title: ${title} → ${corrected}`]);
    await expect(card.getByRole('button', { name: `Correct ${title}` })).toBeDisabled();

    // Approved: the day it was, and the release is known by its new title.
    await review(admin.api, id, { status: 'approved' });
    await admin.context.close();
    await page.reload();
    const renamed = page.getByRole('article', { name: corrected, exact: true });
    await expect(renamed.getByTestId('release-status')).toHaveText('Live');
    await expect(correctionOn(renamed).review).toHaveText(/^Approved · [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(renamed.getByRole('button', { name: `Correct ${corrected}` })).toBeEnabled();
    await renamed.screenshot({
      path: `test-results/screenshots/${testInfo.project.name}/release-correction-approved.png`,
    });
  });
});
