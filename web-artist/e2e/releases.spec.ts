import fs from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { formatCoins } from '@riffline/contracts';
import { Api, DEMO_ADMIN, apiSession, cover, submitRelease, wav as seedWav } from '../../test/e2e/seed.ts';
import {
  chooseOption,
  createAccount,
  expectToast,
  signIn,
  signInAsDemoArtist,
  snap,
  unique,
} from './support.ts';

/**
 * The Release Builder as the demo artist uses it (SPEC §2 Release Builder, §5, §8): the wizard's rules in
 * the browser, the cover and audio uploads with their progress, the fee before it is taken, submission,
 * editing and deletion, the codes of a live release, against the real API. Desktop and phone run at once
 * as the same artist, so every release here has a title of its own.
 */

/** A valid WAV: RIFF/WAVE header, 16-bit mono PCM at 8 kHz, `seconds` of silence. */
function wav(seconds = 1, rate = 8000): Buffer {
  const dataSize = seconds * rate * 2;
  const b = Buffer.alloc(44 + dataSize);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + dataSize, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28); // byte rate
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(dataSize, 40);
  return b;
}

/** A real PNG of 1×1 pixel: a valid image the server refuses as too small for a cover. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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

/** What the API says distribution costs, in the words the Review step uses for it. */
async function feeWords(page: Page) {
  const res = await page.request.get('/api/user/coins');
  expect(res.ok()).toBe(true);
  const { distributionFeeCoins: fee } = (await res.json()) as { distributionFeeCoins: string };
  return Number(fee) > 0
    ? `${formatCoins(fee)} coins, taken from your balance when you submit the release for distribution (not now)`
    : 'None: submitting this release takes no coins';
}

const coverInput = (dialog: Locator) => dialog.locator('input[aria-label="Cover art file"]');

/** A dialog as the artist sees it: the viewport (a full-page picture would show the page behind it). */
async function snapDialog(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}/${name}.png` });
}

/** The toast's own close button (the open dialog hides the rest of the page from role queries). */
async function dismissToast(page: Page) {
  const toast = page.getByTestId('toast');
  await toast.locator('button').click();
  await expect(toast).toBeHidden();
}

async function choose(page: Page, field: Locator, option: string) {
  await chooseOption(field, page.getByRole('option', { name: option, exact: true }));
}

const audioInput = (scope: Locator, n: number) =>
  scope.locator(`input[aria-label="Audio file for track ${n}"]`);

/** Step 1 with the required fields, the cover art among them (a valid 3000×3000 PNG). */
async function fillReleaseInfo(page: Page, dialog: Locator, title: string, releaseDate = inDays(60)) {
  await dialog.getByLabel('Release Title').fill(title);
  await dialog.locator('#release-artist').fill('Arlo');
  await choose(page, dialog.getByLabel('Primary Genre'), 'Electronic');
  await dialog.getByLabel('Release Date').fill(releaseDate);
  await coverInput(dialog).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover() });
  await expect(dialog.getByTestId('cover-file')).toContainText('cover.png');
}

test.describe('the Release Builder', () => {
  test('signed out, /releases sends the visitor to sign in, then back', async ({ page }) => {
    // 'Unauthorized' shows for the 500 ms before the browser goes to sign in (too short to assert here).
    await page.goto('/releases');
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
    await signIn(page, 'artist@riffline.local', 'riffline-artist');
    await expect(page).toHaveURL(/\/releases$/);
    await expect(page.getByRole('heading', { name: 'Your Releases' })).toBeVisible();
  });

  test(
    'builds an EP with two tracks through the wizard, uploads its audio with progress and submits it',
    { tag: '@phone' },
    async ({ page, browser }, testInfo) => {
      test.setTimeout(180_000);
      const title = unique('Night Drives');
      await signInAsDemoArtist(page);

      // From the artist menu, which answered 'Page Not Found' before.
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('menuitem', { name: 'Release Builder' })
        .or(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Release Builder' }))
        .first()
        .click();
      await expect(page).toHaveURL(/\/releases$/);
      await expect(page.getByRole('heading', { name: 'Release Builder', level: 1 })).toBeVisible();
      await expect(page).toHaveTitle('Release Builder · Riffline');
      await snap(page, testInfo, 'releases');

      await page.getByRole('button', { name: 'New Release' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create New Release' });
      const step = dialog.getByTestId('wizard-step');
      await expect(step).toHaveText('Step 1 of 5: Release Info');

      // Next on an empty step: the API's own words under the fields.
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByText('Title is required')).toBeVisible();
      await expect(dialog.getByText('Genre is required')).toBeVisible();
      await expect(dialog.getByText('Cover art is required')).toBeVisible();
      await expect(step).toHaveText('Step 1 of 5: Release Info');
      const label = dialog.getByLabel('Record Label');
      await expect(label).toHaveValue('Riffline Records');
      await expect(label).not.toBeEditable();
      await expect(dialog.getByText('Select a future date')).toBeHidden(); // the error stands in for the hint
      await snapDialog(page, testInfo, 'release-wizard-errors');

      // The cover is checked in the browser as its upload checks it: a 1×1 PNG is refused.
      await coverInput(dialog).setInputFiles({
        name: 'tiny.png',
        mimeType: 'image/png',
        buffer: onePixelPng,
      });
      await expectToast(page, 'Cover Not Accepted', 'Artwork must be at least 3000×3000 pixels');
      await expect(dialog.getByTestId('cover-file')).toHaveText('No file chosen');
      await dismissToast(page);
      await fillReleaseInfo(page, dialog, title);
      await expect(dialog.getByRole('img', { name: 'The chosen cover art' })).toBeVisible();
      await expect(dialog.getByText('Cover art is required')).toBeHidden();
      await expect(dialog.getByText('Select a future date')).toBeVisible();
      // Two months ahead: no warning about the date.
      await expect(dialog.getByTestId('release-date-warning')).toHaveCount(0);
      await dialog.getByLabel('Release Artist 1').fill('Arlo');
      await dialog.getByLabel('Copyright Holder').fill('Arlo Music');
      // Enter inside the form neither submits nor moves a step.
      await dialog.getByLabel('Release Title').press('Enter');
      await expect(step).toHaveText('Step 1 of 5: Release Info');
      await snapDialog(page, testInfo, 'release-wizard-info');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(step).toHaveText('Step 2 of 5: Tracks & Metadata');

      // A single takes one track: a second one is refused.
      await dialog.getByRole('button', { name: 'Add Track' }).click();
      await dialog.getByRole('button', { name: 'Add Track' }).click();
      await expectToast(page, 'Track Limit Reached', 'Singles can have up to 1 track');
      await expect(dialog.getByRole('group', { name: /^Track \d$/ })).toHaveCount(1);
      await dismissToast(page);

      // Back to make it an EP.
      await dialog.getByRole('button', { name: 'Previous' }).click();
      await choose(page, dialog.getByLabel('Release Type'), 'EP (2-5 tracks)');
      await dialog.getByRole('button', { name: 'Next' }).click();
      const track = (n: number) => dialog.getByRole('group', { name: `Track ${n}`, exact: true });
      await track(1).getByLabel('Track Title').fill('Intro');
      await expect(track(1).getByLabel('Primary Artist 1')).toHaveValue('Arlo');

      // Primary artists: three at most.
      await track(1).getByRole('button', { name: 'Add Primary Artist' }).click();
      await track(1).getByRole('button', { name: 'Add Primary Artist' }).click();
      await track(1).getByRole('button', { name: 'Add Primary Artist' }).click();
      await expectToast(page, 'Limit Reached', 'Maximum 3 primary artists allowed per track');
      await dismissToast(page);
      await track(1).getByRole('textbox', { name: 'Primary Artist 2' }).fill('Mira');
      await track(1).getByRole('button', { name: 'Remove primary artist 3' }).click();
      await expect(track(1).getByRole('textbox', { name: 'Primary Artist 3' })).toHaveCount(0);
      await track(1).getByLabel('Producer').fill('Kai');

      // Audio is checked before any upload, and a refused file leaves the field empty.
      await audioInput(track(1), 1).setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not audio'),
      });
      await expectToast(page, 'Invalid File Type', 'Audio must be a WAV or MP3 file');
      await expect(dialog.getByTestId('track-1-file')).toHaveText('No file chosen');
      await dismissToast(page);
      // A 210 MB file (sparse on disk: only its size is read before the upload).
      const big = testInfo.outputPath('too-big.wav');
      fs.writeFileSync(big, wav());
      fs.truncateSync(big, 210 * 1024 * 1024);
      await audioInput(track(1), 1).setInputFiles(big);
      await expectToast(page, 'File Too Large', 'Audio files must be under 200MB');
      await expect(dialog.getByTestId('track-1-file')).toHaveText('No file chosen');
      await expect(audioInput(track(1), 1)).toHaveValue('');
      await dismissToast(page);
      await audioInput(track(1), 1).setInputFiles({
        name: 'intro.wav',
        mimeType: 'audio/wav',
        buffer: wav(),
      });
      await expect(dialog.getByTestId('track-1-file')).toContainText('intro.wav');

      // A track added then removed: the others are renumbered.
      await dialog.getByRole('button', { name: 'Add Track' }).click();
      await track(2).getByLabel('Track Title').fill('Scratch');
      await dialog.getByRole('button', { name: 'Add Track' }).click();
      await track(3).getByLabel('Track Title').fill('Coastline');
      await track(3).getByLabel('Explicit').check();
      await audioInput(track(3), 3).setInputFiles({
        name: 'coastline.wav',
        mimeType: 'audio/wav',
        buffer: wav(2),
      });
      await dialog.getByRole('button', { name: 'Remove track 2' }).click();
      await expect(dialog.getByRole('group', { name: /^Track \d$/ })).toHaveCount(2);
      await expect(track(2).getByLabel('Track Title')).toHaveValue('Coastline');
      await expect(dialog.getByTestId('track-2-file')).toContainText('coastline.wav');
      await expect(dialog.getByText('EP: 2 of 5 tracks')).toBeVisible();
      await snapDialog(page, testInfo, 'release-wizard-tracks');

      // Two tracks: going back to a single is refused, naming how many to remove.
      await dialog.getByRole('button', { name: 'Previous' }).click();
      await choose(page, dialog.getByLabel('Release Type'), 'Single (1 track)');
      await expectToast(
        page,
        'Track Limit Exceeded',
        'Singles can have up to 1 track: remove 1 track first.',
      );
      await expect(dialog.getByLabel('Release Type')).toHaveText('EP (2-5 tracks)');
      await dismissToast(page);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('button', { name: 'Next' }).click();

      await expect(step).toHaveText('Step 3 of 5: Distribution Checklist');
      await expect(dialog.getByText('wrong answers may delay the distribution')).toBeVisible();
      await dialog.getByLabel(/Explicit content is labelled/).check();
      await dialog.getByLabel('I am authorised to distribute this music').check();
      await dialog.getByLabel("I am not using another artist's name without permission").check();
      await snapDialog(page, testInfo, 'release-wizard-checklist');
      await dialog.getByRole('button', { name: 'Next' }).click();

      // Conditional fields show only while their switch is on.
      await expect(step).toHaveText('Step 4 of 5: Release Settings');
      await expect(dialog.getByLabel('Restricted Countries')).toHaveCount(0);
      await dialog.getByLabel('Country Restrictions').check();
      await dialog.getByLabel('Restricted Countries').fill('US, GB');
      await dialog.getByLabel('Country Restrictions').uncheck();
      await expect(dialog.getByLabel('Restricted Countries')).toHaveCount(0);
      await dialog.getByLabel('Previously Released').check();
      await expect(dialog.getByLabel('Original Release Date')).toBeVisible();
      await dialog.getByLabel('Previously Released').uncheck();
      await choose(page, dialog.getByLabel('Store Distribution'), 'Custom selection');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await expect(dialog.getByText('Pick at least one store')).toBeVisible();
      await dialog.getByLabel('Spotify').check();
      await dialog.getByLabel('Apple Music').check();
      await snapDialog(page, testInfo, 'release-wizard-settings');
      await dialog.getByRole('button', { name: 'Next' }).click();

      await expect(step).toHaveText('Step 5 of 5: Review');
      const review = dialog.getByRole('form', { name: 'Review' });
      await expect(review).toContainText(title);
      await expect(review).toContainText('Tracks (2)');
      await expect(review).toContainText('1. Intro');
      await expect(review).toContainText('2. Coastline');
      await expect(review).toContainText('Riffline Records');
      await expect(review).toContainText('Spotify, Apple Music');
      await expect(review.getByText('Country restrictions')).toBeVisible();
      await expect(review).toContainText('cover.png');
      // The fee before anything is taken, as the API states it.
      await expect(review.getByTestId('distribution-fee')).toHaveText(await feeWords(page));
      await snapDialog(page, testInfo, 'release-wizard-review');
      await dialog.getByRole('button', { name: 'Create Release' }).click();
      await expectToast(page, 'Release Created!');
      await expect(dialog).toBeHidden();

      // Reopened, the wizard starts afresh: step 1, no tracks, an empty form.
      await page.getByRole('button', { name: 'New Release' }).first().click();
      await expect(step).toHaveText('Step 1 of 5: Release Info');
      await expect(dialog.getByLabel('Release Title')).toHaveValue('');
      await expect(dialog.getByLabel('Release Type')).toHaveText('Single (1 track)');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'New Release' }).first().click();
      await expect(dialog.getByText('Title is required')).toBeHidden();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();

      // The new draft with its cover uploaded, its tracks open, each upload's progress reaching done.
      const card = page.getByRole('article', { name: title });
      await expect(card.getByTestId('release-status')).toHaveText('Draft');
      await expect(card).toContainText('EP · 2 tracks');
      await expect(card.getByRole('img', { name: `Cover of ${title}` })).toBeVisible();
      await expect(card.getByText('No cover art yet')).toHaveCount(0);
      await expect(card.getByTestId('release-fee')).toContainText('Distribution fee');
      for (const [n, file] of [
        [1, 'intro.wav'],
        [2, 'coastline.wav'],
      ] as const) {
        const bar = card.getByRole('progressbar', { name: `Upload progress for track ${n}` });
        await expect(bar).toHaveAttribute('aria-valuenow', '100');
        await expect(card.getByText(`Upload complete: ${file}`)).toBeVisible();
      }
      await expect(card.getByText(/^Audio ready · WAV · 0:01$/)).toBeVisible();
      await expect(card.getByText(/^Audio ready · WAV · 0:02$/)).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await snap(page, testInfo, 'release-uploaded');

      // A track's title is saved on blur when it changed.
      const trackTitle = card.getByLabel('Track 2 title');
      await trackTitle.fill('Coastline (Night Mix)');
      await trackTitle.blur();
      await expectToast(page, 'Track Updated!', 'Track 2 is now “Coastline (Night Mix)”.');
      await expect(card.getByLabel('Track 2 title')).toHaveValue('Coastline (Night Mix)');

      // Submitted for distribution: the fee is 0 coins on a fresh platform (distribution_fee_coins).
      await card.getByRole('button', { name: 'Submit for Distribution' }).click();
      await expectToast(page, 'Release Submitted!');
      await expect(card.getByTestId('release-status')).toHaveText('Processing');
      await expect(card.getByRole('button', { name: 'Submit for Distribution' })).toHaveCount(0);
      await expect(card.getByRole('button', { name: /^Delete / })).toHaveCount(0);
      await expect(card.getByText('In review: once approved, it goes live in 3-5 days.')).toBeVisible();
      await snap(page, testInfo, 'release-submitted');

      // An admin rejects it with a reason (through the admin API, in a session of their own) …
      const releases = (await (await page.request.get('/api/releases')).json()) as Array<{
        id: string;
        title: string;
      }>;
      const id = releases.find((r) => r.title === title)?.id;
      expect(id).toBeTruthy();
      const baseURL = testInfo.project.use.baseURL!;
      const admin = await browser.newContext({ baseURL });
      const adminPage = await admin.newPage();
      await adminPage.goto('/api/login');
      await signIn(adminPage, 'admin@riffline.local', 'riffline-admin');
      await expect(adminPage).toHaveURL(/\/$/);
      const reason = 'The cover art is missing: add a 3000×3000 image.';
      const verdict = await adminPage.request.patch(`/api/admin/releases/${id}`, {
        data: { status: 'rejected', reason },
        headers: { origin: baseURL },
      });
      expect(verdict.status()).toBe(200);
      await admin.close();

      // … and the artist reads the reason, and may edit, resubmit or delete it again.
      await page.reload();
      const rejected = page.getByRole('article', { name: title });
      await expect(rejected.getByTestId('release-status')).toHaveText('Rejected');
      await expect(rejected.getByRole('alert').filter({ hasText: 'Rejected' })).toContainText(reason);
      await expect(rejected.getByRole('button', { name: 'Submit for Distribution' })).toBeVisible();
      await expect(rejected.getByRole('button', { name: `Delete ${title}` })).toBeVisible();
      await rejected.scrollIntoViewIfNeeded();
      await snap(page, testInfo, 'release-rejected');
    },
  );

  test('a draft lists what it lacks on submit, is edited, then deleted after the confirmation', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const title = unique('Demo Single');
    const renamed = unique('Morning Single');
    await signInAsDemoArtist(page);
    await page.goto('/releases');

    // A single without audio, its checklist left unticked.
    await page.getByRole('button', { name: 'New Release' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create New Release' });
    // Five days ahead: allowed, with the Help Center's two weeks as a warning.
    await fillReleaseInfo(page, dialog, title, inDays(5));
    await expect(dialog.getByTestId('release-date-warning')).toContainText(
      'Less than 2 weeks away: stores may not have your release ready by then.',
    );
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Add at least one track')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Track' }).click();
    await dialog
      .getByRole('group', { name: 'Track 1', exact: true })
      .getByLabel('Track Title')
      .fill('Sketch');
    for (let i = 0; i < 3; i++) await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByTestId('wizard-step')).toHaveText('Step 5 of 5: Review');
    await dialog.getByRole('button', { name: 'Create Release' }).click();
    await expectToast(page, 'Release Created!');

    const card = page.getByRole('article', { name: title });
    await expect(card.getByTestId('release-status')).toHaveText('Draft');
    // The cover's upload done first, so that the submission's answer does not queue behind it.
    await expect(card.getByRole('img', { name: `Cover of ${title}` })).toBeVisible();
    await card.getByRole('button', { name: 'Submit for Distribution' }).click();
    await expectToast(page, 'Not Ready to Submit');
    const missing = card.getByRole('alert').filter({ hasText: 'Not ready to submit' });
    await expect(missing).toContainText('Track 1 (Sketch) has no audio yet');
    await expect(missing).toContainText('Confirm that you are authorised to distribute this music');
    await expect(card.getByTestId('release-status')).toHaveText('Draft');
    await card.scrollIntoViewIfNeeded();
    await snap(page, testInfo, 'release-not-ready');

    // The Edit Release dialog: artwork is checked in the browser, then by the server.
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Release' });
    const artwork = edit.locator('input[aria-label="Artwork file"]');
    await artwork.setInputFiles({ name: 'cover.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expectToast(page, 'Invalid File Type', 'Artwork must be a JPEG or PNG image');
    await dismissToast(page);
    await artwork.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: onePixelPng });
    await expect(edit.getByText('cover.png')).toBeVisible();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Failed to Update Release', 'Artwork must be at least 3000×3000 pixels');
    await expect(edit.getByText('No file chosen')).toBeVisible();
    await dismissToast(page);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    // Title and release artists.
    await card.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(edit.getByLabel('Title')).toHaveValue(title);
    await edit.getByLabel('Title').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Title is required')).toBeVisible();
    await edit.getByLabel('Title').fill(renamed);
    await edit.getByLabel('Release Artist 1').fill('Arlo');
    await edit.getByLabel('Release Artist 2').fill('Mira');
    await edit.getByLabel('Album Art URL').fill('not a url');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Album art URL must be a valid http(s) URL')).toBeVisible();
    await edit.getByLabel('Album Art URL').fill('');
    await snapDialog(page, testInfo, 'release-edit');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Release Updated!');
    await expect(edit).toBeHidden();
    const editedCard = page.getByRole('article', { name: renamed });
    await expect(editedCard).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);

    // Delete asks first; Cancel keeps it, Delete removes it.
    await editedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete “${renamed}”?` });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this release? This action cannot be undone.',
    );
    await snapDialog(page, testInfo, 'release-delete-confirm');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(editedCard).toBeVisible();
    await editedCard.getByRole('button', { name: `Delete ${renamed}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Release Deleted!');
    await expect(page.getByRole('article', { name: renamed })).toHaveCount(0);
  });
  test(
    'a draft without a cover cannot be submitted, and no fee is taken; with one, it goes',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const title = unique('Bare Single');
      await signInAsDemoArtist(page);
      // A draft whose cover never arrived (its upload failed, say): made through the API, audio ready.
      const artist = new Api(page.request, testInfo.project.use.baseURL!);
      const release = await artist.send<{ id: string; tracks: Array<{ id: string }> }>(
        'post',
        '/api/releases',
        {
          title,
          artist: 'Arlo',
          genre: 'electronic',
          releaseType: 'single',
          releaseDate: inDays(30),
          explicitContentLabeled: true,
          authorizedToDistribute: true,
          noUnauthorizedArtistName: true,
          tracks: [{ title, primaryArtists: ['Arlo'] }],
        },
      );
      const audio = await page.request.put(`/api/tracks/${release.tracks[0]!.id}/audio`, {
        data: seedWav(1),
        headers: { origin: artist.origin, 'content-type': 'audio/wav' },
      });
      expect(audio.ok(), await audio.text()).toBe(true);

      await page.goto('/releases');
      const card = page.getByRole('article', { name: title });
      const noCover = card.getByRole('alert').filter({ hasText: 'No cover art yet' });
      await expect(noCover).toContainText('a square JPG or PNG, at least 3000×3000 pixels');
      await card.getByRole('button', { name: 'Submit for Distribution' }).click();
      await expectToast(page, 'Not Ready to Submit');
      const missing = card.getByRole('alert').filter({ hasText: 'Not ready to submit' });
      await expect(missing).toContainText(
        'Add the cover art: a square JPG or PNG, at least 3000×3000 pixels',
      );
      await expect(card.getByTestId('release-status')).toHaveText('Draft');
      // Refused before the fee: no distribution fee was recorded for it.
      const fees = async () =>
        (
          await artist.get<Array<{ type: string; releaseId: string | null }>>('/api/payment/transactions')
        ).filter((t) => t.releaseId === release.id);
      expect(await fees()).toEqual([]);
      await card.scrollIntoViewIfNeeded();
      await snap(page, testInfo, 'release-without-cover');

      // Add Cover opens the release's editor; the cover uploads and the warning goes.
      await noCover.getByRole('button', { name: 'Add Cover' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Release' });
      await edit
        .locator('input[aria-label="Artwork file"]')
        .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover() });
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Release Updated!');
      await expect(edit).toBeHidden();
      await expect(card.getByRole('img', { name: `Cover of ${title}` })).toBeVisible();
      await expect(noCover).toHaveCount(0);
      await card.getByRole('button', { name: 'Submit for Distribution' }).click();
      await expectToast(page, 'Release Submitted!');
      await expect(card.getByTestId('release-status')).toHaveText('Processing');
    },
  );

  test(
    'a live release shows its UPC and its ISRCs, each to copy',
    { tag: '@phone' },
    async ({ page }, testInfo) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInAsDemoArtist(page);
      await page.goto('/releases');
      // The demo EP `make start` seeds, approved by the demo admin: live since today.
      const card = page.getByRole('article', { name: 'Night Transit', exact: true });
      await expect(card.getByTestId('release-status')).toHaveText('Live');
      await expect(card.getByTestId('release-scheduled')).toHaveCount(0);
      const upc = card.getByTestId('upc');
      await expect(upc).toHaveText(/^\d{12,13}$/);
      await card.getByRole('button', { name: 'Copy the UPC of Night Transit' }).click();
      await expectToast(page, 'UPC Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await upc.innerText());

      await card.getByRole('button', { name: 'Show Tracks' }).click();
      const isrcs = card.getByTestId('isrc');
      await expect(isrcs).toHaveCount(3);
      for (const isrc of await isrcs.all())
        await expect(isrc).toHaveText(/^[A-Z]{2}-[A-Z0-9]{3}-\d{2}-\d{5}$/);
      await card.getByRole('button', { name: 'Copy the ISRC of track 2' }).click();
      await expectToast(page, 'ISRC Copied');
      const second = (await isrcs.nth(1).innerText()).replaceAll('-', '');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(second);
      await card.scrollIntoViewIfNeeded();
      await snap(page, testInfo, 'release-live-codes');
    },
  );

  test('an approved release with its date ahead is scheduled; the dashboard says what is true', async ({
    browser,
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    // An artist of the test's own, approved a moment ago, with nothing out yet.
    await page.goto('/api/login');
    await createAccount(page, {
      firstName: 'Lena',
      lastName: 'Moss',
      email: `${unique('lena')}@example.com`,
      password: 'correct horse battery',
    });
    const origin = testInfo.project.use.baseURL!;
    const applied = await page.request.post('/api/applications', {
      headers: { origin },
      data: {
        legalName: 'Lena Moss',
        artistName: 'Lena M',
        age: 27,
        genre: 'electronic',
        artistStory: 'Night-bus techno from Leeds, first EP in the making.',
        instagram: 'https://instagram.com/lenamoss',
        youtube: 'https://youtube.com/@lenamoss',
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
    await admin.api.send(
      'patch',
      `/api/admin/applications/${((await applied.json()) as { id: string }).id}`,
      {
        status: 'approved',
      },
    );

    const live = page.getByText('Your music is live on 150+ platforms');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome back, Lena' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create your first release' })).toBeVisible();
    await expect(live).toHaveCount(0);

    // Submitted (cover and audio, three weeks ahead): in review, still not live.
    const title = unique('First Light');
    const release = await submitRelease(new Api(page.request, origin), { title, tracks: [title] });
    await page.reload();
    await expect(page.getByTestId('welcome-releases')).toHaveText(
      `“${title}” is in review: once approved, it goes live in 3-5 days.`,
    );
    await expect(live).toHaveCount(0);

    // Approved: scheduled for its date, which is still ahead.
    await admin.api.send('patch', `/api/admin/releases/${release.id}`, { status: 'live' });
    await admin.context.close();
    const { releaseDate } = await new Api(page.request, origin).get<{ releaseDate: string }>(
      `/api/releases/${release.id}`,
    );
    const day = longDate(releaseDate);
    await page.reload();
    await expect(page.getByTestId('welcome-releases')).toHaveText(
      `“${title}” is approved and scheduled for ${day}: that day it goes live on 150+ platforms.`,
    );
    await expect(live).toHaveCount(0);
    await snap(page, testInfo, 'dashboard-scheduled');

    await page.goto('/releases');
    const card = page.getByRole('article', { name: title });
    await expect(card.getByTestId('release-status')).toHaveText('Live');
    await expect(card.getByTestId('release-scheduled')).toContainText(`Scheduled for ${day}`);
    await expect(card.getByTestId('upc')).toHaveText(/^\d{12,13}$/);
  });
});
