import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Application, SupportTicket, type Db } from '@riffline/db';
import { actor, visitor, type Actor } from '../../../../../test/support/actors.ts';
import { startTestServer, type TestServer } from '../../../../../test/support/api.ts';
import { useFreshDb } from '../../../../../test/support/db.ts';
import { buildArtist, buildRelease, validApplication } from '../../../../../test/support/factories.ts';

let db: Db;
// Its own database, so the counts are exactly what this file made.
useFreshDb((fresh) => (db = fresh));
let app: TestServer;
let admin: Actor;
beforeAll(async () => {
  app = await startTestServer({ db, keepDb: true });
  admin = await actor(app, db, 'admin');
});
afterAll(async () => {
  await app?.close();
});

describe('GET /api/admin/stats', () => {
  it('401 signed out, 403 for an artist', async () => {
    expect((await visitor(app).get('/api/admin/stats')).status).toBe(401);
    const artist = await actor(app, db, 'approved');
    expect((await artist.get('/api/admin/stats')).status).toBe(403);
  });

  it('counts pending applications, approved artists, releases and open tickets', async () => {
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
  });
});
