import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildApplication, buildArtist, buildRelease, buildSupportTicket } from '#test/support/factories.ts';

type Row = { id: string; email: string; role: string; isApproved: boolean };

describe('GET /api/admin/users', () => {
  apiTest('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    expect((await visitor.get('/api/admin/users')).status).toBe(401);
    expect((await approvedArtist.get('/api/admin/users')).status).toBe(403);
  });

  apiTest("400 'role must be one of artist, admin' and for a bad approval filter", async ({ admin }) => {
    const role = await admin.get('/api/admin/users?role=owner');
    expect(role.status).toBe(400);
    expect(role.json()).toMatchObject({ message: 'role must be one of artist, admin' });
    const approved = await admin.get(`/api/admin/users?filter=${encodeURIComponent('{"isApproved":"yes"}')}`);
    expect(approved.status).toBe(400);
    expect(approved.json()).toMatchObject({ message: 'isApproved must be true or false' });
  });

  apiTest(
    'searches email and names, filters by approval, pages with Content-Range',
    async ({ db, admin }) => {
      const tag = unique('who').replace(/-/g, '');
      const pending = await buildArtist(db, { email: `${tag}-one@example.test` });
      const approved = await buildArtist(db, { email: `${tag}-two@example.test`, isApproved: true });
      const named = await buildArtist(db, { lastName: tag.toUpperCase(), isApproved: true });

      const all = await admin.get(
        `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: tag }))}`,
      );
      expect(all.status).toBe(200);
      expect(all.headers.get('content-range')).toBe('users 0-2/3');
      expect(
        all
          .json<Row[]>()
          .map((u) => u.id)
          .sort(),
      ).toEqual([pending.id, approved.id, named.id].sort());

      const filter = encodeURIComponent(JSON.stringify({ q: tag, isApproved: true }));
      const page = await admin.get(`/api/admin/users?filter=${filter}&sort=["email","ASC"]&range=[0,0]`);
      expect(page.headers.get('content-range')).toBe('users 0-0/2');
      expect(page.json<Row[]>().map((u) => u.id)).toEqual([named.id]);
    },
  );

  apiTest('GET /api/admin/users/:id answers one user, 404 for an unknown one', async ({ db, admin }) => {
    const user = await buildArtist(db);
    const res = await admin.get(`/api/admin/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, role: 'artist', isApproved: false });
    const missing = await admin.get(`/api/admin/users/${unique('nobody')}`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
  });

  apiTest(
    'GET /api/admin/users/:id carries the latest application and the counts the show page needs',
    async ({ db, admin }) => {
      const user = await buildArtist(db, { isApproved: true, coins: '42.50' });
      const empty = (await admin.get(`/api/admin/users/${user.id}`)).json();
      expect(empty).toMatchObject({
        coins: '42.50',
        application: null,
        applicationCount: 0,
        releaseCount: 0,
        ticketCount: 0,
        openTicketCount: 0,
      });
      await buildApplication(db, {
        userId: user.id,
        status: 'rejected',
        createdAt: new Date(Date.now() - 9e6),
      });
      const latest = await buildApplication(db, { userId: user.id, status: 'approved', genre: 'jazz' });
      await buildRelease(db, { userId: user.id });
      await buildRelease(db, { userId: user.id, status: 'live' });
      await buildSupportTicket(db, { userId: user.id });
      await buildSupportTicket(db, { userId: user.id, status: 'closed' });
      const res = await admin.get(`/api/admin/users/${user.id}`);
      expect(res.json()).toMatchObject({
        id: user.id,
        application: { id: latest.id, artistName: latest.artistName, genre: 'jazz', status: 'approved' },
        applicationCount: 2,
        releaseCount: 2,
        ticketCount: 2,
        openTicketCount: 1,
      });
    },
  );
});
