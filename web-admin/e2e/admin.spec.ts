import { expect, test, type Page } from '@playwright/test';
import { chooseOption, createAccount, expectToast, signIn, snap, unique } from '../../test/e2e/support.ts';

/** A new artist account applies through the artist app's form (SPEC §5) and is left signed in. */
async function applyAsNewArtist(page: Page, artistName: string) {
  const email = `${unique('applicant')}@example.com`;
  await page.goto('/apply');
  await page.getByRole('link', { name: 'Continue with Riffline ID' }).click();
  await createAccount(page, {
    firstName: 'Nia',
    lastName: 'Osei',
    email,
    password: 'a long enough password',
  });
  await page.getByLabel('Legal Name').fill('Nia Osei');
  await page.getByLabel('Artist Name').fill(artistName);
  await page.getByLabel('Age').fill('23');
  await chooseOption(page.getByLabel('Genre'), page.getByRole('option', { name: 'Afrobeats' }));
  await page.getByLabel('Instagram URL').fill('https://instagram.com/nia');
  await page.getByLabel('YouTube URL').fill('https://youtube.com/@nia');
  await page.getByLabel('Your Artist Story').fill('Highlife guitars over Lagos drums.');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  return email;
}

test.describe('the admin console', () => {
  test('a signed-out visitor is sent to sign in, and comes back to the console', async ({ page }) => {
    await page.goto('/admin');
    await signIn(page, 'admin@riffline.local', 'riffline-admin');
    await expect(page).toHaveURL(/\/admin/);
    await expect(page.getByText('Pending Applications')).toBeVisible();
  });

  test("an artist gets 'Access Denied' and is sent to / after 500 ms", async ({ page }) => {
    await applyAsNewArtist(page, unique('DENIED'));
    // The page's clock stands still, so a slow machine cannot let the 500 ms pass before the toast is seen.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto('/admin');
    await expectToast(page, 'Access Denied', "You don't have permission to access this page.");
    await page.clock.runFor(499);
    await expect(page).toHaveURL(/\/admin$/);
    await page.clock.runFor(1);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test(
    'an admin approves an application; the artist gets the email and the artist area',
    { tag: '@phone' },
    async ({ browser, page }, testInfo) => {
      const artistName = unique('NIA').toUpperCase();
      const artist = await browser.newContext();
      const artistPage = await artist.newPage();
      await page.goto('/admin');
      await signIn(page, 'admin@riffline.local', 'riffline-admin');
      await expect(page.getByRole('region', { name: 'Recent Activity' })).toBeVisible();
      // The application goes in just before the dashboard is read again: the other suites' events, which
      // share the log, have no time to push it out of the ten latest.
      const email = await applyAsNewArtist(artistPage, artistName);
      await page.reload();
      for (const stat of ['Pending Applications', 'Approved Artists', 'Total Releases', 'Open Tickets']) {
        await expect(page.getByText(stat, { exact: true })).toBeVisible();
      }
      // Recent Activity: the application just sent is among the latest events, in words, with who and when.
      const activity = page.getByRole('region', { name: 'Recent Activity' });
      const applied = activity.getByRole('link').filter({ hasText: email });
      await expect(applied.first()).toContainText('Artist application submitted');
      await expect(applied.first()).toContainText(/just now|seconds? ago|minutes? ago/);
      await expect(applied.first()).toHaveAttribute('href', /\/events\/[^/]+\/show$/);
      const shown = await activity.getByRole('listitem').count();
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThanOrEqual(10);
      await snap(page, testInfo, 'admin-dashboard');

      await page.goto('/admin/applications');
      await expect(page.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
      await page.getByPlaceholder('Search').fill(artistName);
      // A table row at desktop width, a card on a phone.
      const entry = (name: string) =>
        page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: name });
      const row = entry(artistName);
      await expect(row).toHaveCount(1);
      await expect(page.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
      await expect(row.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
        'href',
        'https://instagram.com/nia',
      );
      await snap(page, testInfo, 'admin-applications');
      await row.getByRole('button', { name: 'Approve' }).click();
      await page
        .getByRole('dialog', { name: `Approve ${artistName}?` })
        .getByRole('button', { name: 'Approve' })
        .click();
      await expectToast(page, 'Application Updated', `${artistName} is approved.`);
      await expect(entry(artistName)).toHaveCount(0);
      await page.getByRole('tab', { name: /Approved/ }).click();
      await expect(entry(artistName)).toHaveCount(1);

      // The notifications worker wrote the decision to the local outbox (no SMTP on `make start`).
      await expect
        .poll(async () => {
          const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
          // (The sign-up's own mail, the address verification link, is there too.)
          return ((await res.json()) as { messages: { subject: string }[] }).messages
            .map((m) => m.subject)
            .filter((subject) => subject !== 'Verify your email address');
        })
        .toEqual(['Welcome to Riffline: your application is approved']);

      await artistPage.goto('/');
      await expect(artistPage.getByRole('heading', { name: 'Welcome back, Nia' })).toBeVisible();
      await artist.close();
    },
  );

  test(
    'an admin rejects an application with a reason; the artist reads it and may apply again',
    { tag: '@phone' },
    async ({ browser, page }) => {
      const artistName = unique('KOJO').toUpperCase();
      const artist = await browser.newContext();
      const artistPage = await artist.newPage();
      await applyAsNewArtist(artistPage, artistName);

      await page.goto('/admin/applications');
      await signIn(page, 'admin@riffline.local', 'riffline-admin');
      await page.getByPlaceholder('Search').fill(artistName);
      const row = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: artistName });
      await expect(row).toHaveCount(1);
      // The search applies half a second after typing (react-admin's debounce), with the filters as they
      // were then: a tab chosen before it applies is undone (CI: the Rejected tab went back to Pending, and
      // the row to open with it). The count says it has applied.
      await expect(page.getByRole('tab', { name: 'Pending (1)' })).toBeVisible();
      await row.getByRole('button', { name: 'Reject' }).click();
      const reject = page.getByRole('dialog', { name: `Reject ${artistName}?` });
      await reject.getByLabel('Reason').fill('Send us links to music you have released.');
      await reject.getByRole('button', { name: 'Reject' }).click();
      await expectToast(page, 'Application Updated', `${artistName} was rejected.`);
      const rejectedTab = page.getByRole('tab', { name: /Rejected/ });
      await rejectedTab.click();
      // Wait for the Rejected list itself: until its request answers, the list may still show the
      // pending row (with its Reject button), which the refresh after the decision then takes away.
      await expect(rejectedTab).toHaveAttribute('aria-selected', 'true');
      await expect(row).toHaveCount(1);
      await expect(row.getByRole('button', { name: 'Reject' })).toHaveCount(0);
      // The table's row opens the application; on a phone, the card's name.
      await row
        .getByRole('link', { name: artistName })
        .or(row.getByRole('cell', { name: artistName }))
        .click();
      await expect(page.getByText('Send us links to music you have released.')).toBeVisible();

      await artistPage.goto('/');
      await expect(
        artistPage.getByRole('heading', { name: 'Your application was not approved' }),
      ).toBeVisible();
      await expect(artistPage.getByText('Send us links to music you have released.')).toBeVisible();
      await expect(artistPage.getByRole('link', { name: 'Apply Again' })).toBeVisible();
      await artist.close();
    },
  );

  test("the dashboard's recent activity opens an event's page, and says so when there is none", async ({
    page,
  }) => {
    await page.goto('/admin');
    await signIn(page, 'admin@riffline.local', 'riffline-admin');
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    const first = activity.getByRole('listitem').first().getByRole('link');
    await expect(first).toBeVisible();
    const label = (await first.locator('.MuiListItemText-primary').textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/admin\/events\/[^/]+\/show$/);
    const event = (await (
      await page.request.get(page.url().replace(/\/admin\/events\/(.+)\/show$/, '/api/admin/events/$1'))
    ).json()) as { type: string };
    await expect(page.getByText(event.type, { exact: true })).toBeVisible();
    expect(label.length).toBeGreaterThan(0);

    // No events at all: the card says so rather than staying blank.
    await page.route(/\/api\/admin\/events\?/, (route) =>
      route.fulfill({ json: [], headers: { 'Content-Range': 'events */0' } }),
    );
    await page.goto('/admin');
    await expect(activity.getByText('No activity yet')).toBeVisible();
    await expect(activity.getByRole('listitem')).toHaveCount(0);
  });

  test('an admin lists users and moves a ticket along', async ({ browser, page }, testInfo) => {
    const artist = await browser.newContext();
    const artistPage = await artist.newPage();
    await applyAsNewArtist(artistPage, unique('TICKETS'));
    const subject = unique('Cannot find my ISRC');
    const opened = await artistPage.request.post('/api/support-tickets', {
      data: { subject, message: 'Where do I see the ISRC of my single?', priority: 'high' },
      headers: { origin: new URL(artistPage.url()).origin },
    });
    expect(opened.status()).toBe(201);
    await artist.close();

    await page.goto('/admin');
    await signIn(page, 'admin@riffline.local', 'riffline-admin');
    await page.goto('/admin/users');
    const entry = (text: string) =>
      page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: text });
    await expect(entry('admin@riffline.local')).toContainText('Approved');
    await snap(page, testInfo, 'admin-users');

    await page.goto('/admin/tickets');
    await entry(subject).click();
    await expect(page.getByText('Where do I see the ISRC of my single?')).toBeVisible();
    await page.getByLabel('Status').click();
    // Human labels, never the stored value (`In progress`, not `in_progress`), and no blank choice.
    await expect(page.getByRole('option', { name: 'In progress' })).toBeVisible();
    await expect(page.getByRole('option')).toHaveCount(4);
    await page.getByRole('option', { name: 'Resolved' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(entry(subject)).toContainText('Resolved');
    await snap(page, testInfo, 'admin-tickets');
  });
});
