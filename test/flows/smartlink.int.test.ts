/**
 * SmartLinks end to end (docs/smartlinks.md): a fan pre-saves on the public page, confirms through the
 * emailed link (a real SMTP server), the release goes live at a store, and the fan gets one release-day
 * mail whose links work; unsubscribing (by the mail's link, or by the one-click List-Unsubscribe address
 * a mail provider posts to) stops the mail; views and clicks are counted per store, country and
 * campaign through the `smartlinkStats` group, and a bot is not.
 */
import { randomUUID } from 'node:crypto';
import type { SmartLinkStatsResponse } from '@riffline/contracts';
import {
  appendEvent,
  credentialsKey,
  Delivery,
  encryptCredentials,
  Event,
  Fan,
  mailBacklog,
  Presave,
  SmartLink,
  StoreTarget,
  type Db,
  type Release,
} from '@riffline/db';
import { replaySmartLinkStats } from '@riffline/workers';
import { afterAll, describe, expect } from 'vitest';
import { startSmtp, type ReceivedMail } from '../../infra/smtp/smtp.ts';
import { pollUntil, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { buildRelease } from '#test/support/factories.ts';
import { apiWithWorkers } from '#test/support/flow.ts';
import { headerOf, mimeOf } from '#test/support/mail.ts';
import { buildSmartLink } from '#test/support/smartLinks.ts';

const smtp = await startSmtp();
afterAll(() => smtp.stop());
const flowTest = apiWithWorkers('smartlink', { SMTP_URL: smtp.url, COUNTRY_HEADER: 'X-Visitor-Country' });

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A request as a phone's browser makes it (or as `agent` does), redirects not followed. */
async function visit(url: string, init: RequestInit & { agent?: string; country?: string } = {}) {
  const { agent = BROWSER, country, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (agent) headers.set('User-Agent', agent);
  if (country) headers.set('X-Visitor-Country', country);
  const res = await fetch(url, { ...rest, headers, redirect: 'manual' });
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** The hidden fields of the page's form (a fan's link shows one button; its POST does the work). */
const hiddenFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/name="(fan|token)" value="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));

const linkTo = (text: string, path: string) => {
  const found = text.match(new RegExp(`https?://[^\\s"<>]+${path.replace(/[/?.]/g, '\\$&')}[^\\s"<>]*`));
  if (!found) throw new Error(`no ${path} link in:\n${text}`);
  return found[0].replace(/&amp;/g, '&');
};

/** A store says the release is live at `storeUrl`: its delivery row and the acknowledgement's event. */
async function liveAt(db: Db, release: Release, store: string, storeUrl: string) {
  const key = await credentialsKey(db, undefined);
  const target =
    (await StoreTarget.query(db).findOne({ store })) ??
    (await StoreTarget.query(db)
      .insert({
        store,
        protocol: 'sftp',
        host: 'sftp.store.example',
        port: 22,
        folder: 'inbox',
        username: 'riffline',
        dpid: 'PADPIDA0FLOW0',
        enabled: false,
        credentials: encryptCredentials(key, { password: 'a store password' }),
      })
      .returning('*'));
  return db.transaction(async (trx) => {
    const delivery = await Delivery.query(trx)
      .insert({
        releaseId: release.id,
        targetId: target.id,
        batchId: '20261211120000000',
        messageId: randomUUID(),
        status: 'live',
        storeUrl,
        deliveredAt: new Date(),
      })
      .returning('*');
    return appendEvent(trx, {
      type: 'delivery.acknowledged',
      aggregateId: delivery.id,
      payload: {
        releaseId: release.id,
        store,
        status: 'ReleaseMadeAvailableToConsumers',
        error: null,
        redeliver: false,
      },
    });
  });
}

const subjectOf = (mail: ReceivedMail) => headerOf(mimeOf(mail).headers, 'Subject') ?? '';
/** The one-click unsubscribe address a message offers mail providers (RFC 8058), or undefined. */
const oneClickOf = (mail: ReceivedMail) => {
  const { headers } = mimeOf(mail);
  if (headerOf(headers, 'List-Unsubscribe-Post') !== 'List-Unsubscribe=One-Click') return undefined;
  return headerOf(headers, 'List-Unsubscribe')?.match(/^<([^>]+)>$/)?.[1];
};
const textOf = (mail: ReceivedMail) => mimeOf(mail).text ?? '';
const mailsTo = (email: string, subject: RegExp) =>
  smtp.received.filter((m) => m.to.includes(email) && subject.test(subjectOf(m)));

describe('a SmartLink, from pre-save to release day', () => {
  flowTest(
    'a fan pre-saves, confirms by email, gets exactly one release-day mail with working store links; unsubscribing stops the mail',
    async ({ app, db, approvedArtist }) => {
      // The group has handled the event and the mail it queued has left (so a count of mail is final).
      const group = async (eventId: string) => {
        await waitUntilGroupPassed({ db, group: 'notifications', kafka: app.deps.config.kafka }, eventId);
        await pollUntil(
          'the queued mail was not sent',
          async () => ((await mailBacklog(db)).pending === 0 ? true : undefined),
          () => 'mail still pending',
        );
      };
      const release = await buildRelease(db, {
        userId: approvedArtist.user.id,
        title: 'Midnight Drive',
        artist: 'Nova',
        status: 'live',
        releaseDate: inDays(20),
        upc: null,
      });
      const smartLink = await buildSmartLink(db, release, { collectEmails: true });
      const second = await buildRelease(db, {
        userId: approvedArtist.user.id,
        title: 'Dawn',
        artist: 'Nova',
        status: 'live',
        releaseDate: inDays(40),
      });
      const secondLink = await buildSmartLink(db, second);
      const page = `${app.url}/l/${smartLink.slug}`;

      // Before release day: the pre-save form with the consent text, and the opt-in the artist turned on.
      const before = await visit(page);
      expect(before.status).toBe(200);
      expect(before.body).toContain('<h1>Midnight Drive</h1>');
      expect(before.body).toContain('Email me when “Midnight Drive” by Nova is out.');
      expect(before.body).toContain('Also send me news from Nova.');
      expect(before.body).toContain('<meta property="og:title" content="Midnight Drive by Nova">');
      expect(before.body).not.toContain('/go/');
      expect(before.body).not.toContain('<script');

      const email = `fan-${Date.now()}@example.com`;
      const refused = await visit(page, form({ email }));
      expect(refused.status).toBe(400);
      expect(refused.body).toContain('Please tick the box to agree');
      const saved = await visit(
        page,
        form({ email: email.toUpperCase(), consent: 'yes', artistOptIn: 'yes' }),
      );
      expect(saved.status).toBe(303);
      expect(saved.location).toBe(`/l/${smartLink.slug}?presave=check-email`);
      const fan = await Fan.query(db).findOne({ email });
      expect(fan).toMatchObject({
        userId: approvedArtist.user.id,
        status: 'pending',
        artistOptIn: true,
        consentText:
          'Email me when “Midnight Drive” by Nova is out. I can unsubscribe at any time from any email. Also send me news from Nova.',
      });
      expect(fan!.consentIp).toBeTruthy();

      // The confirmation link: its GET only shows a button (a mail scanner confirms no one), its POST confirms.
      const confirmation = await smtp.waitFor((m) => m.to.includes(email), 20_000);
      expect(subjectOf(confirmation)).toBe('Confirm your pre-save of "Midnight Drive"');
      const confirmUrl = linkTo(textOf(confirmation), '/fans/confirm?');
      expect(oneClickOf(confirmation)).toBe(linkTo(textOf(confirmation), '/fans/unsubscribe?'));
      const confirmPage = await visit(confirmUrl);
      expect(confirmPage.status).toBe(200);
      expect((await Fan.query(db).findById(fan!.id))!.status).toBe('pending');
      const confirmed = await visit(`${app.url}/fans/confirm`, form(hiddenFields(confirmPage.body)));
      expect(confirmed.body).toContain('You are confirmed');
      expect((await Fan.query(db).findById(fan!.id))!.status).toBe('confirmed');
      const forged = await visit(`${app.url}/fans/confirm`, form({ fan: fan!.id, token: 'x'.repeat(43) }));
      expect(forged.status).toBe(404);

      // Pre-saving again (and the other release): no second confirmation, one fan, a pre-save each.
      const again = await visit(page, form({ email, consent: 'yes' }));
      expect(again.location).toBe(`/l/${smartLink.slug}?presave=saved`);
      const [presavedSecond] = await Promise.all([
        visit(`${app.url}/l/${secondLink.slug}`, form({ email, consent: 'yes' })),
      ]);
      expect(presavedSecond.location).toBe(`/l/${secondLink.slug}?presave=saved`);
      expect(await Fan.query(db).where({ email })).toHaveLength(1);
      expect(await Presave.query(db).where({ fanId: fan!.id })).toHaveLength(2);

      // A store says it is live: the page turns into the SmartLink, and the fan hears once.
      const first = await liveAt(db, release, 'deezer', 'https://www.deezer.com/album/302127');
      await group(first.id);
      const live = await visit(page);
      expect(live.body).toContain(
        `href="/l/${smartLink.slug}/go/deezer" rel="nofollow">Deezer<span>Play</span>`,
      );
      expect(live.body).not.toContain('name="email"');
      const outNow = await smtp.waitFor(
        (m) => m.to.includes(email) && /is out now/.test(subjectOf(m)),
        20_000,
      );
      expect(subjectOf(outNow)).toBe('"Midnight Drive" by Nova is out now');
      const text = textOf(outNow);
      expect(text).toContain('You pre-saved "Midnight Drive" by Nova: it is out now.');
      const storeLink = linkTo(text, `/l/${smartLink.slug}/go/deezer?`);
      expect(storeLink).toContain('utm_source=email&utm_campaign=release-day');
      const followed = await visit(storeLink);
      expect(followed.status).toBe(302);
      expect(followed.location).toBe('https://www.deezer.com/album/302127');

      // Another store, the same event seen again: still one release-day mail.
      const later = await liveAt(
        db,
        release,
        'spotify',
        'https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy',
      );
      await group(later.id);
      const redelivered = await db.transaction((trx) =>
        appendEvent(trx, {
          type: 'delivery.acknowledged',
          aggregateId: randomUUID(),
          payload: {
            releaseId: release.id,
            store: 'deezer',
            status: 'ReleaseMadeAvailableToConsumers',
            error: null,
            redeliver: false,
          },
        }),
      );
      await group(redelivered.id);
      expect(mailsTo(email, /is out now/)).toHaveLength(1);

      // Unsubscribing stops the next release's mail: by the mail provider's own button (RFC 8058's one
      // POST to the List-Unsubscribe address, no cookie, no page), or by the mail's link and its page.
      const oneClick = oneClickOf(outNow)!;
      expect(oneClick).toBe(linkTo(text, '/fans/unsubscribe?'));
      const byProvider = await visit(oneClick, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
        agent: 'Mail unsubscriber',
      });
      expect(byProvider.status).toBe(200);
      expect((await Fan.query(db).findById(fan!.id))!.status).toBe('unsubscribed');
      const unsubscribePage = await visit(linkTo(text, '/fans/unsubscribe?'));
      expect(unsubscribePage.body).toContain('Delete my data');
      const unsubscribed = await visit(
        `${app.url}/fans/unsubscribe`,
        form(hiddenFields(unsubscribePage.body)),
      );
      expect(unsubscribed.body).toContain('You are unsubscribed');
      const dawn = await liveAt(db, second, 'deezer', 'https://www.deezer.com/album/302128');
      await group(dawn.id);
      expect(mailsTo(email, /Dawn/)).toEqual([]);
      expect(mailsTo(email, /is out now/)).toHaveLength(1);

      // The fan asks to be forgotten: their record and pre-saves go.
      const forgotten = await visit(`${app.url}/fans/forget`, form(hiddenFields(unsubscribePage.body)));
      expect(forgotten.body).toContain('Your data is deleted');
      expect(await Fan.query(db).where({ email })).toEqual([]);
      expect(await Presave.query(db).where({ fanId: fan!.id })).toEqual([]);
      const [deleted] = await Event.query(db).where({ aggregateId: fan!.id, type: 'fan.deleted' });
      expect(JSON.stringify(deleted!.payload)).not.toContain(email);
    },
  );

  flowTest(
    'views and store clicks are counted per store, country and UTM campaign; bots and previews are not',
    async ({ app, db, approvedArtist }) => {
      const release = await buildRelease(db, {
        userId: approvedArtist.user.id,
        title: 'Counted',
        artist: 'Nova',
        status: 'live',
        releaseDate: inDays(-1),
      });
      const smartLink = await buildSmartLink(db, release);
      const page = `${app.url}/l/${smartLink.slug}`;
      const tags = '?utm_source=instagram&utm_campaign=launch';
      expect((await visit(`${page}${tags}`, { country: 'de' })).status).toBe(200);
      expect((await visit(`${page}${tags}`, { country: 'DE' })).status).toBe(200);
      expect((await visit(page)).status).toBe(200);
      expect((await visit(page, { agent: BOT })).status).toBe(200);
      expect((await visit(page, { agent: '' })).status).toBe(200);
      expect((await visit(page, { method: 'HEAD' })).status).toBe(200);
      // Released yesterday with no store's own link yet: a search link by UPC.
      const click = await visit(`${page}/go/spotify${tags}`, { country: 'DE' });
      expect(click.status).toBe(302);
      expect(click.location).toMatch(/^https:\/\/open\.spotify\.com\/search\//);
      expect((await visit(`${page}/go/spotify`, { agent: BOT })).status).toBe(302);
      expect((await visit(`${page}/go/myspace`)).status).toBe(404);

      const events = await Event.query(db).where({ aggregateId: smartLink.id }).orderBy('id');
      expect(events.map((e) => e.type)).toEqual([
        'smartlink.viewed',
        'smartlink.viewed',
        'smartlink.viewed',
        'smartlink.clicked',
      ]);
      await waitUntilGroupPassed(
        { db, group: 'smartlinkStats', kafka: app.deps.config.kafka },
        events.at(-1)!.id,
      );
      const stats = (
        await approvedArtist.get(`/api/releases/${release.id}/smartlink/stats?days=7`)
      ).json<SmartLinkStatsResponse>();
      expect(stats.totals).toEqual({ views: 3, clicks: 1, presaves: 0, fans: 0 });
      expect(stats.days.at(-1)).toMatchObject({ views: 3, clicks: 1 });
      expect(stats.stores).toEqual([{ store: 'spotify', storeName: 'Spotify', clicks: 1 }]);
      expect(stats.countries).toEqual([
        { country: 'DE', views: 2, clicks: 1, presaves: 0, fans: 0 },
        { country: null, views: 1, clicks: 0, presaves: 0, fans: 0 },
      ]);
      expect(stats.campaigns).toEqual([
        { source: 'instagram', campaign: 'launch', views: 2, clicks: 1, presaves: 0, fans: 0 },
        { source: null, campaign: null, views: 1, clicks: 0, presaves: 0, fans: 0 },
      ]);
      // `make replay` folds the log into the same numbers.
      await replaySmartLinkStats(db);
      expect(
        (
          await approvedArtist.get(`/api/releases/${release.id}/smartlink/stats?days=7`)
        ).json<SmartLinkStatsResponse>(),
      ).toEqual(stats);
    },
  );

  flowTest(
    'an unknown slug answers 404 with a page; a disabled one 410 and takes no pre-save',
    async ({ app, db, approvedArtist, admin }) => {
      const unknown = await visit(`${app.url}/l/no-such-page-here`);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toContain('<h1>Page not found</h1>');
      // A draft's page is not public: nobody has reviewed what it shows.
      const draft = await buildSmartLink(db, await buildRelease(db, { userId: approvedArtist.user.id }));
      const hidden = await visit(`${app.url}/l/${draft.slug}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toContain('This SmartLink is not public yet');
      const release = await buildRelease(db, {
        userId: approvedArtist.user.id,
        status: 'live',
        releaseDate: inDays(9),
      });
      const smartLink = await buildSmartLink(db, release);
      const disabled = await admin.send('PATCH', `/api/admin/smartlinks/${smartLink.id}`, {
        disabled: true,
        reason: 'Phishing links in the title',
      });
      expect(disabled.status, disabled.body).toBe(200);
      const page = await visit(`${app.url}/l/${smartLink.slug}`);
      expect(page.status).toBe(410);
      expect(page.body).toContain('This SmartLink is unavailable');
      const presave = await visit(
        `${app.url}/l/${smartLink.slug}`,
        form({ email: 'a@example.com', consent: 'yes' }),
      );
      expect(presave.status).toBe(410);
      expect(await Fan.query(db).where({ email: 'a@example.com' })).toEqual([]);
      expect((await SmartLink.query(db).findById(smartLink.id))!.disabledReason).toBe(
        'Phishing links in the title',
      );
    },
  );
});
