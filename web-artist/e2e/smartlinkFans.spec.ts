import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { presaveConsentText, type SmartLinkResponse } from '@riffline/contracts';
import { DEMO_ADMIN, DEMO_ARTIST, apiSession, submitRelease, type Api } from '../../test/e2e/seed.ts';
import { unique } from './support.ts';

/**
 * SmartLinks (docs/smartlinks.md), the fan's side, in the browser against the real server: the demo
 * artist's release in review has a public page at /l/{slug} that takes pre-saves; a fan (not signed in)
 * pre-saves, confirms through the emailed link, and once the admin approved the release and the demo store
 * put it live on Deezer, gets exactly one release-day email whose Deezer link lands on the store's page;
 * the page itself now links to the stores. Unsubscribing from that email stops the mail of the next
 * release the fan pre-saved. An unknown slug answers 404 with a page. Mail is read from the local outbox
 * (GET /api/dev/mail). The HTTP side of the same journey is test/flows/smartlink.int.test.ts.
 */

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** The mail the local outbox holds for `to`, newest first. */
async function mailTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}&limit=200`, {
    headers: { connection: 'close' },
  });
  expect(res.status(), `GET /api/dev/mail: ${res.status()}`).toBe(200);
  return ((await res.json()) as { messages: OutboxMessage[] }).messages;
}

/** Waits until the outbox holds a mail of this subject for `to`, and answers it. */
async function mailed(request: APIRequestContext, to: string, subject: string) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(request, to)).find((m) => m.subject === subject);
        return found?.subject;
      },
      { message: `a mail "${subject}" to ${to}`, timeout: 90_000, intervals: [500] },
    )
    .toBe(subject);
  return found!;
}

/** The link a mail's text part spells out as `Label: url`. */
function linkIn(mail: OutboxMessage, label: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = mail.text.match(new RegExp(`^${escaped}: (https?://\\S+)$`, 'm'));
  expect(found, `a "${label}" link in:\n${mail.text}`).not.toBeNull();
  return found![1]!;
}

/** The release's SmartLink, as the artist sees it. */
const smartLinkOf = (artist: Api, releaseId: string) =>
  artist.get<SmartLinkResponse>(`/api/releases/${releaseId}/smartlink`);

/** The fan pre-saves on the SmartLink page: email, consent, Pre-save. */
async function presave(page: Page, slug: string, title: string, email: string) {
  await page.goto(`/l/${slug}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const consent = presaveConsentText('Arlo Artist', title);
  await expect(page.getByText(consent)).toBeVisible();
  await page.getByLabel('Your email').fill(email);
  await page.getByRole('checkbox', { name: consent }).check();
  await page.getByRole('button', { name: 'Pre-save' }).click();
}

test('a fan pre-saves, confirms by email, gets one release-day email with a working Deezer link; unsubscribing stops the mail', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Two releases go through review, delivery and the demo store (which looks every 2 s) one after the other.
  test.setTimeout(300_000);
  const shots = `test-results/screenshots/${testInfo.project.name}`;
  const artist = await apiSession(browser, testInfo, DEMO_ARTIST);
  const title = unique('Night Ferry');
  const nextTitle = unique('Last Ferry');
  const release = await submitRelease(artist.api, { title, tracks: [title] });
  const next = await submitRelease(artist.api, { title: nextTitle, tracks: [nextTitle] });

  // In review: the release has its SmartLink already.
  const smartLink = await smartLinkOf(artist.api, release.id);
  const nextLink = await smartLinkOf(artist.api, next.id);
  await artist.context.close();
  expect(smartLink.url).toBe(`${baseURL}/l/${smartLink.slug}`);
  expect(smartLink.mode).toBe('presave');

  // The fan (this page's context, not signed in) pre-saves: the page asks them to confirm by email.
  const email = `${unique('fan')}@example.com`;
  await presave(page, smartLink.slug, title, email);
  await expect(page).toHaveURL(`${baseURL}/l/${smartLink.slug}?presave=check-email`);
  await expect(page.getByRole('status')).toHaveText(
    'Almost there: open the link we just emailed you to confirm your pre-save.',
  );
  await page.screenshot({ path: `${shots}/smartlink-presave-check-email.png`, fullPage: true });

  // The emailed link shows a button (opening it changes nothing); pressing it confirms.
  const confirmation = await mailed(page.request, email, `Confirm your pre-save of "${title}"`);
  await page.goto(linkIn(confirmation, 'Confirm my pre-save'));
  await expect(page.getByRole('heading', { name: 'Confirm your email', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('heading', { name: 'You are confirmed', level: 1 })).toBeVisible();

  // Confirmed, the fan pre-saves the artist's next release too: straight on the list.
  await presave(page, nextLink.slug, nextTitle, email);
  await expect(page.getByRole('status')).toHaveText('You are on the list: we will email you on release day.');

  // The admin approves; the demo store puts it live on Deezer; the fan hears once.
  const admin = await apiSession(browser, testInfo, DEMO_ADMIN);
  await admin.api.send('patch', `/api/admin/releases/${release.id}`, { status: 'live' });
  const outNow = `"${title}" by Arlo Artist is out now`;
  const releaseDay = await mailed(page.request, email, outNow);
  expect((await mailTo(page.request, email)).filter((m) => m.subject === outNow)).toHaveLength(1);
  expect(releaseDay.text).toContain(`You pre-saved "${title}" by Arlo Artist: it is out now.`);

  // Its Deezer link goes through the SmartLink to the store's own page for the release.
  const deezer = linkIn(releaseDay, 'Deezer');
  expect(deezer).toBe(`${smartLink.url}/go/deezer?utm_source=email&utm_campaign=release-day`);
  const landed = await page.goto(deezer);
  expect(landed?.status()).toBe(200);
  expect(page.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/releases\/\d{12,13}$/);
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
  await expect(page).toHaveTitle(title);

  // The SmartLink now lists the stores instead of the form.
  await page.goto(`/l/${smartLink.slug}`);
  await expect(page.getByRole('heading', { name: 'Listen on' })).toBeVisible();
  const toDeezer = page.getByRole('link', { name: /^Deezer/ });
  await expect(toDeezer).toBeVisible();
  await expect(toDeezer).toHaveAttribute('href', `/l/${smartLink.slug}/go/deezer`);
  await expect(page.getByLabel('Your email')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pre-save' })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/smartlink-live.png`, fullPage: true });

  // Unsubscribing from the release-day email.
  await page.goto(linkIn(releaseDay, 'Unsubscribe or delete my data'));
  await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete my data' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed', level: 1 })).toBeVisible();

  // The next release goes live: no mail for the fan. The artist's own "is out on Deezer" mail is queued
  // after the fans' in the same handler, and mail goes out oldest first, so once it is in the outbox the
  // notifications have caught up.
  await admin.api.send('patch', `/api/admin/releases/${next.id}`, { status: 'live' });
  await admin.context.close();
  await mailed(page.request, DEMO_ARTIST.email, `"${nextTitle}" is out on Deezer`);
  const fanMail = (await mailTo(page.request, email)).map((m) => m.subject);
  expect(fanMail.filter((s) => s.includes(nextTitle))).toEqual([]);
  expect(fanMail.filter((s) => s === outNow)).toHaveLength(1);
  expect(fanMail.filter((s) => s.startsWith('Confirm your pre-save'))).toHaveLength(1);

  // An unknown slug answers 404 with a page.
  const unknown = await page.goto('/l/no-such-smartlink-xyz');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
});
