import { expect, test, type Locator } from '@playwright/test';
import { CORRECTION_NOTHING, CORRECTION_PENDING } from '@riffline/contracts';
import { DEMO_ARTIST, apiSession, cover, type Api } from '../../test/e2e/seed.ts';
import { png } from '../../test/support/media.ts';
import { liveRelease, openCard } from './liveRelease.ts';
import { chooseOption, expectToast } from './support.ts';

/**
 * Corrections (docs/delivery.md, "What the artist sees"): on a live release's card the demo artist
 * corrects the title and a track's title in the dialog, opened with the values as they are, and sees the
 * correction listed before → after, waiting for review, with Correct disabled meanwhile and saying why; the
 * demo admin's rejection then shows with its reason, and an approval with its day and the new title. The
 * API's refusals show in the dialog. A new cover uploads as soon as it is picked, with its progress, then
 * shows from its signed link with its size, and is a correction on its own; the upload's refusal shows on
 * the New Cover control. A correction waiting for review is withdrawn from the card. Desktop and phone
 * run at once as the same artist, so each test makes a live release of its own.
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

test.describe('a correction waiting for review', () => {
  test('is withdrawn from the card: it says so, nothing changes, and Correct is back', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const { title, admin } = await liveRelease(page, testInfo, 'Tidewater');
    await admin.context.close();
    const card = await openCard(page, title);

    await card.getByRole('button', { name: `Correct ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Correct “${title}”` });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(`${title} (Deluxe)`);
    await dialog.getByRole('button', { name: 'Send for Review' }).click();
    await expectToast(page, 'Correction Sent for Review', 'Once approved, the stores get the update.');
    const { correction, review: state } = correctionOn(card);
    await expect(state).toHaveText('Waiting for review');
    const correct = card.getByRole('button', { name: `Correct ${title}` });
    await expect(correct).toBeDisabled();

    await correction.getByRole('button', { name: 'Withdraw' }).click();
    await expectToast(
      page,
      'Correction Withdrawn',
      'Nothing changes on the stores. You can correct the release again.',
    );
    await expect(state).toHaveText(/^Withdrawn · [A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(correction.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
    await expect(correct).toBeEnabled();
    await expect(card.getByRole('heading', { name: title, exact: true })).toBeVisible();
  });
});

test.describe('a new cover', () => {
  test(
    'uploads at once with its progress, previews with its size, and is sent alone; a too-small one is refused on the control',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      test.setTimeout(150_000);
      const { title, id, admin } = await liveRelease(page, testInfo, 'Night Swim');
      await admin.context.close();
      const card = await openCard(page, title);

      await card.getByRole('button', { name: `Correct ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Correct “${title}”` });
      const control = dialog.getByRole('group', { name: 'New Cover' });
      const file = control.locator('input[aria-label="New cover file"]');
      const status = control.getByTestId('new-cover-status');
      const preview = control.getByRole('img', { name: 'The new cover' });
      const send = dialog.getByRole('button', { name: 'Send for Review' });
      await expect(control.getByTestId('new-cover-size')).toHaveText('New: none');
      await expect(status).toContainText('at least 3000×3000 pixels');

      // Too small: the upload refuses it, in the API's words, on the control; nothing is kept.
      await file.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(1000, 1000) });
      await expect(status).toHaveText('Artwork must be at least 3000×3000 pixels');
      await expect(preview).toHaveCount(0);
      await expect(control.getByTestId('new-cover-size')).toHaveText('New: none');
      await send.click();
      await expect(dialog.getByRole('alert')).toHaveText(CORRECTION_NOTHING);

      // A valid one: held at the server's door until its progress shows, then let through.
      let letThrough!: () => void;
      const held = new Promise<void>((resolve) => (letThrough = resolve));
      const uploadUrl = `**/api/releases/${id}/corrections/artwork`;
      await page.route(uploadUrl, async (route) => {
        await held;
        await route.continue();
      });
      await file.setInputFiles({ name: 'new-cover.png', mimeType: 'image/png', buffer: cover() });
      await expect(control.getByRole('progressbar', { name: 'New cover upload progress' })).toBeVisible();
      await expect(status).toHaveText(/^Uploading new-cover\.png: \d+%$/);
      // The problems of the refused one went with the new pick.
      await expect(dialog.getByRole('alert')).toHaveCount(0);
      const uploaded = page.waitForResponse(
        (r) => r.url().endsWith(`/api/releases/${id}/corrections/artwork`) && r.request().method() === 'PUT',
      );
      letThrough();
      expect((await uploaded).status()).toBe(201);
      await page.unroute(uploadUrl);

      // Shown from its signed link, with its size; the progress is gone.
      await expect(preview).toBeVisible();
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
        .toBe(3000);
      await expect(control.getByTestId('new-cover-size')).toHaveText('New: 3000×3000 PNG');
      await expect(status).toHaveText('Uploaded. It replaces the cover once the correction is approved.');
      await expect(control.getByRole('progressbar')).toHaveCount(0);
      await control.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `test-results/screenshots/${testInfo.project.name}/correction-new-cover.png`,
      });

      // Removed, it is not sent; picked again, it is.
      await control.getByRole('button', { name: 'Remove New Cover' }).click();
      await expect(preview).toHaveCount(0);
      await expect(control.getByTestId('new-cover-size')).toHaveText('New: none');
      await file.setInputFiles({ name: 'new-cover.png', mimeType: 'image/png', buffer: cover() });
      await expect(control.getByTestId('new-cover-size')).toHaveText('New: 3000×3000 PNG');

      // The cover alone is the correction.
      const posted = page.waitForRequest(
        (r) => r.url().endsWith(`/api/releases/${id}/corrections`) && r.method() === 'POST',
      );
      await send.click();
      const body = (await posted).postDataJSON() as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['artworkKey']);
      expect(body.artworkKey).toMatch(new RegExp(`^artwork/${id}/proposed/`));
      await expectToast(page, 'Correction Sent for Review', 'Once approved, the stores get the update.');
      await expect(dialog).toBeHidden();

      // Listed by its size, beside the one it replaces (the release's 3000×3000 PNG).
      const { correction, review: state } = correctionOn(card);
      await expect(correction.getByRole('listitem')).toHaveText([
        'Cover: new image (3000×3000 PNG), replacing a 3000×3000 PNG',
      ]);
      await expect(state).toHaveText('Waiting for review');
      await card.screenshot({
        path: `test-results/screenshots/${testInfo.project.name}/release-correction-cover.png`,
      });
    },
  );
});
