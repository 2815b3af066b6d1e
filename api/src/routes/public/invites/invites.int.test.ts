import { describe, expect } from 'vitest';
import type { InviteResponse, RoyaltiesResponse } from '@riffline/contracts';
import {
  Event,
  hashInviteToken,
  newInviteToken,
  Payee,
  Royalty,
  Split,
  SplitShare,
  type Db,
} from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildStoreReport } from '#test/support/factories.ts';

/** An invited payee of a new owner (named Olu Ade) in a 30% share of a release, with 12.345678 USD held. */
async function invite(db: Db, ownerId?: string) {
  const owner = ownerId ?? (await buildArtist(db, { firstName: 'Olu', lastName: 'Ade' })).id;
  const release = await buildRelease(db, { userId: owner, title: 'Night Bus' });
  const token = newInviteToken();
  const payee = await Payee.query(db)
    .insert({
      ownerId: owner,
      email: `${unique('invited')}@example.test`.toLowerCase(),
      status: 'invited',
      inviteTokenHash: hashInviteToken(token),
      inviteExpiresAt: new Date(Date.now() + 86_400_000),
      inviteSentAt: new Date(),
    })
    .returning('*');
  const split = await Split.query(db)
    .insert({ releaseId: release.id, trackId: null, effectiveFrom: '2026-01', createdBy: owner })
    .returning('*');
  await SplitShare.query(db).insert([{ splitId: split.id, payeeId: payee.id, percent: '30' }]);
  const report = await buildStoreReport(db);
  await Royalty.query(db).insert(
    ['12.00000000', '0.34567800'].map((amount, i) => ({
      reportId: report.id,
      userId: null,
      payeeId: payee.id,
      splitId: split.id,
      releaseId: release.id,
      period: `2026-0${i + 1}`,
      amount,
    })),
  );
  return { owner, release, token, payee };
}

describe('GET /api/invites/:token', () => {
  apiTest(
    '200: the owner, the releases and shares, the held amount in cents rounded down',
    async ({ db, visitor }) => {
      const { token, payee, release } = await invite(db);
      const res = await visitor.get(`/api/invites/${token}`);
      expect(res.status, res.body).toBe(200);
      expect(res.json<InviteResponse>()).toEqual({
        ownerName: 'Olu Ade',
        email: payee.email,
        releases: [{ releaseId: release.id, title: 'Night Bus', percent: '30.00' }],
        held: '12.34',
        expiresAt: new Date(payee.inviteExpiresAt!).toISOString(),
        expired: false,
        acceptedAt: null,
      });
    },
  );

  apiTest(
    '400 for a token no link could carry, 404 for one that is not valid, 410 once expired',
    async ({ db, visitor }) => {
      const overlong = await visitor.get(`/api/invites/${'x'.repeat(250)}`);
      expect(overlong.status).toBe(400);
      expect(overlong.json()).toEqual({
        message: 'This invite link is not valid.',
        issues: [{ path: 'params.token', message: 'This invite link is not valid.' }],
      });
      const unknown = await visitor.get(`/api/invites/${newInviteToken()}`);
      expect(unknown.status).toBe(404);
      expect(unknown.json()).toEqual({ message: 'This invite link is not valid.' });
      const { token, payee } = await invite(db);
      await payee.$query(db).patch({ inviteExpiresAt: new Date(Date.now() - 1000) });
      const res = await visitor.get(`/api/invites/${token}`);
      expect(res.status).toBe(410);
      expect(res.json()).toEqual({ message: 'This invite link has expired: ask Olu Ade to send it again.' });
    },
  );
});

describe('POST /api/invites/:token/acceptance', () => {
  apiTest('401 signed out; 404 unknown; 410 expired', async ({ db, visitor, artist }) => {
    const { token, payee } = await invite(db);
    expect((await visitor.send('POST', `/api/invites/${token}/acceptance`)).status).toBe(401);
    const unknown = await artist.send('POST', `/api/invites/${newInviteToken()}/acceptance`);
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toEqual({ message: 'This invite link is not valid.' });
    await payee.$query(db).patch({ inviteExpiresAt: new Date(Date.now() - 1000) });
    const expired = await artist.send('POST', `/api/invites/${token}/acceptance`);
    expect(expired.status).toBe(410);
    expect(expired.json()).toEqual({
      message: 'This invite link has expired: ask Olu Ade to send it again.',
    });
    expect((await Payee.query(db).findById(payee.id))!.status).toBe('invited');
  });

  apiTest(
    '409 for the owner themself, and for an account already the accepted payee of the same owner',
    async ({ db, approvedArtist, artist }) => {
      const own = await invite(db, approvedArtist.user.id);
      const mine = await approvedArtist.send('POST', `/api/invites/${own.token}/acceptance`);
      expect(mine.status).toBe(409);
      expect(mine.json()).toEqual({ message: 'This invite is from you: your own share is already yours.' });

      const first = await invite(db);
      expect((await artist.send('POST', `/api/invites/${first.token}/acceptance`)).status).toBe(201);
      const second = await invite(db, first.owner);
      const again = await artist.send('POST', `/api/invites/${second.token}/acceptance`);
      expect(again.status).toBe(409);
      expect(again.json()).toEqual({
        message: 'You have already accepted a share from Olu Ade under another email address.',
      });
      expect((await Payee.query(db).findById(second.payee.id))!.status).toBe('invited');
    },
  );

  apiTest(
    '201 for an account awaiting approval: the payee is theirs, the held rows at once, the link spent, an event',
    async ({ db, artist, approvedArtist }) => {
      const { token, payee } = await invite(db);
      const isPayee = async () => (await artist.get('/api/auth/user')).json<{ isPayee: boolean }>().isPayee;
      expect(await isPayee()).toBe(false);
      const res = await artist.send('POST', `/api/invites/${token}/acceptance`);
      expect(res.status, res.body).toBe(201);
      expect(res.json()).toEqual({ payeeId: payee.id, ownerName: 'Olu Ade', released: '12.34' });
      // The web app keys its menu on it (read with the session on every request).
      expect(await isPayee()).toBe(true);
      expect(await Payee.query(db).findById(payee.id)).toMatchObject({
        userId: artist.user.id,
        status: 'accepted',
        acceptedAt: expect.any(Date),
      });
      const rows = await Royalty.query(db).where({ payeeId: payee.id });
      expect(rows.map((r) => r.userId)).toEqual([artist.user.id, artist.user.id]);
      // The collaborator, who is no artist, sees the money at once.
      const royalties = await artist.get('/api/royalties');
      expect(royalties.status, royalties.body).toBe(200);
      expect(royalties.json<RoyaltiesResponse>().totalEarnings).toBe('12.34');
      // Each row names its release, though the release is the owner's.
      expect(royalties.json<RoyaltiesResponse>().items.map((i) => i.releaseTitle)).toEqual([
        'Night Bus',
        'Night Bus',
      ]);
      expect((await artist.get('/api/payment-methods')).status).toBe(200);
      expect((await artist.get('/api/withdrawal-requests')).status).toBe(200);
      // Everything else of the artist area stays closed to them.
      expect((await artist.get('/api/releases')).status).toBe(403);
      const [event] = await Event.query(db).where({ type: 'payee.accepted', aggregateId: payee.id });
      expect(event!.payload).toEqual({
        ownerId: payee.ownerId,
        userId: artist.user.id,
        released: '12.34567800',
      });
      // The link is spent: it only says it was accepted (a reload of the page), and accepts no more.
      const shown = await artist.get(`/api/invites/${token}`);
      expect(shown.status, shown.body).toBe(200);
      expect(shown.json<InviteResponse>()).toMatchObject({
        held: '0.00',
        expiresAt: null,
        acceptedAt: expect.any(String),
      });
      const again = await artist.send('POST', `/api/invites/${token}/acceptance`);
      expect(again.status).toBe(409);
      expect(again.json()).toEqual({ message: 'You have already accepted this invite.' });
      const someoneElse = await approvedArtist.send('POST', `/api/invites/${token}/acceptance`);
      expect(someoneElse.status).toBe(404);
      expect(someoneElse.json()).toEqual({ message: 'This invite link is not valid.' });
    },
  );
});
