import { describe, expect } from 'vitest';
import { Event, type Db, type SupportTicket } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildArtist, buildSupportTicket } from '#test/support/factories.ts';

/** A ticket of a new artist. */
async function ticket(db: Db, fields: Partial<SupportTicket> = {}) {
  const user = await buildArtist(db);
  return buildSupportTicket(db, {
    userId: user.id,
    subject: 'Where is my release?',
    message: 'It is late',
    ...fields,
  });
}

describe('GET /api/admin/tickets', () => {
  apiTest(
    '401 signed out, 403 for an artist, 400 for an unknown status',
    async ({ admin, visitor, approvedArtist }) => {
      expect((await visitor.get('/api/admin/tickets')).status).toBe(401);
      expect((await approvedArtist.get('/api/admin/tickets')).status).toBe(403);
      const bad = await admin.get('/api/admin/tickets?status=done');
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({
        message: 'status must be one of open, in_progress, resolved, closed',
      });
    },
  );

  apiTest("lists every user's tickets with filters and Content-Range", async ({ db, admin }) => {
    const tag = unique('tk').replace(/-/g, '');
    const urgent = await ticket(db, { subject: `${tag} urgent`, priority: 'urgent' });
    await ticket(db, { subject: `${tag} low`, priority: 'low' });
    const res = await admin.get(`/api/admin/tickets?q=${tag}&priority=urgent`);
    expect(res.status).toBe(200);
    expect(res.json<Array<{ id: string }>>().map((t) => t.id)).toEqual([urgent.id]);
    expect(res.headers.get('content-range')).toBe('tickets 0-0/1');
    expect(res.json<Array<Record<string, unknown>>>()[0]).toMatchObject({
      user: { email: expect.any(String) },
    });
  });
});

describe('GET /api/admin/tickets/:id', () => {
  apiTest(
    '401, 403, 404 for an unknown ticket, 200 with its owner',
    async ({ db, admin, visitor, approvedArtist }) => {
      const t = await ticket(db);
      expect((await visitor.get(`/api/admin/tickets/${t.id}`)).status).toBe(401);
      expect((await approvedArtist.get(`/api/admin/tickets/${t.id}`)).status).toBe(403);
      const missing = await admin.get('/api/admin/tickets/00000000-0000-4000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.json()).toEqual({ message: 'Ticket not found' });
      expect((await admin.get(`/api/admin/tickets/${t.id}`)).json()).toMatchObject({
        id: t.id,
        user: { email: expect.any(String) },
      });
    },
  );
});

describe('PUT /api/admin/tickets/:id (react-admin update)', () => {
  apiTest('reads only status and assignee from the whole record', async ({ db, admin }) => {
    const t = await ticket(db);
    const res = await admin.send('PUT', `/api/admin/tickets/${t.id}`, {
      ...t,
      subject: 'changed',
      status: 'closed',
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', subject: t.subject });
  });
});

describe('PATCH /api/admin/tickets/:id', () => {
  apiTest(
    '401, 403, 400 for an unknown status, a non-admin assignee or nothing to change',
    async ({ db, admin, visitor, approvedArtist }) => {
      const t = await ticket(db);
      const path = `/api/admin/tickets/${t.id}`;
      expect((await visitor.send('PATCH', path, { status: 'resolved' })).status).toBe(401);
      expect((await approvedArtist.send('PATCH', path, { status: 'resolved' })).status).toBe(403);
      const bad = await admin.send('PATCH', path, { status: 'done' });
      expect(bad.json()).toMatchObject({ message: 'Status must be open, in_progress, resolved or closed' });
      const assignee = await admin.send('PATCH', path, { assignedTo: t.userId });
      expect(assignee.status).toBe(400);
      expect(assignee.json()).toMatchObject({ message: 'Assignee must be an admin' });
      const empty = await admin.send('PATCH', path, {});
      expect(empty.json()).toMatchObject({ message: 'Nothing to change: send status or assignedTo' });
      expect(
        (
          await admin.send('PATCH', '/api/admin/tickets/00000000-0000-4000-8000-000000000000', {
            status: 'closed',
          })
        ).status,
      ).toBe(404);
    },
  );

  apiTest('sets status and assignee and appends ticket.updated', async ({ db, admin }) => {
    const t = await ticket(db);
    const res = await admin.send('PATCH', `/api/admin/tickets/${t.id}`, {
      status: 'in_progress',
      assignedTo: admin.user.id,
    });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_progress', assignedTo: admin.user.id });
    const [event] = await Event.query(db).where({ aggregateId: t.id, type: 'ticket.updated' });
    expect(event?.payload).toMatchObject({ status: 'in_progress', changed: ['status', 'assignedTo'] });

    const unassign = await admin.send('PATCH', `/api/admin/tickets/${t.id}`, {
      assignedTo: null,
      status: 'resolved',
    });
    expect(unassign.json()).toMatchObject({ status: 'resolved', assignedTo: null });
  });
});
