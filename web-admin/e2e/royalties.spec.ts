import { expect, test } from '@playwright/test';
import { signIn, snap, unique } from '../../test/e2e/support.ts';
import {
  DEMO_ADMIN,
  DEMO_ARTIST,
  apiSession,
  entry,
  signInToConsole,
  submitRelease,
} from '../../test/e2e/seed.ts';

interface Release {
  tracks: Array<{ isrc: string | null }>;
}

/**
 * Royalties, store reports and analytics (SPEC §2 admin tabs Royalties and Analytics): the admin uploads a
 * store report through the console, follows its import to the counts and the line it could not match,
 * finds the artist's royalty in the Royalties list and the usage in Analytics; the artist then finds the
 * earnings on their Royalties page. Desktop and phone run at once against one server: names are unique,
 * and shared totals are compared as 'at least'.
 */
test('an admin imports a store report and follows its money to royalties, analytics and the artist', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const title = unique('Ledger Lights');
  const release = await submitRelease(artist.api, { title, tracks: [title] });
  const live = await admin.api.send<Release>('patch', `/api/admin/releases/${release.id}`, {
    status: 'live',
  });
  const isrc = live.tracks[0]!.isrc!;
  await artist.context.close();
  await admin.context.close();

  // The report: 1,234 Spotify streams in India worth $12.34 for the release, and a line for an unknown ISRC.
  // A well-formed ISRC no release has (the console gives ISRCs of this year, never 99).
  const digits = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');
  const unknownIsrc = `QZ${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, 'X')}99${digits}`;
  const csv = [
    'period,store,country,isrc,sale_type,units,net_revenue,currency',
    `2026-03,Spotify,IN,${isrc},stream,1234,12.34,USD`,
    `2026-03,Spotify,IN,${unknownIsrc},stream,5,0.01,USD`,
  ].join('\n');
  const filename = `${unique('spotify-2026-03')}.csv`;

  await signInToConsole(page, '/admin/reports');
  await page.getByRole('link', { name: 'Upload Report' }).click();
  await expect(page.getByRole('form', { name: 'Upload a store report' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: filename,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByText(filename)).toBeVisible();
  await snap(page, testInfo, 'admin-report-upload');
  await page.getByRole('button', { name: 'Upload Report' }).click();

  // Its page follows the import to the end, then shows what the lines became.
  await expect(page.getByRole('heading', { name: filename, level: 2 })).toBeVisible();
  const counts = page.getByRole('region', { name: 'What the file became' });
  const figure = (label: string) => counts.locator(`dt:text-is("${label}") + dd`);
  await expect(page.getByText('Imported', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(figure('Lines read')).toHaveText('2');
  await expect(figure('Matched')).toHaveText('1');
  await expect(figure('Unmatched')).toHaveText('1');
  await expect(figure('Invalid')).toHaveText('0');
  await expect(figure('Streams')).toHaveText('1,234');
  await expect(figure('Royalties (USD)')).toHaveText('$12.34');
  const unmatched = page.getByRole('region', { name: 'Unmatched lines' });
  await expect(unmatched.getByRole('row').filter({ hasText: unknownIsrc })).toHaveCount(1);
  await expect(unmatched.getByRole('row').filter({ hasText: unknownIsrc })).toContainText(
    'No track has ISRC',
  );
  await snap(page, testInfo, 'admin-report');

  // The Royalties list has the artist's row for the release.
  await page.goto('/admin/royalties');
  await page.getByPlaceholder('Search').fill(title);
  await expect(page).toHaveURL(/filter=%7B%22q%22/);
  const royalty = entry(page, title);
  await expect(royalty).toHaveCount(1);
  await expect(royalty).toContainText('$12.34');
  await expect(royalty).toContainText('March 2026');
  await expect(royalty).toContainText('Credited');
  await expect(royalty).toContainText('artist@riffline.local');
  await snap(page, testInfo, 'admin-royalties');

  // Analytics: everyone's totals are at least this report's, and the release alone has exactly its numbers.
  await page.goto('/admin/analytics');
  const totals = page.getByRole('region', { name: 'Totals' });
  const total = (label: string) => totals.locator(`dt:text-is("${label}") + dd`);
  await expect(total('Streams')).toBeVisible();
  expect(Number((await total('Streams').innerText()).replace(/\D/g, ''))).toBeGreaterThanOrEqual(1234);
  await expect(page.getByRole('figure', { name: 'Streams per day' })).toBeVisible();
  await snap(page, testInfo, 'admin-analytics');
  await page.goto(`/admin/analytics?filter=${encodeURIComponent(JSON.stringify({ releaseId: release.id }))}`);
  await expect(total('Streams')).toHaveText('1,234');
  await expect(total('Revenue (USD)')).toHaveText('$12.34');
  await expect(total('Releases')).toHaveText('1');
  await expect(page.getByRole('figure', { name: 'Streams by country' })).toBeVisible();
  const usage = entry(page, title);
  await expect(usage).toHaveCount(1);
  await expect(usage).toContainText('Spotify');
  await expect(usage).toContainText('$12.34');
  await snap(page, testInfo, 'admin-analytics-release');

  // The artist finds the earnings on their Royalties page.
  const artistContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL! });
  const artistPage = await artistContext.newPage();
  await artistPage.goto('/api/login?returnTo=%2Froyalties');
  await signIn(artistPage, DEMO_ARTIST.email, DEMO_ARTIST.password);
  await expect(artistPage).toHaveURL(/\/royalties$/);
  const earnings = artistPage.getByRole('region', { name: 'Earnings History' });
  const earned = earnings.getByRole('listitem').filter({ hasText: title });
  await expect(earned).toHaveCount(1);
  await expect(earned).toContainText('$12.34');
  await snap(artistPage, testInfo, 'artist-royalties-from-report');
  await artistContext.close();
});
