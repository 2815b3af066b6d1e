import {
  PURGE_NOT_LIVE,
  PURGE_TWICE,
  TAKEDOWN_DATE_PAST,
  TAKEDOWN_NOT_LIVE,
  TAKEDOWN_PURGED,
  type ReleaseChangeResponse,
} from '@riffline/contracts';
import { Event, ReleaseChange } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { buildArtist, buildRelease } from '#test/support/factories.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('POST /api/releases/:id/takedowns', () => {
  apiTest('401 signed out; 403 for an artist not yet approved', async ({ db, visitor, artist }) => {
    const release = await buildRelease(db, { userId: artist.user.id, status: 'live' });
    expect((await visitor.send('POST', `/api/releases/${release.id}/takedowns`, {})).status).toBe(401);
    expect((await artist.send('POST', `/api/releases/${release.id}/takedowns`, {})).status).toBe(403);
  });

  apiTest(
    '400 with the exact message for a date past, a country that is not one, an unknown store',
    async ({ db, approvedArtist }) => {
      const release = await buildRelease(db, { userId: approvedArtist.user.id, status: 'live' });
      const path = `/api/releases/${release.id}/takedowns`;
      const past = await approvedArtist.send('POST', path, { date: '2020-01-01' });
      expect(past.status).toBe(400);
      expect(past.json<{ message: string }>().message).toBe(TAKEDOWN_DATE_PAST);
      const country = await approvedArtist.send('POST', path, { territories: ['XX'] });
      expect(country.status).toBe(400);
      expect(country.json<{ message: string }>().message).toBe(
        'Countries must be country codes (for example DE, FR)',
      );
      const store = await approvedArtist.send('POST', path, { stores: ['myspace'] });
      expect(store.status).toBe(400);
      expect(store.json<{ message: string }>().message).toBe('Unknown store');
      expect(await ReleaseChange.query(db).where({ releaseId: release.id })).toEqual([]);
    },
  );

  apiTest(
    "400 for a store the release does not go to; 404 for another artist's release",
    async ({ db, approvedArtist }) => {
      const release = await buildRelease(db, {
        userId: approvedArtist.user.id,
        status: 'live',
        storeDistribution: 'custom',
        selectedStores: ['spotify'],
      });
      const res = await approvedArtist.send('POST', `/api/releases/${release.id}/takedowns`, {
        stores: ['deezer'],
      });
      expect(res.status).toBe(400);
      expect(res.json<{ message: string }>().message).toBe('This release does not go to Deezer');
      const other = await buildRelease(db, { userId: (await buildArtist(db)).id, status: 'live' });
      expect((await approvedArtist.send('POST', `/api/releases/${other.id}/takedowns`, {})).status).toBe(404);
    },
  );

  apiTest('409 for a release that is not live', async ({ db, approvedArtist }) => {
    const draft = await buildRelease(db, { userId: approvedArtist.user.id });
    const res = await approvedArtist.send('POST', `/api/releases/${draft.id}/takedowns`, {});
    expect(res.status).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(TAKEDOWN_NOT_LIVE);
  });

  apiTest(
    '201: the takedown is kept with where and from when, and the delivery group is told',
    async ({ db, approvedArtist }) => {
      const release = await buildRelease(db, { userId: approvedArtist.user.id, status: 'live' });
      const date = inDays(10);
      const res = await approvedArtist.send('POST', `/api/releases/${release.id}/takedowns`, {
        stores: ['spotify', 'spotify', 'deezer'],
        territories: ['de', 'FR'],
        date,
      });
      expect(res.status, res.body).toBe(201);
      const change = res.json<ReleaseChangeResponse>();
      expect(change).toMatchObject({
        kind: 'takedown',
        stores: ['spotify', 'deezer'],
        territories: ['DE', 'FR'],
        effectiveOn: date,
        deliveries: [],
      });
      const event = await Event.query(db).findOne({
        type: 'release.takedownRequested',
        aggregateId: release.id,
      });
      expect(event?.payload).toMatchObject({
        changeId: change.id,
        territories: ['DE', 'FR'],
        effectiveOn: date,
      });
      const listed = await approvedArtist.get(`/api/releases/${release.id}/changes`);
      expect(listed.json<ReleaseChangeResponse[]>().map((c) => c.id)).toEqual([change.id]);
    },
  );
});

describe('POST /api/admin/releases/:id/purge', () => {
  apiTest(
    '401 signed out; 403 for an artist; 404 for no such release',
    async ({ db, visitor, approvedArtist, admin }) => {
      const release = await buildRelease(db, { userId: approvedArtist.user.id, status: 'live' });
      expect((await visitor.send('POST', `/api/admin/releases/${release.id}/purge`, {})).status).toBe(401);
      expect((await approvedArtist.send('POST', `/api/admin/releases/${release.id}/purge`, {})).status).toBe(
        403,
      );
      const missing = await admin.send(
        'POST',
        '/api/admin/releases/00000000-0000-4000-8000-000000000000/purge',
        {},
      );
      expect(missing.status).toBe(404);
      const bad = await admin.send('POST', '/api/admin/releases/not-an-id/purge', {});
      expect(bad.status).toBe(400);
    },
  );

  apiTest(
    '201 once; 409 the second time, for a release not live, and for a takedown after it',
    async ({ db, approvedArtist, admin }) => {
      const release = await buildRelease(db, { userId: approvedArtist.user.id, status: 'live' });
      const res = await admin.send('POST', `/api/admin/releases/${release.id}/purge`, {});
      expect(res.status, res.body).toBe(201);
      expect(res.json<ReleaseChangeResponse>()).toMatchObject({
        kind: 'purge',
        stores: null,
        territories: null,
      });
      expect(await Event.query(db).where({ type: 'release.purged', aggregateId: release.id })).toHaveLength(
        1,
      );

      const again = await admin.send('POST', `/api/admin/releases/${release.id}/purge`, {});
      expect(again.status).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(PURGE_TWICE);
      const takedown = await approvedArtist.send('POST', `/api/releases/${release.id}/takedowns`, {});
      expect(takedown.status).toBe(409);
      expect(takedown.json<{ message: string }>().message).toBe(TAKEDOWN_PURGED);

      const draft = await buildRelease(db, { userId: approvedArtist.user.id });
      const notLive = await admin.send('POST', `/api/admin/releases/${draft.id}/purge`, {});
      expect(notLive.status).toBe(409);
      expect(notLive.json<{ message: string }>().message).toBe(PURGE_NOT_LIVE);
      const changes = await admin.get(`/api/admin/releases/${release.id}/changes`);
      expect(changes.json<ReleaseChangeResponse[]>().map((c) => c.kind)).toEqual(['purge']);
    },
  );
});
