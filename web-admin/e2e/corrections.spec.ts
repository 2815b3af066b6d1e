import { expect, test, type Locator, type Page } from '@playwright/test';
import { CHANGE_DECIDED, type AdminDeliveryResponse, type ReleaseChangeResponse } from '@riffline/contracts';
import { expectToast, snap } from '../../test/e2e/support.ts';
import {
  DEMO_ADMIN,
  DEMO_ARTIST,
  apiSession,
  entry,
  signInToConsole,
  type Api,
} from '../../test/e2e/seed.ts';
import { png } from '../../test/support/media.ts';
import { deliveryOf, liveRelease, openS3Store } from './s3Store.ts';

/**
 * Corrections (docs/admin-console.md, "Corrections"): the artists' corrections of live releases, proposed
 * through the artist API as the artist app does, reviewed in the console. The admin opens the queue, reads a
 * correction before → after (a track by its number, the cover as images where the console has a link), rejects
 * one with a reason (the artist reads it) and approves another (the release takes it, and the update goes to
 * a real store, ./s3Store.ts). A review
 * refused because another admin was quicker says why.
 */

/** As the artist: a new cover kept aside for a correction (PUT …/corrections/artwork), its key. */
async function proposeCover(artist: Api, releaseId: string, side: number) {
  const res = await artist.request.put(`/api/releases/${releaseId}/corrections/artwork`, {
    data: png(side, side),
    headers: { origin: artist.origin, 'content-type': 'image/png' },
  });
  expect(res.status(), `cover upload: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { artworkKey: string }).artworkKey;
}

/** As the artist: a correction of their live release, waiting for review. */
const correct = (artist: Api, releaseId: string, body: Record<string, unknown>) =>
  artist.send<ReleaseChangeResponse>('post', `/api/releases/${releaseId}/corrections`, body);

/** The correction's before → after, and one field's row of it by its name. */
const beforeAfter = (page: Page) =>
  page.getByRole('region', { name: 'Before → after' }).getByTestId('correction-field');
const field = (page: Page, name: string) =>
  beforeAfter(page).filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** An image that the browser could load (the signed link works), not a broken one. */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

test('an admin reads corrections before → after, rejects one with a reason and approves another, whose update goes to the store', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  // A store whose drop box is a bucket on loopback, switched on: the releases below go to it.
  const drop = await openS3Store(admin.api);
  const { store, storeName, shop } = drop;
  try {
    // Two live releases of the artist's, each with a correction waiting for review: the first renames the
    // release and its second track and changes the genre; the second renames it and brings a new cover.
    const tide = await liveRelease(artist.api, admin.api, 'Low Tide', ['Low Tide', 'Shoreline']);
    const lights = await liveRelease(artist.api, admin.api, 'Harbour Lights');
    const tideTitle = `${tide.title} (Deluxe)`;
    const lightsTitle = `${lights.title} (Remastered)`;
    const rejected = await correct(artist.api, tide.id, {
      title: tideTitle,
      genre: 'pop',
      tracks: [{ id: tide.tracks[1]!.id, title: 'Shoreline (Live)' }],
    });
    // The update goes to the stores that have the release: this one, once it has it.
    await deliveryOf(admin.api, lights.id, store, (d) => d.kind === 'new');
    const artworkKey = await proposeCover(artist.api, lights.id, 3600);
    const approved = await correct(artist.api, lights.id, { title: lightsTitle, artworkKey });

    // The queue: the pending corrections, newest first, each with what it changes in short.
    await signInToConsole(page, '/admin/release-changes');
    await expect(page.getByRole('tab', { name: /^Pending/ })).toHaveAttribute('aria-selected', 'true');
    const tideRow = entry(page, tide.title);
    const lightsRow = entry(page, lights.title);
    await expect(tideRow).toHaveCount(1);
    for (const text of ['Arlo Artist', 'Title, Genre, Track 2', 'Pending']) {
      await expect(tideRow).toContainText(text);
    }
    await expect(lightsRow).toContainText('Title, Cover');
    await snap(page, testInfo, 'admin-corrections');

    // The first one's page: each field before → after, the track by its number.
    await tideRow.getByTestId('correction-summary').click();
    await expect(page).toHaveURL(new RegExp(`/admin/release-changes/${rejected.id}/show$`));
    await expect(
      page.getByRole('heading', { name: `Correction of “${tide.title}”`, level: 1 }),
    ).toBeVisible();
    await expect(page).toHaveTitle(`Correction of “${tide.title}” · Riffline Admin`);
    await expect(beforeAfter(page).getByRole('rowheader')).toHaveText(['Title', 'Genre', 'Track 2']);
    await expect(field(page, 'Title').getByRole('cell')).toHaveText([tide.title, tideTitle]);
    await expect(field(page, 'Genre').getByRole('cell')).toHaveText(['Electronic', 'Pop']);
    await expect(field(page, 'Track 2').getByRole('cell')).toHaveText(['Shoreline', 'Shoreline (Live)']);
    await snap(page, testInfo, 'admin-correction');

    // Reject: a reason is required, and the artist reads it.
    await page.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: `Reject the correction of “${tide.title}”?` });
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expect(reject).toContainText('Say why the correction is rejected');
    const reason = 'Deluxe editions need the new tracks too: send them as a new release.';
    await reject.getByLabel(/Reason/).fill(reason);
    await reject.getByRole('button', { name: 'Reject' }).click();
    await expectToast(page, 'Correction Reviewed', `The correction of “${tide.title}” was rejected.`);
    await expect(reject).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Rejection Reason' })).toContainText(reason);
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    const asArtistSees = await artist.api.get<ReleaseChangeResponse[]>(`/api/releases/${tide.id}/changes`);
    expect(asArtistSees.find((c) => c.id === rejected.id)).toMatchObject({ status: 'rejected', reason });

    // The release's page lists it with its review, and nothing on the release changed.
    await page.getByRole('link', { name: tide.title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/releases/${tide.id}/show$`));
    await expect(page.getByRole('heading', { name: tide.title, exact: true })).toBeVisible();
    const onRelease = page
      .getByRole('region', { name: 'Takedowns, purge and corrections' })
      .getByTestId('release-change');
    await expect(onRelease).toHaveCount(1);
    for (const text of ['Correction', 'Title, Genre, Track 2', 'Rejected', reason]) {
      await expect(onRelease).toContainText(text);
    }
    await snap(page, testInfo, 'admin-release-correction-rejected');

    // Back in the queue it is gone from Pending, and under Rejected.
    await page.goto('/admin/release-changes');
    await expect(lightsRow).toHaveCount(1);
    await expect(tideRow).toHaveCount(0);
    await page.getByRole('tab', { name: /^Rejected/ }).click();
    await expect(tideRow).toContainText('Rejected');
    await page.getByRole('tab', { name: /^Pending/ }).click();

    // The second one: the cover as it is, and the proposed one's facts (the console gets no link to it).
    await lightsRow.getByTestId('correction-summary').click();
    await expect(page).toHaveURL(new RegExp(`/admin/release-changes/${approved.id}/show$`));
    await expect(beforeAfter(page).getByRole('rowheader')).toHaveText(['Title', 'Cover']);
    const cover = field(page, 'Cover');
    await expectLoaded(
      cover
        .getByTestId('cover-before')
        .getByRole('img', { name: `Cover of “${lights.title}” before the correction` }),
    );
    await expect(cover.getByTestId('cover-before')).toContainText('PNG · 3000 × 3000 px');
    await expect(cover.getByTestId('cover-after')).toContainText('PNG · 3600 × 3600 px');
    await expect(cover.getByTestId('cover-after')).toContainText('No preview');
    await expect(cover.getByTestId('cover-after').getByRole('img')).toHaveCount(0);

    // Approve, asked first: the release takes it, and the update goes to the store.
    await page.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: `Approve the correction of “${lights.title}”?` });
    await expect(approve).toContainText('every store that has it is sent the update');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expectToast(
      page,
      'Correction Reviewed',
      `“${lightsTitle}” is corrected: the stores that have it are sent the update.`,
    );
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.locator('main').getByText('Approved', { exact: true })).toBeVisible();
    // The new cover is the release's now: shown, and the old one is no longer.
    await expectLoaded(
      cover.getByTestId('cover-after').getByRole('img', { name: `New cover of “${lightsTitle}”` }),
    );
    await expect(cover.getByTestId('cover-before')).toContainText('the release no longer has this cover');

    // The update is written to the drop box, then the store answers it (asked until it has taken it).
    const update = await deliveryOf(
      admin.api,
      lights.id,
      store,
      (d) => d.kind === 'update' && d.status === 'delivered',
    );
    const atStore = page
      .getByRole('region', { name: 'The update at the stores' })
      .getByTestId('update-store')
      .filter({ hasText: storeName });
    await expect(atStore.getByText('Delivered', { exact: true })).toBeVisible();
    let answered = '';
    await expect
      .poll(
        async () => {
          await shop.acknowledge();
          answered = (await admin.api.get<AdminDeliveryResponse>(`/api/admin/deliveries/${update.id}`))
            .status;
          return answered;
        },
        { timeout: 60_000 },
      )
      .not.toBe('delivered');
    const answeredLabel = { ingested: 'Ingested', live: 'Live', error: 'Error' }[answered] ?? answered;
    await expect(atStore.getByText(answeredLabel, { exact: true })).toBeVisible();
    await snap(page, testInfo, 'admin-correction-approved');

    // The release's page, from the correction: its new title.
    await page.getByRole('link', { name: lightsTitle, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/releases/${lights.id}/show$`));
    await expect(page.getByRole('heading', { name: lightsTitle, exact: true })).toBeVisible();
    const lightsChange = page
      .getByRole('region', { name: 'Takedowns, purge and corrections' })
      .getByTestId('release-change');
    await expect(lightsChange).toContainText('Approved');
    await expect(lightsChange.getByTestId('change-store').filter({ hasText: storeName })).toContainText(
      answeredLabel,
    );
  } finally {
    await drop.close();
    await admin.context.close();
    await artist.context.close();
  }
});

test(
  'a review refused because another admin reviewed the correction meanwhile says why',
  { tag: '@phone' },
  async ({ browser, page }, testInfo) => {
    test.setTimeout(150_000);
    const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
    const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
    const release = await liveRelease(artist.api, admin.api, 'Tidal Flats');
    const { releaseArtists } = await admin.api.get<{ releaseArtists: string[] }>(
      `/api/admin/releases/${release.id}`,
    );
    const change = await correct(artist.api, release.id, { releaseArtists: ['Arlo Artist', 'Mara Vale'] });
    await artist.context.close();

    await signInToConsole(page, '/admin/release-changes');
    const row = entry(page, release.title);
    await expect(row).toContainText('Release artists');
    await snap(page, testInfo, 'admin-corrections-pending');
    await row.getByTestId('correction-summary').click();
    await expect(page).toHaveURL(new RegExp(`/admin/release-changes/${change.id}/show$`));
    await expect(field(page, 'Release artists').getByRole('cell')).toHaveText([
      releaseArtists.join(', ') || '—',
      'Arlo Artist, Mara Vale',
    ]);
    await snap(page, testInfo, 'admin-correction-artists');
    await page.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: `Reject the correction of “${release.title}”?` });
    await reject.getByLabel(/Reason/).fill('Mara Vale is not credited on the tracks.');

    // Meanwhile another admin approves it.
    await admin.api.send('patch', `/api/admin/release-changes/${change.id}`, { status: 'approved' });
    await admin.context.close();

    await reject.getByRole('button', { name: 'Reject' }).click();
    await expectToast(page, 'Update Failed', CHANGE_DECIDED);
    await expect(reject).toBeHidden();
    // The page is read again: approved, with nothing left to review.
    await expect(page.locator('main').getByText('Approved', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    await expect(
      page.getByRole('heading', { name: `Correction of “${release.title}”`, level: 1 }),
    ).toBeVisible();
  },
);
