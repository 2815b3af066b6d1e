import { expect, test } from '@playwright/test';
import { signIn, snap, unique } from '../../test/e2e/support.ts';
import { dsrFile } from '../../test/support/dsrFile.ts';
import {
  DEMO_ADMIN,
  DEMO_ARTIST,
  apiSession,
  entry,
  signInToConsole,
  submitRelease,
} from '../../test/e2e/seed.ts';

interface Release {
  upc: string | null;
  tracks: Array<{ isrc: string | null }>;
}

/** A well-formed ISRC no release has (the console gives ISRCs of this year, never 99). */
const isrcOfNoRelease = () => {
  const digits = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');
  return `QZ${Math.random().toString(36).slice(2, 5).toUpperCase().padEnd(3, 'X')}99${digits}`;
};

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
  const unknownIsrc = isrcOfNoRelease();
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
  // A CSV of our own layout, nothing to check: both lines' revenue counted per currency.
  const about = page.getByRole('region', { name: 'About the file' });
  await expect(about.locator('dt:text-is("Format") + dd')).toHaveText('CSV');
  await expect(about.locator('dt:text-is("MessageId")')).toHaveCount(0);
  const perCurrency = page.getByRole('region', { name: 'Totals per currency' });
  const usd = page.getByRole('cell', { name: 'USD', exact: true });
  await expect(perCurrency.getByRole('row').filter({ has: usd })).toHaveText(/USD\s*12\.35\s*\$12\.35/);
  await expect(page.getByRole('alert').filter({ hasText: 'Flagged' })).toHaveCount(0);
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

/**
 * A DDEX DSR file as a store sends it (SPEC's DSR section, issue 34): the admin uploads it through the
 * console, and its page says what the file said of itself (format, MessageId, sender, service, usage
 * period), its totals per currency, the warning its footer raised (flagged, in the list too), its counts,
 * and the lines it could not use: an unmatched one with its titles as the store wrote them (DSR escapes
 * undone, never HTML), an invalid one with its reason and cells.
 */
test('an admin imports a DSR report and reads its format, totals, warnings and the lines it could not use', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const title = unique('Summary Lights');
  const release = await submitRelease(artist.api, { title, tracks: [title] });
  const live = await admin.api.send<Release>('patch', `/api/admin/releases/${release.id}`, {
    status: 'live',
  });
  await artist.context.close();
  await admin.context.close();

  // 9.20 EUR for the release's 1,000 streams (10.00 USD at 0.92), and 2.50 USD for 10 streams of a
  // recording no release has; a line whose count is no number; a footer that miscounts the file.
  const messageId = unique('MSG');
  const stranger = isrcOfNoRelease();
  const strangeTitle = 'Rock | Roll \\ Live <b>loud</b>';
  const file = dsrFile({
    messageId,
    sender: 'Spotify',
    service: 'SpotifyPremium',
    period: { start: '2026-03-01', end: '2026-03-31' },
    headings: true,
    lineEnd: '\r\n',
    summaries: [
      { id: 'S1', territory: 'IN', currency: 'EUR', netRevenue: '9.2' },
      { id: 'S2', territory: 'US', currency: 'USD', netRevenue: '2.5' },
    ],
    blocks: [
      {
        release: { icpn: live.upc!, title, artist: 'Arlo Artist' },
        resources: [{ isrc: live.tracks[0]!.isrc!, title, usages: [{ summary: 'S1', count: 1000 }] }],
      },
      {
        release: { icpn: '036000291452', title: 'Someone Else', artist: ['Maya R', 'Ravi K'] },
        resources: [
          {
            isrc: stranger,
            title: strangeTitle,
            usages: [
              { summary: 'S2', count: 10 },
              { summary: 'S2', count: 'many' },
            ],
          },
        ],
      },
    ],
    footer: { linesInFile: 99 },
  });
  const filename = `${unique('DSR_Spotify_Riffline_SpotifyPremium_2026-03_IN_1of1')}.tsv`;

  await signInToConsole(page, '/admin/reports/create');
  await expect(page.getByRole('form', { name: 'Upload a store report' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: filename,
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(file),
  });
  await page.getByRole('button', { name: 'Upload Report' }).click();

  await expect(page.getByRole('heading', { name: filename, level: 2 })).toBeVisible();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible({ timeout: 60_000 });

  // Flagged: the footer's count against the file, in words, above everything else.
  const warnings = page.getByRole('alert').filter({ hasText: 'Flagged' });
  await expect(warnings).toContainText('Flagged: the import found 1 thing to check');
  await expect(warnings.getByRole('listitem')).toHaveCount(1);
  await expect(warnings.getByRole('listitem')).toContainText('99');
  await expect(warnings.getByRole('listitem')).toContainText('NumberOfLinesInFile');

  const about = page.getByRole('region', { name: 'About the file' });
  const fact = (label: string) => about.locator(`dt:text-is("${label}") + dd`);
  await expect(fact('Format')).toHaveText('DSR');
  await expect(fact('MessageId')).toHaveText(messageId);
  await expect(fact('Sender')).toHaveText('Spotify');
  await expect(fact('Service')).toHaveText('SpotifyPremium');
  await expect(fact('Usage period')).toHaveText('2026-03-01 to 2026-03-31');

  const totals = page.getByRole('region', { name: 'Totals per currency' });
  const total = (currency: string) =>
    totals.getByRole('row').filter({ has: page.getByRole('cell', { name: currency, exact: true }) });
  await expect(total('EUR')).toHaveText(/EUR\s*9\.20\s*\$10\.00/);
  await expect(total('USD')).toHaveText(/USD\s*2\.50\s*\$2\.50/);

  const counts = page.getByRole('region', { name: 'What the file became' });
  const figure = (label: string) => counts.locator(`dt:text-is("${label}") + dd`);
  await expect(figure('Lines read')).toHaveText('3');
  await expect(figure('Matched')).toHaveText('1');
  await expect(figure('Unmatched')).toHaveText('1');
  await expect(figure('Invalid')).toHaveText('1');
  await expect(figure('Streams')).toHaveText('1,000');
  await expect(figure('Royalties (USD)')).toHaveText('$10.00');

  const unmatched = page.getByRole('region', { name: 'Unmatched lines' }).getByRole('row');
  const strange = unmatched.filter({ hasText: stranger });
  await expect(strange).toHaveCount(1);
  await expect(strange).toContainText(`No track has ISRC ${stranger}`);
  await expect(strange).toContainText(strangeTitle);
  await expect(strange).toContainText('Someone Else');
  await expect(strange).toContainText('Maya R');
  await expect(strange).toContainText('2.50 USD');

  const invalid = page.getByRole('region', { name: 'Invalid lines' });
  const bad = invalid.getByRole('row').filter({ hasText: 'NumberOfStreams "many" is not a whole number' });
  await expect(bad).toHaveCount(1);
  await expect(bad.locator('dt:text-is("8") + dd')).toHaveText('many');
  await expect(bad.locator('dt:text-is("3") + dd')).toHaveText('S2');
  await snap(page, testInfo, 'admin-report-dsr');

  // The list marks it, with its format.
  await page.goto('/admin/reports');
  await page.getByPlaceholder('Search').fill(filename);
  await expect(page).toHaveURL(/filter=%7B%22q%22/);
  const listed = entry(page, filename);
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Flagged');
  await expect(listed).toContainText('DSR');
  await expect(listed).toContainText('Imported');
  await snap(page, testInfo, 'admin-reports-flagged');
});

/**
 * Sanity before money moves (issue 34): a report whose streams pay more than the ceiling (USD 0.05 by
 * default) is imported but held: its page says why and credits nothing until the admin confirms it; then
 * its royalties are written, and the page still says why it was held.
 */
test('a report whose streams pay too much is held until the admin confirms it', async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  const title = unique('Too Good');
  const release = await submitRelease(artist.api, { title, tracks: [title] });
  const live = await admin.api.send<Release>('patch', `/api/admin/releases/${release.id}`, {
    status: 'live',
  });
  await artist.context.close();
  await admin.context.close();

  // 10 streams for $5.00: $0.50 a stream.
  const csv = [
    'period,store,country,isrc,sale_type,units,net_revenue,currency',
    `2026-03,Spotify,IN,${live.tracks[0]!.isrc!},stream,10,5.00,USD`,
  ].join('\n');
  const filename = `${unique('too-good')}.csv`;
  await signInToConsole(page, '/admin/reports/create');
  await page.locator('input[type="file"]').setInputFiles({
    name: filename,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await page.getByRole('button', { name: 'Upload Report' }).click();
  await expect(page.getByRole('heading', { name: filename, level: 2 })).toBeVisible();
  await expect(page.getByText('Held', { exact: true })).toBeVisible({ timeout: 60_000 });

  const held = page.getByRole('alert').filter({ hasText: 'Held: nothing of this report is credited' });
  await expect(held.getByRole('listitem')).toHaveCount(1);
  await expect(held.getByRole('listitem')).toContainText('Streams paid more than USD 0.05: line 2');
  const counts = page.getByRole('region', { name: 'What the file became' });
  const figure = (label: string) => counts.locator(`dt:text-is("${label}") + dd`);
  await expect(figure('Matched')).toHaveText('1');
  await expect(figure('Revenue (USD)')).toHaveText('$5.00');
  await expect(figure('Royalties (USD)')).toHaveText('$0.00');
  await snap(page, testInfo, 'admin-report-held');

  await held.getByRole('button', { name: 'Confirm and credit' }).click();
  const dialog = page.getByRole('dialog', { name: `Credit ${filename}?` });
  await dialog.getByRole('button', { name: 'Confirm and credit' }).click();
  await expect(page.getByText('Report Credited')).toBeVisible();
  await expect(page.getByText('Imported', { exact: true })).toBeVisible();
  await expect(figure('Royalties (USD)')).toHaveText('$5.00');
  await expect(page.getByRole('alert').filter({ hasText: 'Held: nothing' })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'it was held for' })).toContainText(
    'Streams paid more than USD 0.05',
  );
});
