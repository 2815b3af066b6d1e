import { describe, expect } from 'vitest';
import type { AdminRoyaltyResponse } from '@riffline/contracts';
import type { Db } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildRoyalty } from '#test/support/factories.ts';

/** An artist with a release named after `tag`, and three ledger rows: two for the release, one without. */
async function ledger(db: Db, tag: string) {
  const user = await buildArtist(db, { username: `${tag}-artist` });
  const release = await buildRelease(db, {
    userId: user.id,
    title: `${tag} Night Drive`,
    artist: `${tag} Band`,
  });
  const october = await buildRoyalty(db, {
    userId: user.id,
    releaseId: release.id,
    amount: '12.50',
    period: '2026-10',
    createdAt: new Date('2026-11-02T10:00:00Z'),
  });
  const september = await buildRoyalty(db, {
    userId: user.id,
    releaseId: release.id,
    amount: '3.05',
    period: '2026-09',
    status: 'paid',
    paidAt: new Date('2026-10-20T00:00:00Z'),
    createdAt: new Date('2026-10-02T10:00:00Z'),
  });
  const loose = await buildRoyalty(db, {
    userId: user.id,
    amount: '100.00',
    period: '2026-08',
    status: 'unpaid',
    createdAt: new Date('2026-09-02T10:00:00Z'),
  });
  return { user, release, october, september, loose };
}

const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
const idsOf = (rows: AdminRoyaltyResponse[]) => rows.map((r) => r.id);

describe('GET /api/admin/royalties', () => {
  apiTest(
    '401 signed out, 403 for an artist, 400 with the reason for a bad sort, status, period or amount',
    async ({ admin, visitor, approvedArtist }) => {
      expect((await visitor.get('/api/admin/royalties')).json()).toEqual({ message: 'Unauthorized' });
      expect((await visitor.get('/api/admin/royalties')).status).toBe(401);
      const artist = await approvedArtist.get('/api/admin/royalties');
      expect([artist.status, artist.json()]).toEqual([
        403,
        { message: "You don't have permission to access this page." },
      ]);
      const cases: Array<[string, string]> = [
        [
          `sort=${encodeURIComponent('["email","ASC"]')}`,
          'sort must be ["field","ASC" or "DESC"] with field one of id, period, amount, status, createdAt, paidAt',
        ],
        ['status=settled', 'status must be one of pending, paid, unpaid'],
        ['period=2026-13', 'period must be a month (YYYY-MM)'],
        [filter({ amount_gte: '1.234' }), 'amount_gte must be an amount with at most 2 decimals'],
        ['releaseId=nope', 'releaseId must be a release id'],
        ['range=[5,2]', 'range must be [start,end], at most 500 rows'],
        ['filter={', 'filter must be a JSON object'],
      ];
      for (const [query, message] of cases) {
        const res = await admin.get(`/api/admin/royalties?${query}`);
        expect([res.status, res.json<{ message: string }>().message], query).toEqual([400, message]);
      }
    },
  );

  apiTest(
    'lists ledger rows with artist and release, filtered, sorted and counted in Content-Range',
    async ({ db, admin }) => {
      const tag = unique('roy').replace(/-/g, '');
      const { user, release, october, september, loose } = await ledger(db, tag);

      const byArtist = await admin.get(`/api/admin/royalties?${filter({ userId: user.id })}`);
      expect(byArtist.status).toBe(200);
      // newest first by default
      expect(idsOf(byArtist.json())).toEqual([october.id, september.id, loose.id]);
      expect(byArtist.headers.get('content-range')).toBe('royalties 0-2/3');
      expect(byArtist.json<AdminRoyaltyResponse[]>()[0]).toEqual({
        id: october.id,
        userId: user.id,
        artistName: `${tag} Band`,
        username: `${tag}-artist`,
        email: user.email,
        releaseId: release.id,
        releaseTitle: `${tag} Night Drive`,
        amount: '12.50',
        exactAmount: '12.50',
        splitId: null,
        payeeId: null,
        currency: 'USD',
        period: '2026-10',
        status: 'pending',
        paidAt: null,
        createdAt: '2026-11-02T10:00:00.000Z',
        reportId: null,
      });
      expect(byArtist.json<AdminRoyaltyResponse[]>()[2]).toMatchObject({
        releaseId: null,
        releaseTitle: null,
        artistName: `${tag}-artist`,
      });

      const byTitle = await admin.get(
        `/api/admin/royalties?q=${tag}%20night&sort=${encodeURIComponent('["amount","ASC"]')}`,
      );
      expect(idsOf(byTitle.json())).toEqual([september.id, october.id]);
      const byName = await admin.get(`/api/admin/royalties?q=${tag}-ARTIST`);
      expect(idsOf(byName.json()).sort()).toEqual([october.id, september.id, loose.id].sort());

      const paid = await admin.get(`/api/admin/royalties?${filter({ userId: user.id, status: 'paid' })}`);
      expect(idsOf(paid.json())).toEqual([september.id]);
      expect(paid.json<AdminRoyaltyResponse[]>()[0]!.paidAt).toBe('2026-10-20T00:00:00.000Z');
      const ofRelease = await admin.get(
        `/api/admin/royalties?releaseId=${release.id}&period=2026-10&sort=${encodeURIComponent('["period","DESC"]')}`,
      );
      expect(idsOf(ofRelease.json())).toEqual([october.id]);
      const amounts = await admin.get(
        `/api/admin/royalties?${filter({ userId: user.id, amount_gte: 3.05, amount_lte: '12.5' })}`,
      );
      expect(idsOf(amounts.json()).sort()).toEqual([october.id, september.id].sort());
      const created = await admin.get(
        `/api/admin/royalties?${filter({ userId: user.id, createdAt_gte: '2026-10-01', createdAt_lte: '2026-10-31' })}`,
      );
      expect(idsOf(created.json())).toEqual([september.id]);

      const page = await admin.get(
        `/api/admin/royalties?${filter({ userId: user.id })}&sort=${encodeURIComponent('["id","DESC"]')}&range=[1,1]`,
      );
      expect(idsOf(page.json())).toEqual([[october.id, september.id, loose.id].sort().reverse()[1]]);
      expect(page.headers.get('content-range')).toBe('royalties 1-1/3');
      const many = await admin.get(`/api/admin/royalties?${filter({ id: [loose.id, october.id] })}`);
      expect(idsOf(many.json()).sort()).toEqual([loose.id, october.id].sort());
      const none = await admin.get(
        `/api/admin/royalties?${filter({ userId: user.id, status: 'unpaid', period: '2026-10' })}`,
      );
      expect([none.json(), none.headers.get('content-range')]).toEqual([[], 'royalties 0-0/0']);
    },
  );
});

describe('GET /api/admin/royalties/:id', () => {
  apiTest(
    '401, 403, 400 for a bad id, 404 for an unknown one, 200 with artist and release',
    async ({ db, admin, visitor, approvedArtist }) => {
      const { october, release } = await ledger(db, unique('one').replace(/-/g, ''));
      const path = `/api/admin/royalties/${october.id}`;
      expect((await visitor.get(path)).status).toBe(401);
      expect((await approvedArtist.get(path)).status).toBe(403);
      const bad = await admin.get('/api/admin/royalties/nope');
      expect([bad.status, bad.json<{ message: string }>().message]).toEqual([400, 'Invalid id']);
      const missing = await admin.get(`/api/admin/royalties/${crypto.randomUUID()}`);
      expect([missing.status, missing.json()]).toEqual([404, { message: 'Royalty not found' }]);
      const one = await admin.get(path);
      expect(one.json()).toMatchObject({ id: october.id, releaseTitle: release.title, amount: '12.50' });
    },
  );
});
