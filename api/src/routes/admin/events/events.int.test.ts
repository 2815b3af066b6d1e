import { Event } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';

type Row = { id: string; type: string; actorId: string | null; aggregateId: string; occurredAt: string };

describe('/api/admin/events (the audit trail)', () => {
  apiTest('401 signed out, 403 for an artist', async ({ visitor, approvedArtist }) => {
    expect((await visitor.get('/api/admin/events')).status).toBe(401);
    expect((await approvedArtist.get('/api/admin/events')).status).toBe(403);
  });

  apiTest("400 'Invalid id' for an id that is not an event's, and for a bad date", async ({ admin }) => {
    const id = await admin.get('/api/admin/events/abc');
    expect(id.status).toBe(400);
    expect(id.json()).toMatchObject({ message: 'Invalid id' });
    const since = await admin.get(
      `/api/admin/events?filter=${encodeURIComponent('{"occurredAt_gte":"last week"}')}`,
    );
    expect(since.status).toBe(400);
    expect(since.json()).toMatchObject({
      message: 'occurredAt_gte must be a date (YYYY-MM-DD) or an ISO date-time',
    });
  });

  apiTest('shows who did what, newest first, filtered by type and actor', async ({ admin }) => {
    await admin.send('POST', '/api/admin/settings', {
      settingKey: 'earnings_growth_percentage',
      settingValue: '7.75',
    });
    const list = await admin.get(
      `/api/admin/events?filter=${encodeURIComponent(JSON.stringify({ type: 'setting.changed', actorId: admin.user.id }))}`,
    );
    expect(list.status).toBe(200);
    const rows = list.json<Row[]>();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.type === 'setting.changed' && r.actorId === admin.user.id)).toBe(true);
    const all = (await admin.get('/api/admin/events?range=[0,49]')).json<Row[]>();
    const ids = all.map((r) => BigInt(r.id));
    expect([...ids].sort((a, b) => (b > a ? 1 : b < a ? -1 : 0))).toEqual(ids);
    expect((await admin.get(`/api/admin/events/${rows[0]!.id}`)).json()).toMatchObject({
      id: rows[0]!.id,
      type: 'setting.changed',
    });
    expect((await admin.get('/api/admin/events/999999999999')).status).toBe(404);
  });

  apiTest('the trail is read-only: no route writes it', async ({ db, admin }) => {
    // This admin's events only: other test files write events to the same database meanwhile.
    const mine = () => Event.query(db).where({ actorId: admin.user.id }).resultSize();
    const before = await mine();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await admin.send(method, '/api/admin/events/1', {});
      expect([404, 405], method).toContain(answer.status);
    }
    expect(await mine()).toBe(before);
  });
});
