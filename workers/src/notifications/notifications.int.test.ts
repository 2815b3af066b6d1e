import pino from 'pino';
import { describe, expect } from 'vitest';
import { statementMonthLabel, type EventPayload, type EventType } from '@riffline/contracts';
import {
  appendEvent,
  Application,
  changeNotificationSettings,
  createMailer,
  loadConfig,
  mailBacklog,
  ProcessedEvent,
  Royalty,
  SupportTicket,
  User,
  type Config,
  type Db,
  type Mailer,
} from '@riffline/db';
import { startSmtp, type LocalSmtp } from '../../../infra/smtp/smtp.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { appendMarker, pollUntil, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import {
  buildAdmin,
  buildApplication,
  buildArtist,
  buildRelease,
  buildSupportTicket,
  buildTrack,
} from '#test/support/factories.ts';
import { headerOf, mimeOf } from '#test/support/mail.ts';
import { startWorkers } from '../runtime.ts';

const test = dbTest
  // eslint-disable-next-line no-empty-pattern
  .extend('smtp', { scope: 'file' }, async ({}, { onCleanup }) => {
    const smtp = await startSmtp();
    onCleanup(() => smtp.stop());
    return smtp;
  })
  .extend('config', { scope: 'file' }, ({ smtp }) =>
    loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://riffline.test' }),
  )
  // Every message the workers send, and whether the handling that recorded it had committed by then (its
  // `processed_events` row seen from outside its transaction; on PGlite, one connection, a send inside
  // the transaction would never get that answer and the test would time out).
  .extend('sends', { scope: 'file' }, () => [] as Array<{ messageId: string; committed: boolean }>)
  .extend('workers', { scope: 'file', auto: true }, async ({ config, db, sends }, { onCleanup }) => {
    const smtp = createMailer(config);
    const mailer: Mailer = {
      transport: 'smtp',
      async send(mail) {
        // A message named after its event, or (once per release) after the release: then its mail row's event.
        const eventId =
          mail.messageId?.match(/^<event-(\d+)\./)?.[1] ??
          String(
            (await db('mail_deliveries').where({ messageId: mail.messageId }).first('eventId'))?.eventId,
          );
        const processed = await ProcessedEvent.query(db).findById(['notifications', eventId]);
        sends.push({ messageId: mail.messageId ?? '', committed: Boolean(processed) });
        return smtp.send(mail);
      },
      close: () => smtp.close(),
    };
    const workers = await startWorkers({ config, db, logger: pino({ level: 'silent' }), mailer });
    onCleanup(async () => {
      await workers.stop();
      mailer.close();
    });
    return workers;
  })
  .extend({ freshDb: true });
// Its own database: the workers relay and handle every event they find.
async function applicant(db: Db, firstName: string) {
  const artist = await buildArtist(db, { email: `${unique('artist')}@example.test`, firstName });
  const application = await buildApplication(db, {
    userId: artist.id,
    legalName: `${firstName} Okafor`,
    phone: '+44 20 7946 0000',
    artistName: `${firstName} O`,
    age: 27,
    genre: 'afrobeats',
    artistStory: 'Lagos to London.',
  });
  return { artist, application };
}

/**
 * What an admin's review commits (the api's command): the decision, the artist approved on approval,
 * and its event, in one transaction.
 */
function decide(db: Db, application: Application, status: 'approved' | 'rejected', reason?: string) {
  return db.transaction(async (trx) => {
    const admin = await buildAdmin(trx);
    await Application.query(trx).patchAndFetchById(application.id, {
      status,
      reviewedBy: admin.id,
      reviewedAt: new Date(),
      rejectionReason: reason ?? null,
    });
    const user =
      status === 'approved'
        ? await User.query(trx).patchAndFetchById(application.userId, { isApproved: true })
        : (await User.query(trx).findById(application.userId))!;
    const payload = {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      artistName: application.artistName,
    };
    return appendEvent(
      trx,
      status === 'approved'
        ? { type: 'application.approved', aggregateId: application.id, actorId: admin.id, payload }
        : {
            type: 'application.rejected',
            aggregateId: application.id,
            actorId: admin.id,
            payload: { ...payload, reason: reason ?? null },
          },
    );
  });
}

/** Commits one event, as the api's command that makes the change would. */
const emit = <T extends EventType>(db: Db, type: T, aggregateId: string, payload: EventPayload<T>) =>
  db.transaction((trx) => appendEvent(trx, { type, aggregateId, payload }));

/**
 * Nothing more is coming: the group has read past a marker appended now (so every earlier event is
 * handled and its mail recorded), and the mail delivery has sent everything recorded.
 */
async function settled(db: Db, config: Config) {
  const marker = await appendMarker(db);
  await waitUntilGroupPassed({ db, group: 'notifications', kafka: config.kafka }, marker.id);
  await pollUntil(
    'the mail delivery did not send everything recorded',
    async () => ((await mailBacklog(db)).pending === 0 ? true : undefined),
    () => 'mail still pending',
  );
}

const mailTo = (smtp: LocalSmtp, email: string) => smtp.received.filter((m) => m.to.includes(email));

async function approvedArtist(db: Db, firstName: string) {
  return buildArtist(db, { email: `${unique('artist')}@example.test`, firstName, isApproved: true });
}

describe('the notifications consumer group', () => {
  test('emails an approved artist once, through SMTP, with the link to sign in, in text and HTML', async ({
    db,
    smtp,
    config,
    sends,
  }) => {
    const { artist, application } = await applicant(db, 'Ada');
    const event = await decide(db, application, 'approved');

    const mail = await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000);
    const { headers, text, html } = mimeOf(mail);
    expect(headerOf(headers, 'Subject')).toBe('Welcome to Riffline: your application is approved');
    // The event id is the message's identity: a resend after a crash is the same message.
    expect(headerOf(headers, 'Message-ID')).toBe(`<event-${event.id}.application-approved@riffline.local>`);
    expect(text).toContain('Hi Ada,');
    expect(text).toContain('Sign in: https://riffline.test/');
    expect(html).toContain('<a href="https://riffline.test/"');
    expect(html).toContain('Hi Ada,');
    await settled(db, config);
    expect(mailTo(smtp, artist.email!)).toHaveLength(1);
    // Sent after the handling committed, never from inside its transaction.
    expect(sends.filter((s) => s.messageId === headerOf(headers, 'Message-ID'))).toEqual([
      { messageId: `<event-${event.id}.application-approved@riffline.local>`, committed: true },
    ]);
  });

  test('tells a rejected artist they may apply again', async ({ db, smtp }) => {
    const { artist, application } = await applicant(db, 'Bola');
    await decide(db, application, 'rejected');

    const mail = await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000);
    expect(headerOf(mimeOf(mail).headers, 'Subject')).toBe('About your Riffline application');
    expect(mimeOf(mail).text).toContain('Apply again: https://riffline.test/apply');
    expect(mimeOf(mail).text).not.toContain('Reason:');
  });

  test("gives a rejected artist the admin's reason, escaped in the HTML part", async ({ db, smtp }) => {
    const { artist, application } = await applicant(db, 'Chioma');
    await decide(db, application, 'rejected', 'Send us links to <released> music first');

    const { text, html } = mimeOf(await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000));
    expect(text).toContain('Reason: Send us links to <released> music first');
    expect(html).toContain('Send us links to &lt;released&gt; music first');
  });

  test('tells an artist their release is live, with its UPC and each ISRC', async ({ db, smtp }) => {
    const artist = await approvedArtist(db, 'Chidi');
    const release = await buildRelease(db, { userId: artist.id, title: 'Harmattan', artist: 'Chidi E' });
    const one = await buildTrack(db, { releaseId: release.id, title: 'Dry Season', trackNumber: 1 });
    const two = await buildTrack(db, { releaseId: release.id, title: 'Dust & Light', trackNumber: 2 });
    const event = await emit(db, 'release.approved', release.id, {
      userId: artist.id,
      upc: '086000000017',
      isrcs: [
        { trackId: one.id, isrc: 'INRFL2600001' },
        { trackId: two.id, isrc: 'INRFL2600002' },
      ],
    });

    const { headers, text, html } = mimeOf(await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000));
    expect(headerOf(headers, 'Subject')).toBe('Your release "Harmattan" is live');
    expect(headerOf(headers, 'Message-ID')).toBe(`<event-${event.id}.release-live@riffline.local>`);
    expect(text).toContain('Hi Chidi,');
    expect(text).toContain('"Harmattan" by Chidi E passed review and is now live.');
    expect(text).toContain('UPC: 086000000017');
    expect(text).toContain('ISRC of "Dry Season": INRFL2600001');
    expect(text).toContain('ISRC of "Dust & Light": INRFL2600002');
    expect(text).toContain('Your releases: https://riffline.test/releases');
    expect(html).toContain('Dust &amp; Light');
    expect(html).toContain('INRFL2600002');
  });

  test('tells an artist once when the first store puts their release out, whichever stores follow', async ({
    db,
    smtp,
    config,
  }) => {
    const artist = await approvedArtist(db, 'Kemi');
    const release = await buildRelease(db, { userId: artist.id, title: 'Lagoon Lights', artist: 'Kemi A' });
    const live = (store: string) => ({
      releaseId: release.id,
      store,
      status: 'ReleaseMadeAvailableToConsumers',
      error: null,
      redeliver: false,
    });
    await emit(db, 'delivery.acknowledged', release.id, {
      ...live('deezer'),
      status: 'SuccessfullyIngestedByReleaseDistributor',
    });
    await emit(db, 'delivery.acknowledged', release.id, live('deezer'));
    await emit(db, 'delivery.acknowledged', release.id, live('tidal'));
    await settled(db, config);

    const mails = smtp.received.filter((m) => m.to.includes(artist.email!));
    expect(mails).toHaveLength(1);
    const { headers, text } = mimeOf(mails[0]!);
    expect(headerOf(headers, 'Subject')).toBe('"Lagoon Lights" is out on Deezer');
    expect(headerOf(headers, 'Message-ID')).toBe(`<release-${release.id}.first-live@riffline.local>`);
    expect(text).toContain('Deezer has put "Lagoon Lights" by Kemi A out for listeners');
    expect(text).toContain('Your releases: https://riffline.test/releases');
  });

  test('tells an artist why their release was rejected, escaped in the HTML part', async ({ db, smtp }) => {
    const artist = await approvedArtist(db, 'Dami');
    const release = await buildRelease(db, { userId: artist.id, title: 'Lagos Nights' });
    const reason = 'The artwork shows a <b>logo</b> of a store & is 1000 px wide';
    await emit(db, 'release.rejected', release.id, { userId: artist.id, reason });

    const { headers, text, html } = mimeOf(await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000));
    expect(headerOf(headers, 'Subject')).toBe('Your release "Lagos Nights" needs changes');
    expect(text).toContain(`Reason: ${reason}`);
    expect(html).toContain('The artwork shows a &lt;b&gt;logo&lt;/b&gt; of a store &amp; is 1000 px wide');
    expect(html).not.toContain('<b>logo</b>');
  });

  test('tells an artist their correction was approved, or not and why', async ({ db, smtp }) => {
    const artist = await approvedArtist(db, 'Ife');
    const release = await buildRelease(db, { userId: artist.id, title: 'Harmattan', status: 'live' });
    const changeId = crypto.randomUUID();
    await emit(db, 'release.corrected', release.id, { userId: artist.id, changeId, changed: ['title'] });
    const approved = mimeOf(await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000));
    expect(headerOf(approved.headers, 'Subject')).toBe('Your correction of "Harmattan" is approved');
    expect(approved.text).toContain('We are sending it to every');

    const reason = 'The title must match the one on the audio.';
    await emit(db, 'release.correctionRejected', release.id, { userId: artist.id, changeId, reason });
    const rejected = mimeOf(
      await smtp.waitFor(
        (m) => m.to.includes(artist.email!) && Boolean(mimeOf(m).text?.includes(reason)),
        20_000,
      ),
    );
    expect(headerOf(rejected.headers, 'Subject')).toBe('Your correction of "Harmattan" was not approved');
    expect(rejected.text).toContain(`Reason: ${reason}`);
  });

  test('tells an artist their withdrawal was approved, or declined and why', async ({ db, smtp, config }) => {
    const artist = await approvedArtist(db, 'Efe');
    await emit(db, 'withdrawal.approved', crypto.randomUUID(), {
      userId: artist.id,
      amount: '1250.50',
      adminNotes: 'approved for processing, payment within 24 hours',
    });
    await emit(db, 'withdrawal.declined', crypto.randomUUID(), {
      userId: artist.id,
      amount: '40.00',
      adminNotes: 'The PayPal address does not match your name',
    });
    await settled(db, config);

    const mails = mailTo(smtp, artist.email!).map(mimeOf);
    const subjects = mails.map((m) => headerOf(m.headers, 'Subject'));
    expect(subjects.sort()).toEqual([
      'Your withdrawal of $1,250.50 is approved',
      'Your withdrawal request of $40.00 was declined',
    ]);
    const declined = mails.find((m) => headerOf(m.headers, 'Subject')!.includes('declined'))!;
    expect(declined.text).toContain('Reason: The PayPal address does not match your name');
    expect(declined.text).toContain('the amount is available to withdraw again');
    expect(declined.html).toContain('The PayPal address does not match your name');
  });

  test('tells an artist their coins arrived', async ({ db, smtp }) => {
    const artist = await approvedArtist(db, 'Femi');
    await emit(db, 'wallet.paymentCompleted', 'order-1', {
      userId: artist.id,
      orderId: 'RFL-ORDER-1',
      coinsAdded: '1500.00',
    });
    const { headers, text } = mimeOf(await smtp.waitFor((m) => m.to.includes(artist.email!), 20_000));
    expect(headerOf(headers, 'Subject')).toBe('1,500.00 coins added to your wallet');
    expect(text).toContain('Order: RFL-ORDER-1');
    expect(text).toContain('Your wallet: https://riffline.test/wallet');
  });

  test('emails each ticket reply to the other side: the artist, or the admin who has it (else every admin)', async ({
    db,
    smtp,
    config,
  }) => {
    const artist = await approvedArtist(db, 'Ife');
    const [assignee, other] = [
      await buildAdmin(db, { email: `${unique('assignee')}@example.test`, firstName: 'Ada' }),
      await buildAdmin(db, { email: `${unique('other')}@example.test` }),
    ];
    const ticket = await buildSupportTicket(db, { userId: artist.id, subject: 'Missing streams' });
    const reply = { ticketId: ticket.id, userId: artist.id, subject: 'Missing streams' };
    await emit(db, 'ticket.messagePosted', ticket.id, {
      ...reply,
      fromTeam: true,
      body: 'They come monthly.',
    });
    await emit(db, 'ticket.messagePosted', ticket.id, { ...reply, fromTeam: false, body: 'Before the 5th?' });
    await settled(db, config);
    const [toArtist] = mailTo(smtp, artist.email!).map(mimeOf);
    expect(headerOf(toArtist!.headers, 'Subject')).toBe(
      `Re: Missing streams [ticket ${ticket.id.slice(0, 8)}]`,
    );
    expect(toArtist!.text).toContain('They come monthly.');
    expect(toArtist!.text).toContain('https://riffline.test/tickets');
    // Nobody has the ticket yet: every admin hears of the artist's answer.
    for (const admin of [assignee, other]) {
      const [mail] = mailTo(smtp, admin.email!).map(mimeOf);
      expect(headerOf(mail!.headers, 'Subject')).toBe('Ife Artist replied: Missing streams');
      expect(mail!.text).toContain(`https://riffline.test/admin/tickets/${ticket.id}`);
    }

    await SupportTicket.query(db).patchAndFetchById(ticket.id, { assignedTo: assignee.id });
    await emit(db, 'ticket.messagePosted', ticket.id, { ...reply, fromTeam: false, body: 'Any news?' });
    await settled(db, config);
    expect(mailTo(smtp, assignee.email!)).toHaveLength(2);
    expect(mailTo(smtp, other.email!)).toHaveLength(1);
  });

  test('sends none of these to an artist who turned email notifications off', async ({
    db,
    smtp,
    config,
  }) => {
    const quiet = await approvedArtist(db, 'Gbenga');
    const royaltiesOff = await approvedArtist(db, 'Halima');
    await db.transaction((trx) => changeNotificationSettings(trx, quiet.id, { emailNotifications: false }));
    await db.transaction((trx) =>
      changeNotificationSettings(trx, royaltiesOff.id, { royaltyUpdates: false }),
    );
    for (const artist of [quiet, royaltiesOff]) {
      const release = await buildRelease(db, { userId: artist.id });
      await emit(db, 'release.rejected', release.id, { userId: artist.id, reason: 'Blurry artwork' });
      await emit(db, 'wallet.paymentCompleted', unique('order'), {
        userId: artist.id,
        orderId: unique('order'),
        coinsAdded: '10.00',
      });
    }
    await settled(db, config);

    expect(mailTo(smtp, quiet.email!)).toEqual([]);
    // Royalty updates are a toggle of their own: account mail still comes.
    expect(mailTo(smtp, royaltiesOff.email!)).toHaveLength(2);
  });

  test('tells each artist a store report credited what they earned, if they want royalty updates', async ({
    db,
    smtp,
    config,
  }) => {
    const [paid, notWanted, quietOtherwise] = await Promise.all([
      approvedArtist(db, 'Ife'),
      approvedArtist(db, 'Jide'),
      approvedArtist(db, 'Kemi'),
    ]);
    await db.transaction((trx) => changeNotificationSettings(trx, notWanted.id, { royaltyUpdates: false }));
    await db.transaction((trx) =>
      changeNotificationSettings(trx, quietOtherwise.id, { emailNotifications: false }),
    );
    const [report] = await db('store_reports')
      .insert({
        filename: 'spotify-2026-10.csv',
        fileKey: 'reports/x.csv',
        contentHash: unique('hash'),
        size: 1,
      })
      .returning('id');
    const credit = (userId: string, amount: string, period: string) =>
      Royalty.query(db).insert({ userId, amount, period, reportId: report.id, currency: 'USD' });
    await credit(paid.id, '10.50', '2026-10');
    await credit(paid.id, '2.25', '2026-09');
    await credit(notWanted.id, '5.00', '2026-10');
    await credit(quietOtherwise.id, '1.00', '2026-10');
    await emit(db, 'report.imported', report.id, {
      lines: 4,
      matched: 4,
      unmatched: 0,
      invalid: 0,
      streams: 1000,
      downloads: 0,
      revenueUsd: '18.75000000',
      royaltiesUsd: '18.75',
      artists: 3,
      periods: ['2026-09', '2026-10'],
    });
    await settled(db, config);

    const [mail, ...more] = mailTo(smtp, paid.email!).map(mimeOf);
    expect(more).toEqual([]);
    expect(headerOf(mail!.headers, 'Subject')).toBe('New royalties: $12.75 added to your earnings');
    expect(mail!.text).toContain('Royalties: $12.75 (USD)');
    expect(mail!.text).toContain('Sales period: 2026-09, 2026-10');
    expect(mail!.text).toContain('Your royalties: https://riffline.test/royalties');
    expect(mail!.html).toContain('$12.75 (USD)');
    // The month's first report for them: it opens their statement of the month.
    const month = new Date().toISOString().slice(0, 7);
    const opens = `Your statement for ${statementMonthLabel(month)} now has its first earnings`;
    expect(mail!.text).toContain(opens);
    expect(mailTo(smtp, notWanted.email!)).toEqual([]);
    // "Royalty updates" alone decides this one: account mail being off does not stop it.
    expect(mailTo(smtp, quietOtherwise.email!)).toHaveLength(1);

    // A second report the same month adds to the statement: its mail does not announce it again.
    const [second] = await db('store_reports')
      .insert({ filename: 'apple-2026-10.csv', fileKey: 'reports/y', contentHash: unique('hash'), size: 1 })
      .returning('id');
    await Royalty.query(db).insert({
      userId: paid.id,
      amount: '3.00',
      period: '2026-10',
      reportId: second.id,
      currency: 'USD',
    });
    await emit(db, 'report.imported', second.id, {
      lines: 1,
      matched: 1,
      unmatched: 0,
      invalid: 0,
      streams: 100,
      downloads: 0,
      revenueUsd: '3.00000000',
      royaltiesUsd: '3.00',
      artists: 1,
      periods: ['2026-10'],
    });
    await settled(db, config);
    const [, next] = mailTo(smtp, paid.email!).map(mimeOf);
    expect(headerOf(next!.headers, 'Subject')).toBe('New royalties: $3.00 added to your earnings');
    expect(next!.text).not.toContain(opens);
  });

  test('tells an artist their payout was sent, with the payment reference, unless emails are off', async ({
    db,
    smtp,
    config,
  }) => {
    const artist = await approvedArtist(db, 'Ngozi');
    const quiet = await approvedArtist(db, 'Obi');
    await db.transaction((trx) => changeNotificationSettings(trx, quiet.id, { emailNotifications: false }));
    const completed = (userId: string) =>
      emit(db, 'withdrawal.completed', crypto.randomUUID(), {
        userId,
        amount: '1250.50',
        paymentReference: '412345678901',
      });
    const event = await completed(artist.id);
    await completed(quiet.id);
    await settled(db, config);

    const [mail, ...more] = mailTo(smtp, artist.email!).map(mimeOf);
    expect(more).toEqual([]);
    expect(headerOf(mail!.headers, 'Subject')).toBe('Your payout of $1,250.50 was sent');
    expect(headerOf(mail!.headers, 'Message-ID')).toBe(
      `<event-${event.id}.withdrawal-completed@riffline.local>`,
    );
    expect(mail!.text).toContain('Hi Ngozi,');
    expect(mail!.text).toContain('Your withdrawal of $1,250.50 has been paid');
    expect(mail!.text).toContain('Payment reference: 412345678901');
    expect(mail!.text).toContain('Your royalties and withdrawals: https://riffline.test/royalties');
    expect(mail!.html).toContain('412345678901');
    expect(mailTo(smtp, quiet.email!)).toEqual([]);
  });

  test('tells every admin with admin alerts on of each new application and ticket, and no one else', async ({
    db,
    smtp,
    config,
  }) => {
    const [alerted, quiet] = [
      await buildAdmin(db, { email: `${unique('alerted')}@example.test`, firstName: 'Tola' }),
      await buildAdmin(db, { email: `${unique('quiet')}@example.test` }),
    ];
    await db.transaction((trx) => changeNotificationSettings(trx, quiet.id, { adminAlerts: false }));
    const { artist, application } = await applicant(db, 'Uche');
    const submitted = await emit(db, 'application.submitted', application.id, {
      userId: artist.id,
      email: artist.email,
      artistName: 'Uche <O>',
      genre: 'afrobeats',
    });
    const ticket = await buildSupportTicket(db, { userId: artist.id, subject: 'Where are my streams?' });
    const opened = await emit(db, 'ticket.opened', ticket.id, {
      userId: artist.id,
      subject: 'Where are my streams?',
      priority: 'high',
      category: null,
    });
    await settled(db, config);

    const mails = mailTo(smtp, alerted.email!).map(mimeOf);
    const bySubject = new Map(mails.map((m) => [headerOf(m.headers, 'Subject'), m]));
    expect([...bySubject.keys()].sort()).toEqual([
      'New application: Uche <O>',
      'New ticket from Uche Artist: Where are my streams?',
    ]);
    const applied = bySubject.get('New application: Uche <O>')!;
    expect(applied.text).toContain('Hi Tola,');
    expect(applied.text).toContain('Genre: afrobeats');
    expect(applied.text).toContain(`https://riffline.test/admin/applications/${application.id}/show`);
    expect(applied.html).toContain('Uche &lt;O&gt;');
    expect(headerOf(applied.headers, 'Message-ID')).toMatch(
      new RegExp(`^<event-${submitted.id}\\.new-application-[0-9a-f]{16}@riffline\\.local>$`),
    );
    const asked = bySubject.get('New ticket from Uche Artist: Where are my streams?')!;
    expect(asked.text).toContain('Priority: high');
    expect(asked.text).toContain(`https://riffline.test/admin/tickets/${ticket.id}`);
    expect(headerOf(asked.headers, 'Message-ID')).toMatch(
      new RegExp(`^<event-${opened.id}\\.new-ticket-[0-9a-f]{16}@riffline\\.local>$`),
    );
    // Admin alerts off: nothing; and the artist hears nothing of their own application or ticket.
    expect(mailTo(smtp, quiet.email!)).toEqual([]);
    expect(mailTo(smtp, artist.email!)).toEqual([]);
  });

  test('tells whoever used the contact form that their message arrived, without repeating it', async ({
    db,
    smtp,
  }) => {
    const email = `${unique('visitor')}@example.test`;
    const event = await emit(db, 'contact.received', crypto.randomUUID(), {
      name: 'Jo Lane',
      email,
      subject: 'Label <partnership>',
    });
    const { headers, text, html } = mimeOf(await smtp.waitFor((m) => m.to.includes(email), 20_000));
    expect(headerOf(headers, 'Subject')).toBe('We received your message');
    expect(headerOf(headers, 'Message-ID')).toBe(`<event-${event.id}.contact-received@riffline.local>`);
    expect(text).toContain('Hi Jo Lane,');
    expect(text).toContain(
      'We received your message "Label <partnership>" and will get back to you within 24 hours.',
    );
    expect(text).toContain('Riffline Help Center: https://riffline.test/support');
    expect(html).toContain('Label &lt;partnership&gt;');
  });

  test('sent every message only after the handling that recorded it had committed', ({ sends }) => {
    expect(sends.length).toBeGreaterThan(0);
    expect(sends.filter((s) => !s.committed)).toEqual([]);
  });
});
