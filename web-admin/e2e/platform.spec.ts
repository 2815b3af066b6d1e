import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectToast, snap, unique } from '../../test/e2e/support.ts';
import { apiSession, DEMO_ARTIST, entry, signInToConsole } from '../../test/e2e/seed.ts';

/**
 * Platform Settings (SPEC §2, §8), Team, the System section (the audit trail and the dead letters), the
 * inboxes, and every list's empty state in the spec's words.
 */
test.describe('running the platform', () => {
  test('an admin changes a setting; an empty or out-of-range value is not saved', async ({
    page,
    browser,
  }, testInfo) => {
    // Desktop and phone run at once: each changes a setting of its own (never the distribution fee,
    // which the other suites' submissions would have to pay).
    const [key, label] =
      testInfo.project.name === 'phone'
        ? ['earnings_growth_percentage', 'Earnings growth (%)']
        : ['streams_growth_percentage', 'Streams growth (%)'];
    const value = (Math.floor(Math.random() * 9000) / 100 + 1).toFixed(2);

    await signInToConsole(page, '/admin/settings');
    for (const name of ['Streams growth (%)', 'Earnings growth (%)', 'Distribution fee (coins)']) {
      await expect(entry(page, name)).toHaveCount(1);
    }
    await snap(page, testInfo, 'admin-settings');
    await entry(page, label).click();
    const input = page.getByLabel(label);

    await input.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a value: an empty value is not saved')).toBeVisible();
    await input.fill('5000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a number from -100 to 1000')).toBeVisible();
    await input.fill('1.234');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Enter a number with at most 2 decimals')).toBeVisible();

    // A failure the form cannot foresee gets the spec's toast.
    await page.route('**/api/admin/settings/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } })
        : route.fallback(),
    );
    await input.fill(value);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Update Failed', 'Failed to update platform setting');
    await page.unrouteAll();
    await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Setting Updated', `${label} is now ${value}.`);
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(entry(page, label)).toContainText(value);
    const settings = (await (await page.request.get('/api/admin/settings')).json()) as Array<{
      settingKey: string;
      settingValue: string;
    }>;
    expect(settings.find((s) => s.settingKey === key)?.settingValue).toBe(value);

    // The demo artist's dashboard shows the new value as the platform's growth, in its banner (SPEC §2), never
    // as a badge of the artist's own (those are their own figures against the days before).
    const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
    const growth = await artist.api.get<{ platform: Record<string, string> }>('/api/dashboard/growth');
    const field =
      key === 'streams_growth_percentage' ? 'streamsGrowthPercentage' : 'earningsGrowthPercentage';
    expect(growth.platform[field]).toBe(value);
    const dashboard = await artist.context.newPage();
    await dashboard.goto('/');
    const noun = key === 'streams_growth_percentage' ? "artists' streams" : 'their earnings';
    const platform = dashboard.getByTestId('platform-growth');
    await expect(platform).toContainText('Across Riffline this month,');
    await expect(platform).toContainText(`${noun} grew ${Number(value)}%`);
    await snap(dashboard, testInfo, 'artist-dashboard-growth');
    await artist.context.close();

    // The change is in the audit trail, with who made it.
    await page.goto('/admin/events');
    await page.getByRole('combobox', { name: 'Event' }).fill('setting.changed');
    await page.getByRole('option', { name: 'setting.changed' }).click();
    await expect(page).toHaveURL(/setting\.changed/);
    const event = entry(page, 'setting.changed').filter({ hasText: 'admin@riffline.local' }).first();
    await expect(event).toBeVisible();
    await snap(page, testInfo, 'admin-events');
  });

  test('the audit trail opens an event; the dead letters are empty; Team is coming soon', async ({
    page,
  }, testInfo) => {
    // The demo accounts' sign-ups, wherever other suites' events have pushed them in the trail.
    const signUps = encodeURIComponent(JSON.stringify({ type: 'user.signedUp' }));
    await signInToConsole(page, `/admin/events?filter=${signUps}`);
    const first = entry(page, 'user.signedUp').first();
    await first.click();
    await expect(page).toHaveURL(/\/admin\/events\/\d+\/show$/);
    await expect(page.getByText('"role":')).toBeVisible();
    await snap(page, testInfo, 'admin-event');

    await page.goto('/admin/failed-events');
    await expect(page.getByText('No failed events found')).toBeVisible();
    // Above the dead letters, the pipeline's state (the Postgres log on the embedded defaults).
    const pipeline = page.getByRole('region', { name: 'Event Pipeline' });
    await expect(pipeline).toContainText('Postgres log');
    for (const group of ['notifications', 'reports', 'exports', 'stats']) {
      await expect(pipeline).toContainText(`Group “${group}”`);
    }
    await expect(pipeline).toContainText('Waiting to be published');
    await expect(page.getByRole('button', { name: 'Replay' })).toHaveCount(0);
    await snap(page, testInfo, 'admin-failed-events');

    await page.goto('/admin/team');
    await expect(page.getByRole('heading', { name: 'Team management is coming soon' })).toBeVisible();
    await snap(page, testInfo, 'admin-team');
  });

  test('contact messages and newsletter subscribers, exported as CSV', async ({ page }, testInfo) => {
    const subject = unique('Label services');
    const email = `${unique('fan')}@example.com`;
    const visitorEmail = `${unique('mina')}@example.com`;
    const origin = testInfo.project.use.baseURL!;
    const sent = await page.request.post('/api/contact', {
      data: {
        name: 'Mina Park',
        email: visitorEmail,
        subject,
        message: 'Do you distribute vinyl too?',
      },
      headers: { origin },
    });
    expect(sent.ok()).toBe(true);
    const subscribed = await page.request.post('/api/newsletter', { data: { email }, headers: { origin } });
    expect(subscribed.status()).toBe(201);

    await signInToConsole(page, '/admin/contact-messages');
    await entry(page, subject).getByText(subject).click();
    await expect(page.getByText('Do you distribute vinyl too?')).toBeVisible();
    await expect(page.getByText('New', { exact: true })).toBeVisible();
    await snap(page, testInfo, 'admin-contact-message');

    // Handled, then back, then answered by email: once.
    await page.getByRole('button', { name: 'Mark Handled' }).click();
    await expectToast(page, 'Message Updated', 'The message from Mina Park is marked handled.');
    await expect(page.getByText('Handled', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Back to New' }).click();
    await expectToast(page, 'Message Updated', 'The message from Mina Park is back among the new ones.');
    await page.getByRole('button', { name: 'Reply by Email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reply to Mina Park' });
    await dialog.getByRole('button', { name: 'Send Reply' }).click();
    await expect(dialog.getByText('Write the reply first')).toBeVisible();
    await dialog.getByLabel('Your reply').fill('Not yet: digital stores only, for now.');
    await dialog.getByRole('button', { name: 'Send Reply' }).click();
    await expectToast(page, 'Reply Sent', `Your reply is on its way to ${visitorEmail}.`);
    await expect(page.getByText('Replied', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Not yet: digital stores only, for now.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reply by Email' })).toHaveCount(0);
    await snap(page, testInfo, 'admin-contact-replied');
    // The notifications worker wrote the answer to the local outbox (no SMTP on `make start`), after the
    // acknowledgement the visitor got when they wrote; newest first.
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/dev/mail?to=${encodeURIComponent(visitorEmail)}`);
        return ((await res.json()) as { messages: { subject: string }[] }).messages.map((m) => m.subject);
      })
      .toEqual([`Re: ${subject}`, 'We received your message']);

    await page.goto('/admin/newsletter-subscriptions');
    await expect(entry(page, email)).toContainText('Subscribed');
    await snap(page, testInfo, 'admin-newsletter');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('email,status,subscribedAt');
    expect(csv).toContain(`${email},subscribed,`);
  });

  test('every list says when it has nothing to show, in the spec’s words', async ({ page }, testInfo) => {
    const nothing = encodeURIComponent(JSON.stringify({ q: unique('nothing-here') }));
    await signInToConsole(page, `/admin/users?filter=${nothing}`);
    await expect(page.getByText('No users found')).toBeVisible();
    await page.goto(
      `/admin/releases?filter=${encodeURIComponent(JSON.stringify({ status: 'processing', q: 'zz-none' }))}`,
    );
    await expect(page.getByText('No releases found')).toBeVisible();
    await snap(page, testInfo, 'admin-releases-empty');
    await page.goto(`/admin/tickets?filter=${nothing}`);
    await expect(page.getByText('No support tickets found')).toBeVisible();
    await page.goto(
      `/admin/withdrawal-requests?filter=${encodeURIComponent(JSON.stringify({ status: 'declined', userId: 'nobody' }))}`,
    );
    await expect(page.getByText('No withdrawal requests found')).toBeVisible();
    await page.goto(`/admin/applications?filter=${nothing}`);
    await expect(page.getByText('No applications match your search')).toBeVisible();
    await expect(page.getByText('%{name}')).toHaveCount(0);
  });
});
