import pino from 'pino';
import { describe, expect, inject } from 'vitest';
import {
  claimNextMail,
  connect,
  createMailer,
  enqueueMail,
  loadConfig,
  mailBacklog,
  nextMailDueInMs,
  type Db,
  type Mailer,
} from '@riffline/db';
import { freePort } from '../../../infra/lib/ports.ts';
import { startSmtp, type LocalSmtp } from '../../../infra/smtp/smtp.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { pollUntil } from '#test/support/eventLog.ts';
import { headerOf, mimeOf } from '#test/support/mail.ts';
import { startTcpProxy, type TcpProxy } from '#test/support/tcpProxy.ts';
import { startMailDelivery, type MailDelivery, type MailDeliveryOptions } from './mailDelivery.ts';

const logger = pino({ level: process.env.DEBUG_MAIL ? 'debug' : 'silent' });

const test = dbTest
  // eslint-disable-next-line no-empty-pattern
  .extend('smtp', { scope: 'file' }, async ({}, { onCleanup }) => {
    const smtp = await startSmtp();
    onCleanup(() => smtp.stop());
    return smtp;
  })
  .extend('mailer', { scope: 'file' }, ({ smtp }, { onCleanup }) => {
    const mailer = createMailer(loadConfig({ SMTP_URL: smtp.url }));
    onCleanup(() => mailer.close());
    return mailer;
  })
  .extend({ freshDb: true });
// Its own database: a delivery sends every pending message it finds.
/** Records one message in a committed transaction, as a consumer's handling does; answers its Message-ID. */
async function recorded(
  db: Db,
  subject = 'Your release is live',
): Promise<{ messageId: string; to: string }> {
  const messageId = `<${unique('mail')}@riffline.test>`;
  const to = `${unique('artist')}@example.test`;
  await db.transaction((trx) =>
    enqueueMail(trx, { messageId, to, subject, text: 'It is live.', html: '<p>It is live.</p>' }),
  );
  return { messageId, to };
}

const withId = (smtp: LocalSmtp, messageId: string) =>
  smtp.received.filter((m) => headerOf(mimeOf(m).headers, 'Message-ID') === messageId);

async function allSent(db: Db) {
  await pollUntil(
    'the mail delivery did not finish',
    async () => {
      const backlog = await mailBacklog(db);
      return backlog.pending === 0 ? backlog : undefined;
    },
    () => 'mail still pending',
  );
}

function deliver(db: Db, mailer: Mailer, options: MailDeliveryOptions = {}) {
  return startMailDelivery(db, mailer, logger, options);
}

describe('the mail delivery', () => {
  test('sends at start what was recorded before it (a crash or a stop left it), under its Message-ID', async ({
    db,
    smtp,
    mailer,
  }) => {
    const first = await recorded(db);
    const second = await recorded(db, 'Your withdrawal is approved');
    const delivery = deliver(db, mailer);
    try {
      await allSent(db);
    } finally {
      await delivery.stop();
    }
    const [mail] = withId(smtp, first.messageId);
    expect(mail?.to).toEqual([first.to]);
    expect(mimeOf(mail!).text).toBe('It is live.');
    expect(mimeOf(mail!).html).toBe('<p>It is live.</p>');
    expect(withId(smtp, second.messageId)).toHaveLength(1);
  });

  test('waits without polling, and sends what a commit recorded as soon as it is woken', async ({
    db,
    smtp,
    mailer,
  }) => {
    const queries: string[] = [];
    const seen = (query: { sql: string }) => queries.push(query.sql);
    db.on('query', seen);
    const delivery = deliver(db, mailer);
    try {
      // Its start-up round found nothing pending and ends by asking when something will be due: never.
      await pollUntil(
        'the start-up round did not end',
        async () => (queries.some((sql) => sql.includes('due_in_ms')) ? true : undefined),
        () => queries.join('; '),
      );
      expect(await nextMailDueInMs(db)).toBeNull();
      // Idle, it asks the database nothing: no timer runs until a wake.
      queries.length = 0;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(queries).toEqual([]);
      db.off('query', seen);

      const mail = await recorded(db);
      delivery.wake();
      await smtp.waitFor((m) => m.to.includes(mail.to));
      await allSent(db);
    } finally {
      db.off('query', seen);
      await delivery.stop();
    }
  });

  test('after a crash between sending and marking it sent, sends the same message once more', async ({
    db,
    smtp,
    mailer,
  }) => {
    const mail = await recorded(db);
    // The delivery that crashed: it took the message (a short lease here), sent it, and died before
    // marking it sent.
    const taken = await claimNextMail(db, { leaseMs: 300 });
    expect(taken?.messageId).toBe(mail.messageId);
    const { to, subject, text, messageId } = taken!;
    await mailer.send({ to, subject, text, messageId });

    // The restarted delivery leaves the message alone while the lease runs, then sends it, once.
    const delivery = deliver(db, mailer);
    try {
      await allSent(db);
    } finally {
      await delivery.stop();
    }
    expect(withId(smtp, mail.messageId)).toHaveLength(2);
    const again = deliver(db, mailer);
    await allSent(db);
    await again.stop();
    expect(withId(smtp, mail.messageId)).toHaveLength(2);
  });

  test('a stop finishes the message being sent and leaves the others untaken', async ({
    db,
    smtp,
    mailer,
  }) => {
    const mails = [await recorded(db), await recorded(db), await recorded(db)];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sending!: () => void;
    const started = new Promise<void>((resolve) => (sending = resolve));
    const slow: Mailer = {
      transport: 'smtp',
      async send(mail) {
        sending();
        await held;
        return mailer.send(mail);
      },
      close() {},
    };
    const delivery = deliver(db, slow);
    await started; // it took the first and is sending it
    const stopped = delivery.stop();
    release();
    await stopped;
    expect(withId(smtp, mails[0]!.messageId)).toHaveLength(1);
    const left = await db('mail_deliveries')
      .whereIn(
        'messageId',
        mails.slice(1).map((m) => m.messageId),
      )
      .select('status', 'attempts', 'claimedUntil');
    expect(left).toEqual([
      { status: 'pending', attempts: 0, claimedUntil: null },
      { status: 'pending', attempts: 0, claimedUntil: null },
    ]);
    // No lease to wait out: the next start sends them at once.
    const next = deliver(db, mailer);
    try {
      await allSent(db);
    } finally {
      await next.stop();
    }
    for (const mail of mails) expect(withId(smtp, mail.messageId)).toHaveLength(1);
  });

  test.skipIf(!inject('databaseUrl'))(
    'a database outage between sending and marking it sent does not send it twice',
    async ({ db, smtp, mailer }) => {
      const mail = await recorded(db);
      const { proxy, fragile } = await viaProxy(db);
      // The database goes away the moment the message has first gone out, before the delivery can mark it.
      let cut = false;
      const cutting: Mailer = {
        transport: 'smtp',
        async send(message) {
          const sent = await mailer.send(message);
          if (!cut) await proxy.cut();
          cut = true;
          return sent;
        },
        close() {},
      };
      const delivery = deliver(fragile, cutting, { leaseMs: 3_000, sendTimeoutMs: 2_500 });
      try {
        await smtp.waitFor((m) => m.to.includes(mail.to));
        // The database stays away past the lease: taking the message again would now be allowed.
        await pollUntil(
          'the lease did not end',
          async () => ((await leaseOver(db, mail.messageId)) ? true : undefined),
          () => 'the message is still leased',
        );
        await proxy.restore();
        await allSent(db);
      } finally {
        await delivery.stop();
        await fragile.destroy();
        await proxy.close();
      }
      expect(withId(smtp, mail.messageId)).toHaveLength(1);
      expect(
        await db('mail_deliveries').where({ messageId: mail.messageId }).first('status', 'attempts'),
      ).toEqual({ status: 'sent', attempts: 1 });
    },
  );

  test.skipIf(!inject('databaseUrl'))(
    'a message taken by a delivery that died goes out when its short lease ends, and the others at once',
    async ({ db, smtp, mailer }) => {
      const first = await recorded(db);
      const second = await recorded(db);
      const { proxy, fragile } = await viaProxy(db);
      // The delivery that dies: it has taken a message, then loses its database and never sends it.
      let taken!: () => void;
      const tookOne = new Promise<void>((resolve) => (taken = resolve));
      const dying: Mailer = {
        transport: 'smtp',
        async send() {
          await proxy.cut();
          taken();
          return new Promise<never>(() => undefined);
        },
        close() {},
      };
      const dead = deliver(fragile, dying, { leaseMs: 1_000 });
      let live: MailDelivery | undefined;
      try {
        await tookOne;
        // It took one message only: the other is free for another delivery at once.
        const rows = await db('mail_deliveries')
          .whereIn('messageId', [first.messageId, second.messageId])
          .orderBy('id')
          .select('attempts', db.raw('claimed_until is not null as leased'));
        expect(rows).toEqual([
          { attempts: 1, leased: true },
          { attempts: 0, leased: false },
        ]);
        // Another delivery sends that one, then the taken one when its lease ends (no wake, no polling).
        live = deliver(db, mailer);
        await allSent(db);
      } finally {
        await live?.stop();
        await dead.stop();
        await fragile.destroy();
        await proxy.close();
      }
      expect(withId(smtp, first.messageId)).toHaveLength(1);
      expect(withId(smtp, second.messageId)).toHaveLength(1);
    },
  );

  test('retries while the mail server is down, and sends the message once it is back', async ({ db }) => {
    const port = await freePort();
    const mailer = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` }));
    const mail = await recorded(db);
    const delivery = deliver(db, mailer, { retryDelayMs: () => 100, maxAttempts: 100 });
    let smtp: LocalSmtp | undefined;
    try {
      await pollUntil(
        'the delivery did not try twice',
        async () => ((await claimDueMailAttempts(db, mail.messageId)) >= 2 ? true : undefined),
        () => 'fewer than two attempts',
      );
      smtp = await startSmtp({ port });
      await smtp.waitFor((m) => m.to.includes(mail.to));
      await allSent(db);
      expect(withId(smtp, mail.messageId)).toHaveLength(1);
    } finally {
      await delivery.stop();
      mailer.close();
      await smtp?.stop();
    }
  });

  test('gives a message up after its last attempt, keeping the error', async ({ db }) => {
    const mailer = createMailer(loadConfig({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` }));
    const before = (await mailBacklog(db)).failed;
    await recorded(db);
    const delivery = deliver(db, mailer, { retryDelayMs: () => 20, maxAttempts: 3 });
    try {
      const backlog = await pollUntil(
        'the message was not given up',
        async () => {
          const now = await mailBacklog(db);
          return now.failed > before ? now : undefined;
        },
        () => 'still trying',
      );
      expect(backlog).toMatchObject({ pending: 0, failed: before + 1 });
    } finally {
      await delivery.stop();
      mailer.close();
    }
  });
});

/** A second connection to the same database through a relay a test can cut. */
async function viaProxy(db: Db): Promise<{ proxy: TcpProxy; fragile: Db }> {
  const { rows } = (await db.raw('select current_database() as name')) as { rows: { name: string }[] };
  const url = new URL(inject('databaseServerUrl')!);
  url.pathname = `/${rows[0]!.name}`;
  const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const fragile = connect(
    loadConfig({ NODE_ENV: 'test', DATABASE_URL: url.toString(), DATABASE_POOL_MAX: '2' }),
  );
  return { proxy, fragile };
}

/** Whether the message's lease is over by the database's clock. */
async function leaseOver(db: Db, messageId: string): Promise<boolean> {
  const { rows } = (await db.raw(
    'select claimed_until <= now() as over from mail_deliveries where message_id = ?',
    [messageId],
  )) as { rows: { over: boolean }[] };
  return rows[0]!.over;
}

/** How many attempts the delivery made at a message so far. */
async function claimDueMailAttempts(db: Db, messageId: string): Promise<number> {
  const row = await db('mail_deliveries').where({ messageId }).first('attempts');
  return Number(row?.attempts ?? 0);
}
