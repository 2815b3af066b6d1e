import fs from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { expectToast, snap, unique } from '../../test/e2e/support.ts';
import {
  DEMO_ADMIN,
  DEMO_ARTIST,
  apiSession,
  entry,
  signInToConsole,
  submitRelease,
} from '../../test/e2e/seed.ts';
import { unzip } from '../../test/support/zip.ts';

/**
 * Release review (SPEC §2 Admin panel, §8): the queue of releases in processing, the release's page
 * with its artwork, tracks and players, Approve (ISRCs and a UPC are given) and Reject (with the reason
 * the artist reads), both confirmed first, the spec's toasts, and the exports.
 */
test.describe('release review', () => {
  test(
    'an admin rejects one release from the queue and approves another on its page',
    { tag: '@phone' },
    async ({ browser, page }, testInfo) => {
      test.setTimeout(120_000);
      const { context, api: artist } = await apiSession(browser, testInfo, DEMO_ARTIST);
      const ep = await submitRelease(artist, {
        title: unique('Harbour Lights EP'),
        tracks: ['Low Tide', 'Signal Fires'],
      });
      const single = await submitRelease(artist, { title: unique('Rough Cut'), tracks: ['Rough Cut'] });
      await context.close();

      await signInToConsole(page, '/admin/releases');
      await expect(page.getByRole('tab', { name: /^Processing/ })).toHaveAttribute('aria-selected', 'true');

      // Reject from the queue: it asks why, and an empty reason is not sent.
      await page.getByPlaceholder('Search').fill(single.title);
      // The search has applied once the tab counts only this release.
      await expect(page.getByRole('tab', { name: 'Processing (1)' })).toBeVisible();
      await expect(entry(page, single.title)).toHaveCount(1);
      await snap(page, testInfo, 'admin-releases');
      await entry(page, single.title).getByRole('button', { name: 'Reject' }).click();
      const reject = page.getByRole('dialog', { name: `Reject “${single.title}”?` });
      await reject.getByRole('button', { name: 'Reject' }).click();
      await expect(reject.getByText('Say why the release is rejected')).toBeVisible();
      await reject.getByLabel(/Reason/).fill('The artwork is missing: add a 3000×3000 cover.');
      await reject.getByRole('button', { name: 'Reject' }).click();
      await expectToast(page, 'Release Updated', `“${single.title}” was rejected.`);
      await expect(entry(page, single.title)).toHaveCount(0);
      await page.getByRole('tab', { name: /^Rejected/ }).click();
      await expect(entry(page, single.title)).toContainText('Rejected');

      // Approve on the release's page: artwork, tracks with players, then ISRCs and a UPC.
      await page.getByRole('tab', { name: /^Processing/ }).click();
      // (Typing before the tab has applied would search the tab that was shown.)
      await expect(page).toHaveURL(/processing/);
      await page.getByPlaceholder('Search').fill(ep.title);
      await expect(page.getByRole('tab', { name: 'Processing (1)' })).toBeVisible();
      await entry(page, ep.title).getByText(ep.title, { exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/admin/releases/${ep.id}/show$`));
      await expect(page.getByRole('heading', { name: ep.title, exact: true })).toBeVisible();
      const artwork = page.getByRole('img', { name: `Artwork of ${ep.title}` });
      await expect(artwork).toBeVisible();
      // The 3000×3000 cover arrives through its signed URL (visible is not yet loaded: wait for the decode).
      await expect
        .poll(() => artwork.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(3000);
      // Shown large, to be looked at (the whole width of a phone), with the file at full size a click away.
      const shown = (await artwork.boundingBox())!;
      expect(shown.width).toBeGreaterThanOrEqual(Math.min(440, page.viewportSize()!.width - 80));
      // The same file: its signed URL is signed again whenever the release is read again (a new expiry).
      const file = (url: string | null) => url?.split('?')[0];
      const fullSize = page.getByRole('link', { name: 'Open full size' });
      expect(file(await fullSize.getAttribute('href'))).toBe(file(await artwork.getAttribute('src')));
      for (const title of ['Low Tide', 'Signal Fires']) {
        const track = page.getByRole('row', { name: title }).or(page.getByRole('listitem', { name: title }));
        await expect(track.getByTestId('isrc')).toHaveText('Given on approval');
      }
      const players = page.locator('audio');
      await expect(players).toHaveCount(2);
      // The players play the uploaded audio through its signed URL.
      const audio = await page.request.get((await players.first().getAttribute('src'))!);
      expect(audio.status()).toBe(200);
      expect(audio.headers()['content-type']).toMatch(/^audio\//);
      await snap(page, testInfo, 'admin-release');

      await page.getByRole('button', { name: 'Approve' }).click();
      const approve = page.getByRole('dialog', { name: `Approve “${ep.title}”?` });
      await expect(approve).toContainText('every track without an ISRC gets one');
      await approve.getByRole('button', { name: 'Approve' }).click();
      await expectToast(page, 'Release Updated', `“${ep.title}” is live.`);
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      const isrcs = page.getByTestId('isrc');
      await expect(isrcs).toHaveCount(2);
      for (const isrc of await isrcs.all()) await expect(isrc).toHaveText(/^IN-RFL-\d{2}-\d{5}$/);
      await expect(page.getByTestId('upc')).toHaveText(/^\d{12,13}$/);
      // The codes, each a click from the clipboard (the ISRC without its hyphens).
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
      await page.getByRole('button', { name: `Copy the UPC of ${ep.title}` }).click();
      await expectToast(page, 'UPC Copied');
      expect(await clipboard()).toBe(await page.getByTestId('upc').innerText());
      await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Copy the ISRC of Track 2' }).click();
      await expectToast(page, 'ISRC Copied');
      expect(await clipboard()).toBe((await isrcs.nth(1).innerText()).replaceAll('-', ''));
      await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
      await snap(page, testInfo, 'admin-release-live');
    },
  );

  test("a decision the API refuses shows 'Update Failed'", async ({ browser, page }, testInfo) => {
    const { context, api: artist } = await apiSession(browser, testInfo, DEMO_ARTIST);
    const release = await submitRelease(artist, { title: unique('Second Take'), tracks: ['Second Take'] });
    await context.close();

    await signInToConsole(page, '/admin/releases');
    await page.getByPlaceholder('Search').fill(release.title);
    await expect(page.getByRole('tab', { name: 'Processing (1)' })).toBeVisible();
    await expect(entry(page, release.title)).toHaveCount(1);

    // Another admin approves it meanwhile; this page still offers Reject.
    const other = await apiSession(browser, testInfo, DEMO_ADMIN);
    await other.api.send('patch', `/api/admin/releases/${release.id}`, { status: 'live' });
    await other.context.close();

    await entry(page, release.title).getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: `Reject “${release.title}”?` });
    await dialog.getByLabel(/Reason/).fill('Too quiet.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    // The spec's text, then why, in the API's words.
    await expectToast(page, 'Update Failed', 'Failed to update release status');
    await expectToast(
      page,
      'Update Failed',
      'Only a release in review (processing) can be approved or rejected',
    );
  });

  test('an approval refused for the cover says so', async ({ browser, page }, testInfo) => {
    const { context, api: artist } = await apiSession(browser, testInfo, DEMO_ARTIST);
    const release = await submitRelease(artist, { title: unique('No Cover'), tracks: ['No Cover'] });
    await context.close();

    await signInToConsole(page, `/admin/releases/${release.id}/show`);
    await expect(page.getByRole('heading', { name: release.title, exact: true })).toBeVisible();
    // A release that reached review without a valid cover (older data): the API refuses its approval
    // (api/src/routes/artist/releases/releases.int.test.ts proves it); here its answer is played back.
    const why =
      'The release has no valid cover art (a square JPG or PNG, at least 3000×3000 pixels): reject it so the artist can add one';
    const refusal = `Not ready to approve: ${why}`;
    await page.route(`**/api/admin/releases/${release.id}`, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 409,
            json: {
              message: refusal,
              issues: [{ path: 'release', message: why }],
            },
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: `Approve “${release.title}”?` });
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expectToast(page, 'Update Failed', `Failed to update release status. ${refusal}`);
    await page.unrouteAll();
    // Nothing changed: still in review, still offered.
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  });

  test('runs both exports and downloads the document', async ({ browser, page }, testInfo) => {
    test.setTimeout(120_000);
    const { context, api: artist } = await apiSession(browser, testInfo, DEMO_ARTIST);
    const release = await submitRelease(artist, { title: unique('Export Me'), tracks: ['Export Me'] });
    await context.close();
    await signInToConsole(page, '/admin/releases');

    /** Clicks an export button: its page opens in a new tab, and the spec's toast shows. */
    const runExport = async (button: string, toast: string) => {
      const opened = page.waitForEvent('popup');
      await page.getByRole('button', { name: button }).click();
      const tab = await opened;
      await tab.waitForURL(/\/api\/exports\/[0-9a-f-]{36}$/);
      await expectToast(page, toast);
      await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
      // Progress while the workers build it (they may already be done), then the files: the page reloads
      // itself until it is ready.
      await expect(tab.locator('.status')).toHaveText(
        /^(Waiting to start|Building): \d+ of \d+ releases written\.$|^Ready: /,
      );
      await expect(tab.locator('.status')).toHaveText(/^Ready: \d+ releases?, \d+ files\./, {
        timeout: 45_000,
      });
      return tab;
    };
    const download = async (link: Locator) => {
      const started = link.page().waitForEvent('download');
      await link.click();
      const file = await started;
      return fs.promises.readFile(await file.path());
    };

    // Export to Drive: a folder per release (metadata.json and the DDEX ERN message) and an index.
    const folder = await runExport('Export to Drive', 'Exported to Google Drive');
    await expect(folder.locator('h1')).toHaveText('All releases');
    await expect(folder.getByRole('link', { name: 'index.json', exact: true })).toBeVisible();
    // The release's folder: its position and its title as a slug ("export-me-…").
    const slug = release.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const section = folder.locator('section').filter({
      has: folder.getByRole('heading', { name: new RegExp(`^\\d+-${slug}/$`) }),
    });
    await expect(section.getByRole('link', { name: 'metadata.json', exact: true })).toBeVisible();
    await expect(section.getByRole('link', { name: 'ern.xml', exact: true })).toBeVisible();
    await snap(folder, testInfo, 'admin-export-drive');
    const metadata = JSON.parse(
      (await download(section.getByRole('link', { name: 'metadata.json', exact: true }))).toString('utf8'),
    ) as { release: { id: string; title: string } };
    expect(metadata.release).toMatchObject({ id: release.id, title: release.title });
    const ern = (await download(section.getByRole('link', { name: 'ern.xml', exact: true }))).toString(
      'utf8',
    );
    expect(ern).toMatch(/^<\?xml /);
    expect(ern).toContain('<ern:NewReleaseMessage');
    expect(ern).toContain(release.title);
    await folder.close();

    // Export to Docs: one .docx, a real Word document (a zip) with the release in it.
    const docs = await runExport('Export to Docs', 'Exported to Google Docs');
    const docx = docs.getByRole('link', { name: /\.docx$/ });
    await expect(docx).toHaveCount(1);
    await snap(docs, testInfo, 'admin-export-docs');
    const bytes = await download(docx);
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const parts = unzip(bytes);
    expect(parts.has('[Content_Types].xml')).toBe(true);
    expect(parts.get('word/document.xml')?.toString('utf8')).toContain(release.title);
    await docs.close();
  });
});
