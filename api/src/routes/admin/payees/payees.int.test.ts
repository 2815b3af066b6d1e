import { describe, expect } from 'vitest';
import type { AdminPayeeDetailResponse, AdminPayeeResponse, SplitVersionResponse } from '@riffline/contracts';
import { Payee, Royalty } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildRelease } from '#test/support/factories.ts';
import type { Db } from '@riffline/db';

const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

/**
 * A split of the owner's release through the artist API (owner 50, Bea 30 accepted by hand, Cal 20
 * invited), and ledger rows under it: the owner's earned, Bea's earned, Cal's held, at 8 decimals.
 */
async function splitWithLedger(db: Db, owner: Actor) {
  const tag = unique('pay').replace(/-/g, '');
  const release = await buildRelease(db, { userId: owner.user.id, title: `${tag} Tide` });
  const bea = `${tag}-bea@example.test`;
  const cal = `${tag}-cal@example.test`;
  const created = await owner.send('POST', `/api/releases/${release.id}/splits`, {
    effectiveFrom: '2030-01',
    shares: [
      { owner: true, percent: 50 },
      { email: bea, percent: 30, name: 'Bea Dune' },
      { email: cal, percent: 20 },
    ],
  });
  expect(created.status, created.body).toBe(201);
  const version = created.json<SplitVersionResponse>();
  const [own, beaShare, calShare] = version.shares;
  await Payee.query(db)
    .findById(beaShare!.payeeId)
    .patch({ status: 'accepted', userId: owner.user.id, acceptedAt: new Date('2030-02-01T00:00:00Z') });
  const row = (payeeId: string, userId: string | null, amount: string) => ({
    userId,
    releaseId: release.id,
    amount,
    period: '2030-01',
    splitId: version.id,
    payeeId,
  });
  await Royalty.query(db).insert([
    row(own!.payeeId, owner.user.id, '5.00'),
    row(beaShare!.payeeId, owner.user.id, '1.50'),
    row(beaShare!.payeeId, owner.user.id, '1.50999999'),
    row(calShare!.payeeId, null, '1.00'),
    row(calShare!.payeeId, null, '0.99999999'),
  ]);
  return { tag, release, version, own: own!, bea: beaShare!, cal: calShare! };
}

describe('GET /api/admin/payees', () => {
  apiTest(
    '401 signed out, 403 for an artist, 400 with the reason for a bad sort, status, filter or range',
    async ({ admin, visitor, approvedArtist }) => {
      const signedOut = await visitor.get('/api/admin/payees');
      expect([signedOut.status, signedOut.json()]).toEqual([401, { message: 'Unauthorized' }]);
      const artist = await approvedArtist.get('/api/admin/payees');
      expect([artist.status, artist.json()]).toEqual([
        403,
        { message: "You don't have permission to access this page." },
      ]);
      const cases: Array<[string, string]> = [
        [
          `sort=${encodeURIComponent('["amount","ASC"]')}`,
          'sort must be ["field","ASC" or "DESC"] with field one of id, email, name, status, createdAt, inviteSentAt, inviteExpiresAt, acceptedAt, earned, held, releaseCount',
        ],
        ['status=pending', 'status must be one of owner, invited, accepted, withdrawn'],
        [filter({ releaseId: 'nope' }), 'releaseId must be a release id'],
        ['range=[5,2]', 'range must be [start,end], at most 500 rows'],
        ['filter={', 'filter must be a JSON object'],
      ];
      for (const [query, message] of cases) {
        const res = await admin.get(`/api/admin/payees?${query}`);
        expect([res.status, res.json<{ message: string }>().message], query).toEqual([400, message]);
      }
    },
  );

  apiTest(
    'each payee with owner, account, invite, earned and held (floored to cents), filtered, sorted, counted',
    async ({ db, admin, steppedUpArtist }) => {
      const { tag, release, own, bea, cal } = await splitWithLedger(db, steppedUpArtist);
      const owner = steppedUpArtist.user;
      const sentAt = new Date('2030-01-05T10:00:00Z');
      const expiresAt = new Date('2030-01-19T10:00:00Z');
      await Payee.query(db).findById(cal.payeeId).patch({ inviteSentAt: sentAt, inviteExpiresAt: expiresAt });

      const res = await admin.get(
        `/api/admin/payees?${filter({ ownerId: owner.id })}&sort=${encodeURIComponent('["held","DESC"]')}`,
      );
      expect(res.status, res.body).toBe(200);
      expect(res.headers.get('content-range')).toBe('payees 0-2/3');
      const rows = res.json<AdminPayeeResponse[]>();
      expect(rows.map((r) => r.id)).toEqual([cal.payeeId, ...[own.payeeId, bea.payeeId].sort()]);
      const ownerAccount = {
        id: owner.id,
        name: [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email,
        email: owner.email,
      };
      expect(rows[0]).toEqual({
        id: cal.payeeId,
        owner: ownerAccount,
        user: null,
        email: `${tag}-cal@example.test`,
        name: null,
        status: 'invited',
        createdAt: expect.any(String) as string,
        inviteSentAt: sentAt.toISOString(),
        inviteExpiresAt: expiresAt.toISOString(),
        acceptedAt: null,
        withdrawnAt: null,
        earned: '0.00',
        held: '1.99',
        releaseCount: 1,
      });
      const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
      expect(byId[own.payeeId]).toMatchObject({ status: 'owner', earned: '5.00', held: '0.00' });
      expect(byId[bea.payeeId]).toMatchObject({
        status: 'accepted',
        name: 'Bea Dune',
        user: ownerAccount,
        acceptedAt: '2030-02-01T00:00:00.000Z',
        earned: '3.00',
        held: '0.00',
      });

      const invited = await admin.get(`/api/admin/payees?status=invited&q=${tag}-CAL`);
      expect(invited.json<AdminPayeeResponse[]>().map((r) => r.id)).toEqual([cal.payeeId]);
      const byName = await admin.get(`/api/admin/payees?${filter({ q: 'bea dune', ownerId: owner.id })}`);
      expect(byName.json<AdminPayeeResponse[]>().map((r) => r.id)).toEqual([bea.payeeId]);
      const byOwner = await admin.get(`/api/admin/payees?q=${encodeURIComponent(owner.email!)}`);
      expect(
        byOwner
          .json<AdminPayeeResponse[]>()
          .map((r) => r.id)
          .sort(),
      ).toEqual([own.payeeId, bea.payeeId, cal.payeeId].sort());
      const ofRelease = await admin.get(`/api/admin/payees?releaseId=${release.id}&range=[1,1]`);
      expect(ofRelease.headers.get('content-range')).toBe('payees 1-1/3');
      const many = await admin.get(`/api/admin/payees?${filter({ id: [bea.payeeId, cal.payeeId] })}`);
      expect(
        many
          .json<AdminPayeeResponse[]>()
          .map((r) => r.id)
          .sort(),
      ).toEqual([bea.payeeId, cal.payeeId].sort());
      const none = await admin.get(`/api/admin/payees?${filter({ ownerId: owner.id, status: 'withdrawn' })}`);
      expect([none.json(), none.headers.get('content-range')]).toEqual([[], 'payees 0-0/0']);
    },
  );
});

describe('GET /api/admin/payees/:id', () => {
  apiTest(
    '401, 403, 400 for a bad id, 404 for an unknown one, 200 with the releases and shares',
    async ({ db, admin, visitor, steppedUpArtist }) => {
      const { release, version, cal } = await splitWithLedger(db, steppedUpArtist);
      const path = `/api/admin/payees/${cal.payeeId}`;
      expect((await visitor.get(path)).status).toBe(401);
      expect((await steppedUpArtist.get(path)).status).toBe(403);
      const bad = await admin.get('/api/admin/payees/nope');
      expect([bad.status, bad.json<{ message: string }>().message]).toEqual([400, 'Invalid id']);
      const missing = await admin.get(`/api/admin/payees/${crypto.randomUUID()}`);
      expect([missing.status, missing.json()]).toEqual([404, { message: 'Payee not found' }]);
      const one = await admin.get(path);
      expect(one.status, one.body).toBe(200);
      expect(one.json<AdminPayeeDetailResponse>()).toMatchObject({
        id: cal.payeeId,
        status: 'invited',
        held: '1.99',
        releases: [
          {
            releaseId: release.id,
            title: release.title,
            earned: '0.00',
            held: '1.99',
            shares: [{ splitId: version.id, effectiveFrom: '2030-01', percent: '20.00' }],
          },
        ],
      });
    },
  );
});
