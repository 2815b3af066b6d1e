import { expect, test, type Locator, type Page } from '@playwright/test';
import { convertAmount, currencies, type Currency } from '@riffline/contracts';
import { DEMO_ADMIN, DEMO_ARTIST, apiSession, importRoyalties, submitRelease } from '../../test/e2e/seed.ts';
import { chooseOption, createAccount, signIn, snap, unique } from './support.ts';

interface Release {
  tracks: Array<{ isrc: string | null }>;
}

/** Today as YYYY-MM-DD (UTC, as the API's windows). */
const today = () => new Date().toISOString().slice(0, 10);

/** "25,000" → 25000, "$12.34" → 12.34 */
const numberIn = async (locator: Locator) => Number((await locator.innerText()).replace(/[^\d.]/g, ''));

const stat = (page: Page, id: string) => page.getByTestId(`analytics-${id}-value`);

/** Picks a timeframe; `fetches` names the window the page must ask the API for (a new one, not cached). */
async function chooseTimeframe(page: Page, label: string, fetches?: number) {
  const response =
    fetches &&
    page.waitForResponse((r) => r.url().endsWith(`/api/analytics?days=${fetches}`) && r.status() === 200);
  await chooseOption(
    page.getByRole('combobox', { name: 'Timeframe' }),
    page.getByRole('option', { name: label }),
  );
  if (response) await response;
  await expect(page.getByRole('combobox', { name: 'Timeframe' })).toHaveText(label);
}

/**
 * Analytics (SPEC §2 Analytics; its badges the artist's own growth): the demo artist (whose demo EP `make start` fills with 90 days of
 * store sales) gets a new release credited by a store report the admin imports: 25,000 Spotify streams and
 * 4,321 listeners today. The page shows them in the stat cards, the Spotify counter and the recent activity
 * on the last 30 days, and each timeframe asks the API again ('Last year' charts a bar a month, 'Last 90
 * days' a point a day). Desktop and phone run at once as the same artist, each with a release of its own, so
 * the figures are compared as "at least".
 */
test(
  'the artist reads streams, listeners, revenue and stores per timeframe',
  { tag: '@phone' },
  async ({ browser, page }, testInfo) => {
    test.setTimeout(150_000);
    const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
    const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
    const title = unique('Neon Tide');
    const release = await submitRelease(artist.api, { title, tracks: [title] });
    const live = await admin.api.send<Release>('patch', `/api/admin/releases/${release.id}`, {
      status: 'live',
    });
    const day = today();
    await importRoyalties(admin.api, live.tracks[0]!.isrc!, '12.34', {
      period: day,
      store: 'Spotify',
      units: 25000,
      listeners: 4321,
    });
    await admin.context.close();
    await artist.context.close();

    await page.goto('/api/login?returnTo=%2Fanalytics');
    await signIn(page, DEMO_ARTIST.email, DEMO_ARTIST.password);
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Analytics · Riffline');
    await expect(page.getByRole('combobox', { name: 'Timeframe' })).toHaveText('Last 30 days');

    // The last 30 days hold today's report; the badges are the artist's own change against the days before
    // (the demo EP's 90 days of sales are there to compare with).
    await expect(stat(page, 'streams')).toHaveText(/^\d[\d,]*$/);
    const streams30 = await numberIn(stat(page, 'streams'));
    expect(streams30).toBeGreaterThanOrEqual(25000);
    // Listeners of the latest month with any, summed over stores and tracks: this month, ours among them.
    expect(await numberIn(stat(page, 'listeners'))).toBeGreaterThanOrEqual(4321);
    await expect(stat(page, 'top-track')).not.toHaveText('-');
    await expect(page.getByTestId('analytics-top-track')).toContainText(/[\d,]+ streams · \S/);
    for (const card of ['analytics-streams', 'analytics-revenue']) {
      await expect(page.getByTestId(`${card}-growth`)).toHaveText(/^[+-][\d,.]+%$/);
      await expect(page.getByTestId(card)).toContainText(/vs [A-Z][a-z]{2} \d+/);
    }
    // The preferred currency is shared with a suite that switches it for a moment: read the one shown.
    const shown = ((await page.getByTestId('analytics-revenue').innerText()).match(/in ([A-Z]{3})\b/) ??
      [])[1] as Currency;
    expect(currencies).toContain(shown);
    await expect(stat(page, 'revenue')).toHaveText(/^\D+\d[\d,]*\.\d{2}$/);
    expect(await numberIn(stat(page, 'revenue'))).toBeGreaterThanOrEqual(
      Number(convertAmount('12.34', 'USD', shown)),
    );
    await expect(page.getByText('No analytics data found')).toHaveCount(0);

    const platforms = page.getByRole('region', { name: 'Platforms' });
    const spotify = platforms.getByRole('listitem', { name: /^Spotify: [\d,]+ streams$/ });
    await expect(spotify).toBeVisible();
    expect(Number((await spotify.getAttribute('aria-label'))!.replace(/[^\d]/g, ''))).toBeGreaterThanOrEqual(
      25000,
    );
    await expect(page.getByRole('region', { name: 'Streams per day' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Revenue per day \([A-Z]{3}\)$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Streams by platform' })).toBeVisible();

    // Newest first: today's 25,000 streams lead the demo EP's daily lines.
    const mine = page
      .getByRole('region', { name: 'Recent Activity' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Spotify');
    await expect(mine).toContainText('25,000 streams');
    const when = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
      dateStyle: 'medium',
      timeZone: 'UTC',
    });
    await expect(mine).toContainText(when);
    await snap(page, testInfo, 'analytics');

    // 'Last year' asks the API for 365 days: at least as much, a bar a month.
    await chooseTimeframe(page, 'Last year', 365);
    await expect(page).toHaveURL(/\/analytics\?days=365$/);
    await expect(page.getByRole('region', { name: 'Streams per month' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Revenue per month \([A-Z]{3}\)$/ })).toBeVisible();
    await expect.poll(() => numberIn(stat(page, 'streams'))).toBeGreaterThanOrEqual(streams30);
    await expect(page.getByTestId('analytics-streams')).toContainText('Last year');
    await expect(mine).toContainText('25,000 streams');
    await snap(page, testInfo, 'analytics-year');

    // 'Last 90 days' too, a point a day.
    await chooseTimeframe(page, 'Last 90 days', 90);
    await expect(page).toHaveURL(/\/analytics\?days=90$/);
    await expect(page.getByRole('region', { name: 'Streams per day' })).toBeVisible();
    await expect(page.getByTestId('analytics-streams')).toContainText('Last 90 days');
    expect(await numberIn(stat(page, 'streams'))).toBeGreaterThanOrEqual(25000);
  },
);

/**
 * SPEC §8 'No analytics data found': a newcomer, approved by the admin a moment ago, has no release and no
 * report: zeros, '-' for the top track, the platform counters at 0 and the empty state, in every timeframe.
 */
test('a newly approved artist sees the empty state', async ({ browser, page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/api/login?returnTo=%2Fanalytics');
  await createAccount(page, {
    firstName: 'Noa',
    lastName: 'Vale',
    email: `${unique('noa')}@example.com`,
    password: 'correct horse battery',
  });
  // Not approved yet: the artist area sends a new artist to their application status.
  await expect(page.getByRole('heading', { name: 'Finish your application' })).toBeVisible();
  const origin = testInfo.project.use.baseURL!;
  const applied = await page.request.post('/api/applications', {
    headers: { origin },
    data: {
      legalName: 'Noa Vale',
      artistName: 'Noa V',
      age: 24,
      genre: 'pop',
      artistStory: 'Bedroom pop from Lisbon, first single on the way.',
      instagram: 'https://instagram.com/noavale',
      youtube: 'https://youtube.com/@noavale',
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const { id } = (await applied.json()) as { id: string };
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  await admin.api.send('patch', `/api/admin/applications/${id}`, { status: 'approved' });
  await admin.context.close();

  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
  await expect(page.getByText('No analytics data found')).toBeVisible();
  await expect(stat(page, 'streams')).toHaveText('0');
  await expect(stat(page, 'listeners')).toHaveText('0');
  await expect(page.getByTestId('analytics-listeners')).toContainText('No store has reported listeners');
  await expect(stat(page, 'top-track')).toHaveText('-');
  await expect(stat(page, 'revenue')).toHaveText('$0.00');
  // Nothing behind a growth badge: none is shown, and the card says there is no data yet (DESIGN §5).
  for (const card of ['analytics-streams', 'analytics-revenue']) {
    await expect(page.getByTestId(`${card}-growth`)).toHaveCount(0);
    await expect(page.getByTestId(`${card}-no-growth`)).toHaveText('No data yet');
  }
  const platforms = page.getByRole('region', { name: 'Platforms' });
  for (const store of ['Spotify', 'Apple Music', 'YouTube Music', 'Amazon Music'])
    await expect(platforms.getByRole('listitem', { name: `${store}: 0 streams` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent Activity' })).toHaveCount(0);
  await snap(page, testInfo, 'analytics-empty');

  // The empty state's button opens the year, which the API finds empty too.
  const year = page.waitForResponse((r) => r.url().endsWith('/api/analytics?days=365') && r.status() === 200);
  await page.getByRole('button', { name: 'Show the last year' }).click();
  await year;
  await expect(page.getByRole('combobox', { name: 'Timeframe' })).toHaveText('Last year');
  await expect(page.getByText('No analytics data found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show the last year' })).toHaveCount(0);
  await expect(stat(page, 'streams')).toHaveText('0');
});
