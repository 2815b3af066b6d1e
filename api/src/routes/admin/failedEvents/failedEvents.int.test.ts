import { describe, expect } from 'vitest';
import { Event, FailedEvent } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { failEvent } from '#test/support/eventLog.ts';

const filterOf = (filter: Record<string, string>) => encodeURIComponent(JSON.stringify(filter));

describe('GET /api/admin/failed-events', () => {
  apiTest(
    '401 signed out, 403 for an artist, 400 for an unknown status or sort',
    async ({ admin, visitor, approvedArtist }) => {
      expect((await visitor.get('/api/admin/failed-events')).status).toBe(401);
      const artist = await approvedArtist.get('/api/admin/failed-events');
      expect([artist.status, artist.json()]).toEqual([
        403,
        { message: "You don't have permission to access this page." },
      ]);
      const status = await admin.get('/api/admin/failed-events?status=dead');
      expect(status.status).toBe(400);
      expect(status.json()).toMatchObject({
        message: 'status must be one of retrying, parked, replay_requested, replayed',
      });
      const sort = await admin.get(`/api/admin/failed-events?sort=${encodeURIComponent('["error","ASC"]')}`);
      expect(sort.status).toBe(400);
      expect(sort.json()).toMatchObject({
        message:
          'sort must be ["field","ASC" or "DESC"] with field one of id, lastFailedAt, firstFailedAt, parkedAt, attempts, status',
      });
    },
  );

  apiTest(
    "lists a group's dead letters with their event and error, filtered, with Content-Range",
    async ({ db, admin }) => {
      const group = unique('group');
      const parked = await failEvent(db, { group, attempts: 5 });
      const retrying = await failEvent(db, {
        group,
        attempts: 2,
        maxAttempts: 5,
        error: new Error('SMTP down'),
      });
      await failEvent(db); // another group's

      const all = await admin.get(`/api/admin/failed-events?filter=${filterOf({ group })}`);
      expect(all.status).toBe(200);
      expect(all.headers.get('content-range')).toBe('failed-events 0-1/2');
      // The last failure first.
      expect(all.json<Array<{ id: string }>>().map((r) => r.id)).toEqual([retrying.id, parked.id]);

      const res = await admin.get(`/api/admin/failed-events?filter=${filterOf({ group, status: 'parked' })}`);
      expect(res.headers.get('content-range')).toBe('failed-events 0-0/1');
      const rows = res.json<Array<{ event: { position: string | null } }>>();
      // A relay running on this database (another suite's workers) may have logged the event meanwhile.
      expect(rows[0]!.event.position === null || /^\d+$/.test(rows[0]!.event.position)).toBe(true);
      expect(rows).toEqual([
        {
          id: parked.id,
          group,
          status: 'parked',
          attempts: 5,
          error: "TypeError: Cannot read properties of undefined (reading 'email')",
          stack: expect.stringContaining('TypeError'),
          firstFailedAt: expect.any(String),
          lastFailedAt: expect.any(String),
          parkedAt: expect.any(String),
          replayRequestedAt: null,
          replayedAt: null,
          event: {
            id: parked.event.id,
            type: 'setting.changed',
            aggregateType: 'setting',
            aggregateId: parked.event.aggregateId,
            position: rows[0]!.event.position,
            occurredAt: parked.event.occurredAt.toISOString(),
            payload: parked.event.payload,
          },
        },
      ]);

      const byType = await admin.get(
        `/api/admin/failed-events?group=${group}&status=retrying&type=setting.changed`,
      );
      expect(byType.json<Array<{ id: string; error: string }>>()).toMatchObject([
        { id: retrying.id, error: 'Error: SMTP down' },
      ]);
      const otherType = await admin.get(`/api/admin/failed-events?group=${group}&type=release.created`);
      expect([otherType.json(), otherType.headers.get('content-range')]).toEqual([[], 'failed-events 0-0/0']);
    },
  );
});

describe('POST /api/admin/failed-events/:id/replay', () => {
  apiTest(
    '401 signed out, 403 for an artist, 400 for a malformed id, 404 for an unknown one; nothing changes',
    async ({ db, admin, visitor, approvedArtist }) => {
      const { id } = await failEvent(db);
      const path = `/api/admin/failed-events/${id}/replay`;
      expect((await visitor.send('POST', path)).status).toBe(401);
      const artist = await approvedArtist.send('POST', path);
      expect([artist.status, artist.json()]).toEqual([
        403,
        { message: "You don't have permission to access this page." },
      ]);
      const bad = await admin.send('POST', '/api/admin/failed-events/not-a-uuid/replay');
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ message: 'Invalid id' });
      const missing = await admin.send(
        'POST',
        '/api/admin/failed-events/00000000-0000-4000-8000-000000000000/replay',
      );
      expect([missing.status, missing.json()]).toEqual([404, { message: 'Failed event not found' }]);
      expect(await FailedEvent.query(db).findById(id)).toMatchObject({
        status: 'parked',
        replayRequestedAt: null,
      });
      expect(await Event.query(db).where({ aggregateId: id })).toEqual([]);
    },
  );

  apiTest(
    '202: the dead letter waits for its replay and the request is on the log; 409 for a second request or an event still retried',
    async ({ db, admin }) => {
      const parked = await failEvent(db, { attempts: 5 });
      const res = await admin.send('POST', `/api/admin/failed-events/${parked.id}/replay`);
      expect(res.status).toBe(202);
      expect(res.json()).toMatchObject({
        id: parked.id,
        group: parked.group,
        status: 'replay_requested',
        replayRequestedAt: expect.any(String),
        event: { id: parked.event.id },
      });
      const requests = await Event.query(db).where({ aggregateId: parked.id });
      expect(requests).toMatchObject([
        {
          type: 'failedEvent.replayRequested',
          aggregateType: 'failedEvent',
          actorId: admin.user.id,
          payload: { group: parked.group, eventId: parked.event.id },
        },
      ]);
      expect(await FailedEvent.query(db).findById(parked.id)).toMatchObject({
        replayRequestedBy: admin.user.id,
      });

      const twice = await admin.send('POST', `/api/admin/failed-events/${parked.id}/replay`);
      expect([twice.status, twice.json()]).toEqual([
        409,
        { message: 'A replay of this event is already requested' },
      ]);
      const retrying = await failEvent(db, { attempts: 1, maxAttempts: 5 });
      const early = await admin.send('POST', `/api/admin/failed-events/${retrying.id}/replay`);
      expect([early.status, early.json()]).toEqual([
        409,
        { message: 'This event is still being retried: only a parked event can be replayed' },
      ]);
      expect(await Event.query(db).where({ aggregateId: parked.id })).toHaveLength(1);
    },
  );
});
