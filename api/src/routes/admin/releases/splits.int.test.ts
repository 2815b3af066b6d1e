import { describe, expect } from 'vitest';
import type { SplitsResponse, SplitVersionResponse } from '@riffline/contracts';
import { Royalty } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { buildRelease } from '#test/support/factories.ts';

describe('GET /api/admin/releases/:id/splits', () => {
  apiTest('401 signed out, 403 for an artist (even the owner)', async ({ db, visitor, steppedUpArtist }) => {
    const release = await buildRelease(db, { userId: steppedUpArtist.user.id });
    const path = `/api/admin/releases/${release.id}/splits`;
    expect((await visitor.get(path)).status).toBe(401);
    expect((await steppedUpArtist.get(path)).status).toBe(403);
  });

  apiTest('404 for a release that does not exist', async ({ admin }) => {
    const res = await admin.get('/api/admin/releases/00000000-0000-4000-8000-000000000000/splits');
    expect(res.status).toBe(404);
    expect(res.json()).toEqual({ message: 'Release not found' });
  });

  apiTest('an empty split for a release that has none', async ({ db, admin, steppedUpArtist }) => {
    const release = await buildRelease(db, { userId: steppedUpArtist.user.id });
    const res = await admin.get(`/api/admin/releases/${release.id}/splits`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ releaseId: release.id, versions: [], payees: [] });
  });

  apiTest(
    "the owner's versions with their shares, statuses and held amounts: what the owner reads",
    async ({ db, admin, steppedUpArtist }) => {
      const owner = steppedUpArtist.user;
      const release = await buildRelease(db, { userId: owner.id });
      const created = await steppedUpArtist.send('POST', `/api/releases/${release.id}/splits`, {
        effectiveFrom: '2030-01',
        shares: [
          { owner: true, percent: 70 },
          { email: 'bea@example.test', percent: 30, name: 'Bea' },
        ],
      });
      expect(created.status, created.body).toBe(201);
      const version = created.json<SplitVersionResponse>();
      const [own, bea] = version.shares;
      // A month credited under the version: the owner's part earned, Bea's held (no user until she accepts).
      await Royalty.query(db).insert([
        {
          userId: owner.id,
          releaseId: release.id,
          amount: '7.00',
          period: '2030-01',
          splitId: version.id,
          payeeId: own!.payeeId,
        },
        {
          userId: null,
          releaseId: release.id,
          amount: '3.00',
          period: '2030-01',
          splitId: version.id,
          payeeId: bea!.payeeId,
        },
      ]);

      const res = await admin.get(`/api/admin/releases/${release.id}/splits`);
      expect(res.status, res.body).toBe(200);
      const splits = res.json<SplitsResponse>();
      expect(splits.releaseId).toBe(release.id);
      expect(splits.versions).toHaveLength(1);
      expect(splits.versions[0]).toMatchObject({ id: version.id, effectiveFrom: '2030-01' });
      expect(
        splits.versions[0]!.shares.map(({ email, name, status, percent, earned, held }) => ({
          email,
          name,
          status,
          percent,
          earned,
          held,
        })),
      ).toEqual([
        {
          email: owner.email!.toLowerCase(),
          name: null,
          status: 'owner',
          percent: '70.00',
          earned: '7.00',
          held: '0.00',
        },
        {
          email: 'bea@example.test',
          name: 'Bea',
          status: 'invited',
          percent: '30.00',
          earned: '0.00',
          held: '3.00',
        },
      ]);
      expect(splits.payees.map(({ status, earned, held }) => ({ status, earned, held }))).toEqual([
        { status: 'owner', earned: '7.00', held: '0.00' },
        { status: 'invited', earned: '0.00', held: '3.00' },
      ]);
      // One query and presenter behind both routes: the owner reads the very same answer.
      expect((await steppedUpArtist.get(`/api/releases/${release.id}/splits`)).json()).toEqual(splits);
    },
  );
});

describe('GET /api/admin/releases/:id/expenses', () => {
  apiTest(
    "401, 403 for an artist, 404 for no release; the owner's expenses as the owner reads them",
    async ({ db, admin, visitor, steppedUpArtist }) => {
      const release = await buildRelease(db, { userId: steppedUpArtist.user.id });
      const path = `/api/admin/releases/${release.id}/expenses`;
      expect((await visitor.get(path)).status).toBe(401);
      expect((await steppedUpArtist.get(path)).status).toBe(403);
      const missing = await admin.get('/api/admin/releases/00000000-0000-4000-8000-000000000000/expenses');
      expect([missing.status, missing.json()]).toEqual([404, { message: 'Release not found' }]);
      const empty = await admin.get(path);
      expect(empty.json()).toEqual({ releaseId: release.id, expenses: [], leftToRecoup: '0.00' });

      const recorded = await steppedUpArtist.send('POST', `/api/releases/${release.id}/expenses`, {
        amountUsd: '100',
        paidBy: 'owner',
        note: 'Mastering',
      });
      expect(recorded.status, recorded.body).toBe(201);
      const res = await admin.get(path);
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({
        releaseId: release.id,
        expenses: [{ amountUsd: '100.00', note: 'Mastering', repaid: '0.00', left: '100.00' }],
        leftToRecoup: '100.00',
      });
      expect((await steppedUpArtist.get(`/api/releases/${release.id}/expenses`)).json()).toEqual(res.json());
    },
  );
});
