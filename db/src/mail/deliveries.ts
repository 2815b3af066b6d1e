import type { Db, DbTransaction } from '../connection.ts';
import { affectedRows } from '../connection.ts';

/**
 * Mail recorded in a transaction and sent after it commits (`mail_deliveries`). A consumer group's handler
 * records the message with its other writes (enqueueMail); the workers' mail delivery takes due rows one
 * at a time under a short lease (claimNextMail), sends each with no transaction open, and marks it sent or
 * failed.
 */

export interface QueuedMail {
  /** The RFC 5322 Message-ID (`<…@…>`), fixed before sending: every retry of the message carries it. */
  messageId: string;
  /** The event whose handling wrote it. */
  eventId?: string | null;
  /** Whose mail it is (a deleted user's unsent mail goes with them). */
  userId?: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The one-click unsubscribe address (Mail's listUnsubscribe), for mail a recipient can stop. */
  listUnsubscribe?: string | null;
}

export interface DueMail {
  id: string;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  listUnsubscribe: string | null;
  /** Attempts so far, this one included. */
  attempts: number;
}

/**
 * Records a message to send once the caller's transaction commits. A message id already recorded is left
 * as it is (false): the same event handled twice cannot queue its mail twice.
 */
export async function enqueueMail(trx: DbTransaction, mail: QueuedMail): Promise<boolean> {
  return (await enqueueMails(trx, [mail])) > 0;
}

/** enqueueMail for many messages at once (a store report credits many artists): multi-row inserts. */
export async function enqueueMails(trx: DbTransaction, mails: QueuedMail[]): Promise<number> {
  if (!trx?.isTransaction) throw new Error('enqueueMail must run inside the transaction of the handler');
  let inserted = 0;
  for (let i = 0; i < mails.length; i += 500) {
    const rows = await trx('mail_deliveries')
      .insert(
        mails.slice(i, i + 500).map((mail) => ({
          messageId: mail.messageId,
          eventId: mail.eventId ?? null,
          userId: mail.userId ?? null,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          listUnsubscribe: mail.listUnsubscribe ?? null,
        })),
      )
      .onConflict('message_id')
      .ignore()
      .returning('id');
    inserted += rows.length;
  }
  return inserted;
}

/**
 * Takes the pending message due first that no one holds, and leases it for `leaseMs` (one attempt more), in
 * one short statement: the sending happens after it, with no transaction open. One message at a time, so
 * the lease only has to cover one send and a message whose delivery died is free again soon. Rows another
 * delivery holds are passed over (skip locked), never waited for. Null when nothing is due.
 */
export async function claimNextMail(db: Db, { leaseMs }: { leaseMs: number }): Promise<DueMail | null> {
  const { rows } = (await db.raw(
    `update mail_deliveries m
        set claimed_until = now() + make_interval(secs => :leaseSeconds), attempts = m.attempts + 1
      where m.id = (
        select id from mail_deliveries
         where status = 'pending' and next_attempt_at <= now()
           and (claimed_until is null or claimed_until <= now())
         order by next_attempt_at, id
         limit 1
         for update skip locked)
      returning m.id, m.message_id, m.to_address, m.subject, m.text_body, m.html_body, m.list_unsubscribe, m.attempts`,
    { leaseSeconds: leaseMs / 1000 },
  )) as { rows: Record<string, unknown>[] }; // raw rows keep the columns' snake_case names
  const row = rows[0];
  if (!row) return null;
  return {
    id: String(row.id),
    messageId: String(row.message_id),
    to: String(row.to_address),
    subject: String(row.subject),
    text: String(row.text_body),
    html: (row.html_body as string | null) ?? null,
    listUnsubscribe: (row.list_unsubscribe as string | null) ?? null,
    attempts: Number(row.attempts),
  };
}

/** Gives back a message taken but not tried (a stop came first): the next delivery sends it at once. */
export async function releaseMail(db: Db, id: string): Promise<void> {
  await db('mail_deliveries')
    .where({ id, status: 'pending' })
    .update({ claimedUntil: null, attempts: db.raw('greatest(attempts - 1, 0)') });
}

/** The message went out: done for good. */
export async function markMailSent(db: Db, id: string): Promise<void> {
  await db('mail_deliveries')
    .where({ id, status: 'pending' })
    .update({ status: 'sent', sentAt: db.fn.now(), claimedUntil: null, lastError: null });
}

/**
 * The send failed: tried again after `retryInMs`, or, with `retryInMs` null (the attempts are spent), kept
 * as `failed` with the error.
 */
export async function markMailFailed(
  db: Db,
  id: string,
  error: string,
  retryInMs: number | null,
): Promise<void> {
  const lastError = error.replaceAll('\u0000', '').slice(0, 2_000);
  await db('mail_deliveries')
    .where({ id, status: 'pending' })
    .update(
      retryInMs === null
        ? { status: 'failed', failedAt: db.fn.now(), claimedUntil: null, lastError }
        : {
            nextAttemptAt: db.raw('now() + make_interval(secs => ?)', [retryInMs / 1000]),
            claimedUntil: null,
            lastError,
          },
    );
}

/**
 * How long until the next pending message can be taken (its retry time or the end of its lease, by the
 * database's clock): 0 when one is due now, null when nothing is pending.
 */
export async function nextMailDueInMs(db: Db): Promise<number | null> {
  const { rows } = (await db.raw(
    // greatest() passes over NULL: nothing pending must stay NULL, not become 0 ("due now").
    `select ceil(extract(epoch from
              (min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) - now())) * 1000)
            as due_in_ms
       from mail_deliveries where status = 'pending'`,
  )) as { rows: { due_in_ms: string | number | null }[] };
  const due = rows[0]?.due_in_ms;
  return due === null || due === undefined ? null : Math.max(0, Number(due));
}

/** What waits to be sent: pending messages, the age of the oldest in seconds, and those given up on. */
export async function mailBacklog(
  db: Db,
): Promise<{ pending: number; oldestSeconds: number; failed: number }> {
  const { rows } = (await db.raw(
    `select count(*) filter (where status = 'pending') as pending,
            count(*) filter (where status = 'failed') as failed,
            coalesce(extract(epoch from now() - min(created_at) filter (where status = 'pending')), 0)
              as oldest_seconds
       from mail_deliveries where status in ('pending', 'failed')`,
  )) as { rows: Record<string, string | number>[] };
  const row = rows[0] ?? {};
  return {
    pending: Number(row.pending ?? 0),
    failed: Number(row.failed ?? 0),
    oldestSeconds: Number(row.oldest_seconds ?? 0),
  };
}

/** Sent messages (their bodies are personal data) are kept `keepMs`, then deleted; answers how many. */
export async function purgeSentMail(db: Db, keepMs: number): Promise<number> {
  return affectedRows(
    await db('mail_deliveries')
      .where({ status: 'sent' })
      .andWhere('sentAt', '<', db.raw('now() - make_interval(secs => ?)', [keepMs / 1000]))
      .delete(),
  );
}
