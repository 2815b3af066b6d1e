import { describe, expect } from 'vitest';
import { addToStats, platformStats } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';

// Its own database, so the stats are exactly what this file wrote.
const test = apiTest.extend({ freshDb: true });

// The numbers come from the workers' `stats` projection; test/flows/adminStats.int.test.ts runs both
// sides and checks them against the tables.
describe('GET /api/admin/stats', () => {
  test('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    expect((await visitor.get('/api/admin/stats')).status).toBe(401);
    expect((await approvedArtist.get('/api/admin/stats')).status).toBe(403);
  });

  test('answers the four stats the projection holds, 0 for one it never counted', async ({ db, admin }) => {
    const before = await platformStats(db);
    await db.transaction((trx) => addToStats(trx, { pendingApplications: 3, openTickets: 2 }));
    const res = await admin.get('/api/admin/stats');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      ...before,
      pendingApplications: before.pendingApplications + 3,
      openTickets: before.openTickets + 2,
    });
    await db('platform_stats').where({ name: 'openTickets' }).delete();
    expect((await admin.get('/api/admin/stats')).json()).toMatchObject({ openTickets: 0 });
  });
});
