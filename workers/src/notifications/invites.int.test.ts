/**
 * The invite mail (docs/splits.md): the `notifications` group's handling of `split.created` and
 * `payee.inviteSent`, called as the consumer calls it (handleOnce). The link's token is only in the mail:
 * the payee keeps its hash and expiry, the event never sees it, and handling an event again sends nothing
 * and keeps the link already mailed working.
 */
import { describe, expect } from 'vitest';
import { INVITE_LINK_DAYS } from '@riffline/contracts';
import {
  appendEvent,
  hashInviteToken,
  loadConfig,
  Payee,
  Royalty,
  Split,
  SplitShare,
  type Db,
} from '@riffline/db';
import { dbTest, unique } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildStoreReport } from '#test/support/factories.ts';
import { handlerOf, handleOnce } from '../events/handleOnce.ts';
import type { LoggedEvent } from '../events/log.ts';
import { notifications } from './index.ts';

const config = loadConfig({ PUBLIC_URL: 'https://riffline.test' });
const group = notifications(config, () => {});
const LINK = /https:\/\/riffline\.test\/invites\/([A-Za-z0-9_-]{43})/;

/** Olu Ade's release "Night Bus" split with a new address at 40%, 3.456789 USD held for it so far. */
async function invited(db: Db) {
  const owner = await buildArtist(db, { firstName: 'Olu', lastName: 'Ade' });
  const release = await buildRelease(db, { userId: owner.id, title: 'Night Bus' });
  const payee = await Payee.query(db)
    .insert({
      ownerId: owner.id,
      email: `${unique('dee')}@example.test`.toLowerCase(),
      name: 'Dee',
      status: 'invited',
    })
    .returning('*');
  const split = await Split.query(db)
    .insert({ releaseId: release.id, trackId: null, effectiveFrom: '2026-01', createdBy: owner.id })
    .returning('*');
  await SplitShare.query(db).insert({ splitId: split.id, payeeId: payee.id, percent: '40' });
  await Royalty.query(db).insert({
    reportId: (await buildStoreReport(db)).id,
    userId: null,
    payeeId: payee.id,
    splitId: split.id,
    releaseId: release.id,
    period: '2026-01',
    amount: '3.45678900',
  });
  const event = (await db.transaction((trx) =>
    appendEvent(trx, {
      type: 'split.created',
      aggregateId: split.id,
      actorId: owner.id,
      payload: {
        releaseId: release.id,
        trackId: null,
        effectiveFrom: '2026-01',
        shares: [{ payeeId: payee.id, percent: '40.00' }],
        invited: [payee.id],
        previous: null,
      },
    }),
  )) as unknown as LoggedEvent;
  return { owner, release, payee, event };
}

const mailsTo = (db: Db, to: string) =>
  db('mail_deliveries').where({ toAddress: to }).orderBy('id') as Promise<
    Array<{ messageId: string; subject: string; textBody: string; htmlBody: string }>
  >;

describe('the invite mail', () => {
  dbTest(
    'split.created mails each invited payee an accept link; only its hash and expiry are kept; once per event',
    async ({ db }) => {
      const { payee, event } = await invited(db);
      const before = Date.now();
      expect(await handleOnce(db, group, event)).toBe(true);

      const [mail, ...more] = await mailsTo(db, payee.email!);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe('Olu Ade shares “Night Bus” with you on Riffline');
      expect(mail!.textBody).toContain('Hi Dee,');
      expect(mail!.textBody).toContain('“Night Bus”: 40.00% of what it earns is yours.');
      expect(mail!.textBody).toContain('held for you until you accept');
      expect(mail!.textBody).toContain('Held for you so far: $3.45.');
      const token = mail!.textBody.match(LINK)![1]!;
      expect(mail!.htmlBody).toContain(`https://riffline.test/invites/${token}`);

      const stored = (await Payee.query(db).findById(payee.id))!;
      expect(stored.inviteTokenHash).toBe(hashInviteToken(token));
      const expires = new Date(stored.inviteExpiresAt!).getTime();
      expect(expires).toBeGreaterThanOrEqual(before + INVITE_LINK_DAYS * 86_400_000);
      expect(expires).toBeLessThanOrEqual(Date.now() + INVITE_LINK_DAYS * 86_400_000);
      expect(mail!.textBody).toContain(
        `The link works until ${new Date(expires).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}.`,
      );
      // The token itself is in no event and no payee row.
      const { rows } = (await db.raw(
        `select count(*)::int as n from events where payload::text like ?
          union all select count(*)::int from payees where row_to_json(payees)::text like ?`,
        [`%${token}%`, `%${token}%`],
      )) as { rows: Array<{ n: number }> };
      expect(rows.map((r) => r.n)).toEqual([0, 0]);

      // Handled again (a redelivery, even past the claim): no second mail, the mailed link still works.
      expect(await handleOnce(db, group, event)).toBe(false);
      await db.transaction((trx) => handlerOf(group, event.type)!(event as never, trx));
      expect(await mailsTo(db, payee.email!)).toHaveLength(1);
      expect((await Payee.query(db).findById(payee.id))!.inviteTokenHash).toBe(hashInviteToken(token));
    },
  );

  dbTest(
    'payee.inviteSent mails a fresh link that replaces the old; a withdrawn payee gets none',
    async ({ db }) => {
      const { owner, release, payee, event } = await invited(db);
      await handleOnce(db, group, event);
      const first = (await mailsTo(db, payee.email!))[0]!.textBody.match(LINK)![1]!;
      const resend = () =>
        db.transaction((trx) =>
          appendEvent(trx, {
            type: 'payee.inviteSent',
            aggregateId: payee.id,
            actorId: owner.id,
            payload: { ownerId: owner.id, releaseId: release.id },
          }),
        ) as unknown as Promise<LoggedEvent>;
      expect(await handleOnce(db, group, await resend())).toBe(true);
      const mails = await mailsTo(db, payee.email!);
      expect(mails).toHaveLength(2);
      const second = mails[1]!.textBody.match(LINK)![1]!;
      expect(second).not.toBe(first);
      expect((await Payee.query(db).findById(payee.id))!.inviteTokenHash).toBe(hashInviteToken(second));

      await payee.$query(db).patch({ status: 'withdrawn', inviteTokenHash: null });
      expect(await handleOnce(db, group, await resend())).toBe(true);
      expect(await mailsTo(db, payee.email!)).toHaveLength(2);
      expect((await Payee.query(db).findById(payee.id))!.inviteTokenHash).toBeNull();
    },
  );
});
