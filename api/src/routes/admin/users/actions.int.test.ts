import { describe, expect } from 'vitest';
import { Application, Event, User, type Db } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildAdmin, buildApplication, buildArtist, validApplication } from '#test/support/factories.ts';

const eventsOf = (db: Db, userId: string) =>
  Event.query(db).where({ aggregateType: 'user', aggregateId: userId }).orderBy('id');

describe('PATCH /api/admin/users/:id/role', () => {
  apiTest('401 signed out, 403 for an artist, nothing changes', async ({ db, visitor, approvedArtist }) => {
    const user = await buildArtist(db);
    const path = `/api/admin/users/${user.id}/role`;
    expect((await visitor.send('PATCH', path, { role: 'admin' })).status).toBe(401);
    const refused = await approvedArtist.send('PATCH', path, { role: 'admin' });
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ message: "You don't have permission to access this page." });
    expect((await User.query(db).findById(user.id))?.role).toBe('artist');
  });

  apiTest("400 'role must be one of artist, admin', 404 for an unknown user", async ({ db, admin }) => {
    const user = await buildArtist(db);
    for (const body of [{ role: 'owner' }, {}]) {
      const bad = await admin.send('PATCH', `/api/admin/users/${user.id}/role`, body);
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ message: 'role must be one of artist, admin' });
    }
    const missing = await admin.send('PATCH', `/api/admin/users/${unique('nobody')}/role`, { role: 'admin' });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
    expect(await eventsOf(db, user.id)).toEqual([]);
  });

  apiTest(
    'promotes and demotes, each with user.roleChanged by the admin; approval is left as it is',
    async ({ db, admin }) => {
      const user = await buildArtist(db);
      const up = await admin.send('PATCH', `/api/admin/users/${user.id}/role`, { role: 'admin' });
      expect(up.status).toBe(200);
      expect(up.json()).toMatchObject({ id: user.id, role: 'admin', isApproved: false });
      const down = await admin.send('PATCH', `/api/admin/users/${user.id}/role`, { role: 'artist' });
      expect(down.json()).toMatchObject({ id: user.id, role: 'artist', isApproved: false });
      expect((await User.query(db).findById(user.id))?.role).toBe('artist');
      const events = await eventsOf(db, user.id);
      expect(events.map((e) => [e.type, e.actorId, e.payload])).toEqual([
        [
          'user.roleChanged',
          admin.user.id,
          { from: 'artist', to: 'admin', reason: 'admin', isApproved: false },
        ],
        [
          'user.roleChanged',
          admin.user.id,
          { from: 'admin', to: 'artist', reason: 'admin', isApproved: false },
        ],
      ]);
    },
  );

  apiTest('the role a user already has answers 200 and appends nothing', async ({ db, admin }) => {
    const user = await buildArtist(db);
    const same = await admin.send('PATCH', `/api/admin/users/${user.id}/role`, { role: 'artist' });
    expect(same.status).toBe(200);
    expect(same.json()).toMatchObject({ role: 'artist' });
    expect(await eventsOf(db, user.id)).toEqual([]);
  });

  apiTest('an admin demotes another admin, but never themselves (409)', async ({ db, admin }) => {
    const other = await buildAdmin(db);
    const own = await admin.send('PATCH', `/api/admin/users/${admin.user.id}/role`, { role: 'artist' });
    expect(own.status).toBe(409);
    expect(own.json()).toEqual({ message: 'You cannot remove your own admin role' });
    expect((await User.query(db).findById(admin.user.id))?.role).toBe('admin');
    const again = await admin.send('PATCH', `/api/admin/users/${admin.user.id}/role`, { role: 'admin' });
    expect(again.status).toBe(200);
    const demoted = await admin.send('PATCH', `/api/admin/users/${other.id}/role`, { role: 'artist' });
    expect(demoted.status).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'artist', isApproved: true });
  });

  apiTest('a demoted admin is refused at once by the admin API', async ({ db, admin, newActor }) => {
    const other = await newActor('admin');
    expect((await other.get('/api/admin/users')).status).toBe(200);
    await admin.send('PATCH', `/api/admin/users/${other.user.id}/role`, { role: 'artist' });
    expect((await other.get('/api/admin/users')).status).toBe(403);
    expect((await User.query(db).findById(other.user.id))?.role).toBe('artist');
  });
});

describe('PATCH /api/admin/users/:id/approval', () => {
  apiTest('401 signed out, 403 for an artist, nothing changes', async ({ db, visitor, approvedArtist }) => {
    const user = await buildArtist(db);
    const path = `/api/admin/users/${user.id}/approval`;
    expect((await visitor.send('PATCH', path, { isApproved: true })).status).toBe(401);
    expect((await approvedArtist.send('PATCH', path, { isApproved: true })).status).toBe(403);
    expect((await User.query(db).findById(user.id))?.isApproved).toBe(false);
  });

  apiTest("400 'isApproved must be true or false', 404 for an unknown user", async ({ db, admin }) => {
    const user = await buildArtist(db);
    for (const body of [{ isApproved: 'yes' }, { isApproved: 'true' }, {}]) {
      const bad = await admin.send('PATCH', `/api/admin/users/${user.id}/approval`, body);
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ message: 'isApproved must be true or false' });
    }
    const missing = await admin.send('PATCH', `/api/admin/users/${unique('nobody')}/approval`, {
      isApproved: true,
    });
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
    expect((await User.query(db).findById(user.id))?.isApproved).toBe(false);
  });

  apiTest(
    'approving approves the pending application with it; closing the area rejects it; the artist may apply again',
    async ({ db, admin, artist }) => {
      const application = await buildApplication(db, { userId: artist.user.id });
      const path = `/api/admin/users/${artist.user.id}/approval`;

      const approved = await admin.send('PATCH', path, { isApproved: true });
      expect(approved.status).toBe(200);
      expect(approved.json()).toMatchObject({
        isApproved: true,
        application: { id: application.id, status: 'approved' },
      });
      expect(await Application.query(db).findById(application.id)).toMatchObject({
        status: 'approved',
        reviewedBy: admin.user.id,
      });
      expect((await artist.get('/api/user/coins')).status).toBe(200);

      const closed = await admin.send('PATCH', path, { isApproved: false });
      expect(closed.json()).toMatchObject({
        isApproved: false,
        application: { id: application.id, status: 'rejected' },
      });
      expect((await artist.get('/api/user/coins')).status).toBe(403);

      const events = await Event.query(db)
        .whereIn('aggregateId', [artist.user.id, application.id])
        .whereNot('type', 'user.signedUp')
        .whereNot('type', 'user.emailVerified')
        .orderBy('id');
      expect(events.map((e) => [e.type, e.actorId, e.payload.isApproved ?? e.payload.artistName])).toEqual([
        ['application.approved', admin.user.id, application.artistName],
        ['user.approvalChanged', admin.user.id, true],
        ['application.rejected', admin.user.id, application.artistName],
        ['user.approvalChanged', admin.user.id, false],
      ]);
      expect(events[1]!.payload).toEqual({ isApproved: true, applicationId: application.id });

      const again = await artist.send('POST', '/api/applications', validApplication());
      expect(again.status).toBe(201);
    },
  );

  apiTest(
    'approving a user who never applied; the same value again answers 200 and appends nothing',
    async ({ db, admin }) => {
      const user = await buildArtist(db);
      const path = `/api/admin/users/${user.id}/approval`;
      const res = await admin.send('PATCH', path, { isApproved: true });
      expect(res.json()).toMatchObject({ isApproved: true, application: null, applicationCount: 0 });
      const same = await admin.send('PATCH', path, { isApproved: true });
      expect(same.status).toBe(200);
      expect((await eventsOf(db, user.id)).map((e) => e.payload)).toEqual([
        { isApproved: true, applicationId: null },
      ]);
    },
  );

  apiTest('an admin cannot close their own area (409)', async ({ db, admin }) => {
    const own = await admin.send('PATCH', `/api/admin/users/${admin.user.id}/approval`, {
      isApproved: false,
    });
    expect(own.status).toBe(409);
    expect(own.json()).toEqual({ message: 'You cannot remove your own approval' });
    expect((await User.query(db).findById(admin.user.id))?.isApproved).toBe(true);
  });
});
