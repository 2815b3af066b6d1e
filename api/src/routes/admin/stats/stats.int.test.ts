import { describe, expect } from 'vitest';
import { Application, SupportTicket } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { buildArtist, buildRelease, validApplication } from '#test/support/factories.ts';

// Its own database, so the counts are exactly what this file made.
apiTest.override({ freshDb: true });

describe('GET /api/admin/stats', () => {
  apiTest('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    expect((await visitor.get('/api/admin/stats')).status).toBe(401);
    expect((await approvedArtist.get('/api/admin/stats')).status).toBe(403);
  });

  apiTest(
    'counts pending applications, approved artists, releases and open tickets',
    async ({ db, admin }) => {
      const before = (await admin.get('/api/admin/stats')).json<Record<string, number>>();
      const pending = await buildArtist(db);
      const { age: _age, ...fields } = validApplication();
      await Application.query(db).insert({ ...fields, age: 30, userId: pending.id });
      await Application.query(db).insert({ ...fields, age: 30, userId: pending.id, status: 'rejected' });
      const approved = await buildArtist(db, { isApproved: true });
      await buildRelease(db, { userId: approved.id });
      await buildRelease(db, { userId: approved.id });
      await SupportTicket.query(db).insert({ userId: approved.id, subject: 'A', message: 'open one' });
      await SupportTicket.query(db).insert({
        userId: approved.id,
        subject: 'B',
        message: 'b',
        status: 'in_progress',
      });
      await SupportTicket.query(db).insert({
        userId: approved.id,
        subject: 'C',
        message: 'c',
        status: 'closed',
      });

      const res = await admin.get('/api/admin/stats');
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({
        pendingApplications: before.pendingApplications! + 1,
        approvedArtists: before.approvedArtists! + 1,
        totalReleases: before.totalReleases! + 2,
        openTickets: before.openTickets! + 2,
      });
    },
  );
});
