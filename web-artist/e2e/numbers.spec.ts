import { expect, test, type Page } from '@playwright/test';
import { Api, DEMO_ADMIN, apiSession, importRoyalties, submitRelease } from '../../test/e2e/seed.ts';
import { createAccount, snap, unique } from './support.ts';

interface Release {
  tracks: Array<{ isrc: string | null }>;
}

/** A day `days` before today, as YYYY-MM-DD (UTC, as the API's windows). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Last month, as YYYY-MM (UTC). */
const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};

/** A new account, applied and approved by the admin: an artist with no release and no report. */
async function newArtist(
  page: Page,
  browser: Parameters<typeof apiSession>[0],
  testInfo: Parameters<typeof apiSession>[1],
) {
  await page.goto('/api/login?returnTo=%2F');
  await createAccount(page, {
    firstName: 'Ines',
    lastName: 'Moreau',
    email: `${unique('ines')}@example.com`,
    password: 'correct horse battery',
  });
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const origin = testInfo.project.use.baseURL!;
  const applied = await page.request.post('/api/applications', {
    headers: { origin },
    data: {
      legalName: 'Ines Moreau',
      artistName: unique('Ines M'),
      age: 27,
      genre: 'electronic',
      artistStory: 'Night-bus techno from Lyon, first EP in the making.',
      instagram: 'https://instagram.com/inesmoreau',
      youtube: 'https://youtube.com/@inesmoreau',
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { id } = (await applied.json()) as { id: string };
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  await admin.api.send('patch', `/api/admin/applications/${id}`, { status: 'approved' });
  return { admin, api: new Api(page.request, origin) };
}

/**
 * Numbers that are true and agree (issue 33): a new artist's dashboard shows no growth badge (there is
 * nothing to compare) and the platform's growth in the banner as Riffline's; once reports come in, the
 * badges are the artist's own change against the days before; a report of last month's sales that came in
 * today counts in This Month, and every credited row reads 'Credited' and counts as available.
 */
test(
  'a new artist’s numbers: no badge without data, their own growth once reported, This Month by arrival',
  { tag: '@phone' },
  async ({ browser, page }, testInfo) => {
    test.setTimeout(180_000);
    const { admin, api } = await newArtist(page, browser, testInfo);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back, Ines' })).toBeVisible();
    await expect(page.getByTestId('stat-streams-value')).toHaveText('0');
    for (const card of ['stat-streams', 'stat-earnings']) {
      await expect(page.getByTestId(`${card}-no-growth`)).toHaveText('No data yet');
      await expect(page.getByTestId(`${card}-growth`)).toHaveCount(0);
    }
    // The platform settings' figures, said to be Riffline's (their values are the admins' to change).
    await expect(page.getByTestId('platform-growth')).toContainText(
      /^Across Riffline this month, artists' streams (grew|fell|held steady).* and their earnings (grew|fell|held steady)/,
    );
    await snap(page, testInfo, 'artist-dashboard-new');

    // Two reports of the artist's single: 500 streams 40 days ago, 1,000 today.
    const title = unique('First Light');
    const release = await submitRelease(api, { title, tracks: [title] });
    const live = await admin.api.send<Release>('patch', `/api/admin/releases/${release.id}`, {
      status: 'live',
    });
    const isrc = live.tracks[0]!.isrc!;
    await importRoyalties(admin.api, isrc, '1.00', { period: daysAgo(40), units: 500 });
    await importRoyalties(admin.api, isrc, '3.00', { period: daysAgo(0), units: 1000 });

    // The last 30 days against the 30 before: 1,000 streams against 500, $3.00 of revenue against $1.00.
    await page.reload();
    await expect(page.getByTestId('stat-streams-value')).toHaveText('1,000');
    await expect(page.getByTestId('stat-streams-growth')).toHaveText('+100%');
    await expect(page.getByTestId('stat-earnings-growth')).toHaveText('+200%');
    await expect(page.getByTestId('stat-streams')).toContainText(/vs [A-Z][a-z]{2} \d+ – [A-Z][a-z]{2} \d+/);
    await expect(page.getByTestId('stat-earnings')).toContainText('last 30 days vs');
    await expect(page.getByTestId('stat-streams-growth')).toHaveAttribute(
      'aria-label',
      /^Streams up 100% on /,
    );

    // A report of last month's sales comes in today: This Month counts it, as everything credited today.
    await importRoyalties(admin.api, isrc, '33.00', { period: lastMonth() });
    await admin.context.close();
    await page.goto('/royalties');
    await expect(page.getByRole('heading', { name: 'Royalties', level: 1 })).toBeVisible();
    await expect(page.getByTestId('royalty-month-value')).toHaveText('$37.00');
    await expect(page.getByTestId('royalty-total-value')).toHaveText('$37.00');
    // Every credited row counts as available, and none of them says it is pending.
    await expect(page.getByTestId('royalty-available-value')).toHaveText('$37.00');
    const rows = page.getByRole('region', { name: 'Earnings History' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) {
      await expect(row).toContainText('Credited');
      await expect(row).not.toContainText('Pending');
    }
    await snap(page, testInfo, 'royalties-credited');
  },
);
