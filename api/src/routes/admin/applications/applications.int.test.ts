import { describe, expect } from 'vitest';
import { Application, Event, User, type Db } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildApplication, buildArtist } from '#test/support/factories.ts';

/** A pending application of a new artist. */
async function pendingApplication(db: Db, fields: Partial<Application> = {}) {
  return buildApplication(db, { userId: (await buildArtist(db)).id, ...fields });
}

describe('GET /api/admin/applications', () => {
  apiTest('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    expect((await visitor.get('/api/admin/applications?status=pending')).status).toBe(401);
    const res = await approvedArtist.get('/api/admin/applications?status=pending');
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ message: "You don't have permission to access this page." });
  });

  apiTest('400 for an unknown status or a malformed range', async ({ admin }) => {
    const bad = await admin.get('/api/admin/applications?status=maybe');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'status must be one of pending, approved, rejected' });
    const range = await admin.get('/api/admin/applications?range=[0');
    expect(range.status).toBe(400);
    expect(range.json()).toMatchObject({ message: 'range must be [start,end]' });
  });

  apiTest(
    'lists pending applications and searches artist name, legal name and genre in any case',
    async ({ db, admin }) => {
      const tag = unique('zq').replace(/-/g, '');
      const byArtist = await pendingApplication(db, { artistName: `DJ ${tag.toUpperCase()}` });
      const byLegal = await pendingApplication(db, { legalName: `Person ${tag}` });
      const rejected = await pendingApplication(db, { artistName: `Gone ${tag}`, status: 'rejected' });
      const res = await admin.get(`/api/admin/applications?status=pending&q=${tag}`);
      expect(res.status).toBe(200);
      const ids = res.json<Array<{ id: string }>>().map((a) => a.id);
      expect(ids.sort()).toEqual([byArtist.id, byLegal.id].sort());
      expect(ids).not.toContain(rejected.id);
      expect(res.json<Array<Record<string, unknown>>>()[0]).toHaveProperty('instagram');
      expect(res.json<Array<Record<string, unknown>>>()[0]).toHaveProperty('user');

      const genre = await admin.get(`/api/admin/applications?q=AFROBEATS&status=pending`);
      const mine = await pendingApplication(db, { genre: 'afrobeats' });
      const again = await admin.get(`/api/admin/applications?q=AFROBEATS&status=pending&range=[0,499]`);
      expect(again.json<Array<{ id: string }>>().map((a) => a.id)).toContain(mine.id);
      expect(genre.status).toBe(200);
    },
  );

  apiTest('pages the react-admin way with Content-Range', async ({ db, admin }) => {
    const tag = unique('page').replace(/-/g, '');
    for (let i = 0; i < 3; i++) await pendingApplication(db, { artistName: `${tag} ${i}` });
    const filter = encodeURIComponent(JSON.stringify({ q: tag, status: 'pending' }));
    const sort = encodeURIComponent(JSON.stringify(['artistName', 'ASC']));
    const first = await admin.get(`/api/admin/applications?filter=${filter}&sort=${sort}&range=[0,1]`);
    expect(first.headers.get('content-range')).toBe('applications 0-1/3');
    expect(first.json<Array<{ artistName: string }>>().map((a) => a.artistName)).toEqual([
      `${tag} 0`,
      `${tag} 1`,
    ]);
    const second = await admin.get(`/api/admin/applications?filter=${filter}&sort=${sort}&range=[2,3]`);
    expect(second.headers.get('content-range')).toBe('applications 2-2/3');
    expect(second.json<Array<{ artistName: string }>>().map((a) => a.artistName)).toEqual([`${tag} 2`]);
  });
});

describe('GET /api/admin/applications/:id', () => {
  apiTest(
    '401, 403, 400 for a malformed id, 404 for an unknown one, 200',
    async ({ db, admin, visitor, artist }) => {
      const application = await pendingApplication(db);
      expect((await visitor.get(`/api/admin/applications/${application.id}`)).status).toBe(401);
      expect((await artist.get(`/api/admin/applications/${application.id}`)).status).toBe(403);
      expect((await admin.get('/api/admin/applications/not-a-uuid')).json()).toMatchObject({
        message: 'Invalid id',
      });
      const missing = await admin.get('/api/admin/applications/00000000-0000-4000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.json()).toEqual({ message: 'Application not found' });
      expect((await admin.get(`/api/admin/applications/${application.id}`)).json()).toMatchObject({
        id: application.id,
      });
    },
  );
});

describe('PATCH /api/admin/applications/:id', () => {
  apiTest(
    '401 signed out, 403 for an artist, 400 for a status other than approved or rejected',
    async ({ db, admin, visitor, approvedArtist }) => {
      const application = await pendingApplication(db);
      const path = `/api/admin/applications/${application.id}`;
      expect((await visitor.send('PATCH', path, { status: 'approved' })).status).toBe(401);
      expect((await approvedArtist.send('PATCH', path, { status: 'approved' })).status).toBe(403);
      const bad = await admin.send('PATCH', path, { status: 'pending' });
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ message: 'Status must be approved or rejected' });
      const reasonOnApproval = await admin.send('PATCH', path, { status: 'approved', reason: 'Great demos' });
      expect(reasonOnApproval.status).toBe(400);
      expect(reasonOnApproval.json()).toMatchObject({ message: 'A reason goes with a rejection only' });
      const long = await admin.send('PATCH', path, { status: 'rejected', reason: 'x'.repeat(2001) });
      expect(long.status).toBe(400);
      expect(long.json()).toMatchObject({ message: 'Reason must be at most 2,000 characters' });
      expect((await Application.query(db).findById(application.id))?.status).toBe('pending');
    },
  );

  apiTest(
    "a rejection keeps the admin's reason: in the record, the artist's view and the event",
    async ({ db, admin, newActor }) => {
      const artist = await newActor('artist');
      const application = await buildApplication(db, { userId: artist.user.id });
      const res = await admin.send('PATCH', `/api/admin/applications/${application.id}`, {
        status: 'rejected',
        reason: '  Links to released music, please  ',
      });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Links to released music, please',
      });
      const [event] = await Event.query(db).where({
        aggregateId: application.id,
        type: 'application.rejected',
      });
      expect(event?.payload).toMatchObject({ reason: 'Links to released music, please' });
      const mine = await artist.get('/api/applications/mine');
      expect(mine.json()).toMatchObject({
        application: {
          status: 'rejected',
          rejectionReason: 'Links to released music, please',
        },
      });
    },
  );

  apiTest(
    'approval makes the artist approved in the same transaction that appends application.approved',
    async ({ db, admin }) => {
      const application = await pendingApplication(db);
      const res = await admin.send('PATCH', `/api/admin/applications/${application.id}`, {
        status: 'approved',
      });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({ status: 'approved', reviewedBy: admin.user.id });
      expect((await User.query(db).findById(application.userId))?.isApproved).toBe(true);
      const [event] = await Event.query(db).where({
        aggregateId: application.id,
        type: 'application.approved',
      });
      expect(event?.actorId).toBe(admin.user.id);
      expect(event?.payload).toMatchObject({
        userId: application.userId,
        artistName: application.artistName,
      });
      const reviewed = await Application.query(db).findById(application.id);
      expect(reviewed?.reviewedAt).toBeInstanceOf(Date);
    },
  );

  apiTest(
    'rejection leaves the artist unapproved; a second review of the same application is refused',
    async ({ db, admin }) => {
      const application = await pendingApplication(db);
      const path = `/api/admin/applications/${application.id}`;
      expect((await admin.send('PATCH', path, { status: 'rejected' })).status).toBe(200);
      expect((await User.query(db).findById(application.userId))?.isApproved).toBe(false);
      const again = await admin.send('PATCH', path, { status: 'approved' });
      expect(again.status).toBe(409);
      expect(again.json()).toEqual({ message: 'This application has already been reviewed' });
      expect((await User.query(db).findById(application.userId))?.isApproved).toBe(false);
    },
  );

  apiTest('accepts the react-admin PUT with the whole record, reading only status', async ({ db, admin }) => {
    const application = await pendingApplication(db);
    const res = await admin.send('PUT', `/api/admin/applications/${application.id}`, {
      ...application,
      status: 'approved',
      artistName: 'Renamed by the client',
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', artistName: application.artistName });
  });
});
