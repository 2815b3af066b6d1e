import { randomUUID } from 'node:crypto';
import type { RoyaltiesResponse } from '@riffline/contracts';
import { StoreReport, type Db } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { buildRoyalty } from '#test/support/factories.ts';

/** A store report that came in at `createdAt` (its import done). */
async function reportAt(db: Db, createdAt: Date) {
  const id = randomUUID();
  return StoreReport.query(db)
    .insert({
      id,
      filename: `${id}.csv`,
      fileKey: `reports/${id}`,
      contentHash: id,
      size: 100,
      status: 'completed',
      createdAt,
      completedAt: createdAt,
    } as Partial<StoreReport>)
    .returning('*');
}

/** "2026-11" for the month `monthsAgo` before now's (UTC). */
const monthOf = (now: Date, monthsAgo: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1)).toISOString().slice(0, 7);

describe('GET /api/royalties', () => {
  apiTest('401 signed out, 403 awaiting approval', async ({ visitor, artist }) => {
    expect((await visitor.get('/api/royalties')).status).toBe(401);
    expect((await artist.get('/api/royalties')).status).toBe(403);
  });

  apiTest(
    'This Month is what came in this calendar month, whatever months of sales it pays',
    async ({ db, approvedArtist }) => {
      const userId = approvedArtist.user.id;
      const now = new Date();
      const startOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      // Today's report pays last month's sales (stores report a month behind); the one before came in
      // last month and paid sales of this month's period (a weekly report).
      const today = await reportAt(db, now);
      const lastMonth = await reportAt(db, new Date(startOfMonth.getTime() - 3_600_000));
      await buildRoyalty(db, { userId, reportId: today.id, amount: '45.00', period: monthOf(now, 1) });
      await buildRoyalty(db, { userId, reportId: today.id, amount: '5.50', period: monthOf(now, 3) });
      await buildRoyalty(db, { userId, reportId: lastMonth.id, amount: '12.00', period: monthOf(now, 0) });

      const res = await approvedArtist.get('/api/royalties');
      expect(res.status).toBe(200);
      const body = res.json<RoyaltiesResponse>();
      expect(body).toMatchObject({ totalEarnings: '62.50', thisMonth: '50.50', currency: 'USD' });
      // Each row says when it was credited: the day its report came in.
      const credited = new Map(body.items.map((i) => [i.amount, i.creditedAt]));
      expect(credited.get('45.00')).toBe(now.toISOString());
      expect(credited.get('12.00')).toBe(lastMonth.createdAt.toISOString());
      expect(body.items.map((i) => i.period)).toEqual([monthOf(now, 0), monthOf(now, 1), monthOf(now, 3)]);
    },
  );

  apiTest(
    'every ledger row counts as available to withdraw, its status pending included (the artist reads it as Credited)',
    async ({ db, approvedArtist }) => {
      const userId = approvedArtist.user.id;
      await buildRoyalty(db, { userId, amount: '30.00' });
      await buildRoyalty(db, { userId, amount: '4.25', currency: 'EUR' });
      const body = (await approvedArtist.get('/api/royalties')).json<RoyaltiesResponse>();
      expect(body.items.map((i) => i.status)).toEqual(['pending', 'pending']);
      // 4.25 EUR is 4.62 USD at SPEC §9's rate.
      expect(body).toMatchObject({ totalEarnings: '34.62', availableToWithdraw: '34.62' });
      // A row with no report was credited when it was written.
      for (const item of body.items) expect(item.creditedAt).toBe(item.createdAt);
    },
  );
});
