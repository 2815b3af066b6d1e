import { describe, expect } from 'vitest';
import type { AdminAnalyticsResponse, AdminAnalyticsSummary } from '@riffline/contracts';
import type { Db } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { unique } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildTrack, buildUsage } from '#test/support/factories.ts';

/** An artist's two releases with usage on three days, two stores and two countries. */
async function usage(db: Db, tag: string) {
  const user = await buildArtist(db, { username: `${tag}-artist` });
  const first = await buildRelease(db, { userId: user.id, title: `${tag} First`, artist: `${tag} Band` });
  const second = await buildRelease(db, { userId: user.id, title: `${tag} Second`, artist: `${tag} Band` });
  const track = await buildTrack(db, { releaseId: first.id, title: `${tag} Opener` });
  const rows = {
    a: await buildUsage(db, {
      userId: user.id,
      releaseId: first.id,
      trackId: track.id,
      track: track.title,
      platform: 'Spotify',
      country: 'IN',
      date: '2026-10-01',
      streams: 100,
      revenueUsd: '0.40000000',
    }),
    b: await buildUsage(db, {
      userId: user.id,
      releaseId: first.id,
      platform: 'Apple Music',
      country: 'US',
      date: '2026-10-01',
      streams: 20,
      downloads: 2,
      revenueUsd: '1.98000000',
    }),
    c: await buildUsage(db, {
      userId: user.id,
      releaseId: second.id,
      platform: 'Spotify',
      country: 'US',
      date: '2026-10-15',
      streams: 50,
      revenueUsd: '0.20500000',
    }),
    d: await buildUsage(db, {
      userId: user.id,
      releaseId: second.id,
      platform: 'Spotify',
      country: 'IN',
      date: '2026-11-01',
      streams: 7,
      revenueUsd: '0.01000000',
    }),
  };
  return { user, first, second, track, rows };
}

const filter = (value: object) => `filter=${encodeURIComponent(JSON.stringify(value))}`;
const sort = (field: string, order = 'ASC') => `sort=${encodeURIComponent(JSON.stringify([field, order]))}`;
const idsOf = (rows: AdminAnalyticsResponse[]) => rows.map((r) => r.id);

describe('GET /api/admin/analytics', () => {
  apiTest(
    '401 signed out, 403 for an artist, 400 with the reason for a bad sort or filter',
    async ({ admin, visitor, approvedArtist }) => {
      for (const path of ['/api/admin/analytics', '/api/admin/analytics/summary']) {
        expect((await visitor.get(path)).status).toBe(401);
        expect((await approvedArtist.get(path)).json()).toEqual({
          message: "You don't have permission to access this page.",
        });
      }
      const cases: Array<[string, string]> = [
        [
          sort('title'),
          'sort must be ["field","ASC" or "DESC"] with field one of id, date, streams, downloads, revenueUsd, platform, country, createdAt',
        ],
        [filter({ date_gte: '2026-10' }), 'date_gte must be a date (YYYY-MM-DD) or an ISO date-time'],
        ['releaseId=42', 'releaseId must be a release id'],
        ['country=IND', 'country must be a two-letter country code'],
        ['platform=', 'platform must not be empty'],
      ];
      for (const [query, message] of cases) {
        const res = await admin.get(`/api/admin/analytics?${query}`);
        expect([res.status, res.json<{ message: string }>().message], query).toEqual([400, message]);
      }
    },
  );

  apiTest('lists usage rows with release and artist, filtered, sorted and counted', async ({ db, admin }) => {
    const tag = unique('use').replace(/-/g, '');
    const { user, first, second, track, rows } = await usage(db, tag);

    const all = await admin.get(`/api/admin/analytics?userId=${user.id}`);
    expect(all.status).toBe(200);
    // newest day first, then id
    expect(idsOf(all.json())).toEqual([rows.d.id, rows.c.id, ...[rows.a.id, rows.b.id].sort()]);
    expect(all.headers.get('content-range')).toBe('analytics 0-3/4');
    expect(all.json<AdminAnalyticsResponse[]>().find((r) => r.id === rows.a.id)).toEqual({
      id: rows.a.id,
      releaseId: first.id,
      releaseTitle: `${tag} First`,
      userId: user.id,
      artistName: `${tag} Band`,
      username: `${tag}-artist`,
      email: user.email,
      platform: 'Spotify',
      trackId: track.id,
      track: `${tag} Opener`,
      country: 'IN',
      streams: 100,
      downloads: 0,
      revenueUsd: '0.40',
      listeners: null,
      date: '2026-10-01',
      reportId: rows.a.reportId,
      createdAt: expect.any(String),
    });

    const october = await admin.get(
      `/api/admin/analytics?${filter({ userId: user.id, date_gte: '2026-10-01', date_lte: '2026-10-31' })}&${sort('streams', 'DESC')}`,
    );
    expect(idsOf(october.json())).toEqual([rows.a.id, rows.c.id, rows.b.id]);
    const spotify = await admin.get(
      `/api/admin/analytics?${filter({ releaseId: second.id, platform: 'Spotify' })}&${sort('date')}`,
    );
    expect(idsOf(spotify.json())).toEqual([rows.c.id, rows.d.id]);
    const searched = await admin.get(`/api/admin/analytics?q=${tag}%20second&country=us`);
    expect(idsOf(searched.json())).toEqual([rows.c.id]);
    const byTrack = await admin.get(`/api/admin/analytics?q=${tag}%20opener`);
    expect(idsOf(byTrack.json())).toEqual([rows.a.id]);
    const page = await admin.get(
      `/api/admin/analytics?userId=${user.id}&${sort('revenueUsd', 'DESC')}&range=[0,1]`,
    );
    expect(idsOf(page.json())).toEqual([rows.b.id, rows.a.id]);
    expect(page.headers.get('content-range')).toBe('analytics 0-1/4');
    const many = await admin.get(`/api/admin/analytics?${filter({ id: [rows.d.id, rows.b.id] })}`);
    expect(idsOf(many.json()).sort()).toEqual([rows.d.id, rows.b.id].sort());
  });
});

describe('GET /api/admin/analytics/:id', () => {
  apiTest('400 for a bad id, 404 for an unknown one, 200 with the row', async ({ db, admin }) => {
    const { rows, second } = await usage(db, unique('one').replace(/-/g, ''));
    expect((await admin.get('/api/admin/analytics/nope')).json()).toMatchObject({ message: 'Invalid id' });
    const missing = await admin.get(`/api/admin/analytics/${crypto.randomUUID()}`);
    expect([missing.status, missing.json()]).toEqual([404, { message: 'Analytics row not found' }]);
    expect((await admin.get(`/api/admin/analytics/${rows.c.id}`)).json()).toMatchObject({
      id: rows.c.id,
      releaseTitle: second.title,
      revenueUsd: '0.21',
      streams: 50,
    });
  });
});

describe('GET /api/admin/analytics/summary', () => {
  apiTest('400 for a bad day or an inverted span', async ({ admin }) => {
    const bad = await admin.get('/api/admin/analytics/summary?from=2026-10');
    expect([bad.status, bad.json<{ message: string }>().message]).toEqual([
      400,
      'from must be a date (YYYY-MM-DD)',
    ]);
    const inverted = await admin.get('/api/admin/analytics/summary?from=2026-10-31&to=2026-10-01');
    expect(inverted.json<{ message: string }>().message).toBe('from must be on or before to');
  });

  apiTest('totals and breakdowns per day, store, release and country, in SQL', async ({ db, admin }) => {
    const tag = unique('sum').replace(/-/g, '');
    const { user, first, second } = await usage(db, tag);
    const res = await admin.get(
      `/api/admin/analytics/summary?from=2026-10-01&to=2026-10-31&userId=${user.id}`,
    );
    expect(res.status).toBe(200);
    expect(res.json<AdminAnalyticsSummary>()).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      currency: 'USD',
      totals: { streams: 170, downloads: 2, revenueUsd: '2.59', rows: 3, releases: 2, artists: 1 },
      byDay: [
        { date: '2026-10-01', streams: 120, downloads: 2, revenueUsd: '2.38' },
        { date: '2026-10-15', streams: 50, downloads: 0, revenueUsd: '0.21' },
      ],
      byStore: [
        { platform: 'Spotify', streams: 150, downloads: 0, revenueUsd: '0.61' },
        { platform: 'Apple Music', streams: 20, downloads: 2, revenueUsd: '1.98' },
      ],
      byRelease: [
        {
          releaseId: first.id,
          releaseTitle: `${tag} First`,
          artistName: `${tag} Band`,
          streams: 120,
          downloads: 2,
          revenueUsd: '2.38',
        },
        {
          releaseId: second.id,
          releaseTitle: `${tag} Second`,
          artistName: `${tag} Band`,
          streams: 50,
          downloads: 0,
          revenueUsd: '0.21',
        },
      ],
      byCountry: [
        { country: 'IN', streams: 100, downloads: 0, revenueUsd: '0.40' },
        { country: 'US', streams: 70, downloads: 2, revenueUsd: '2.19' },
      ],
    });

    // Without a span: every day there is, and the span the data covers.
    const all = await admin.get(`/api/admin/analytics/summary?userId=${user.id}&platform=Spotify`);
    expect(all.json()).toMatchObject({
      from: '2026-10-01',
      to: '2026-11-01',
      totals: { streams: 157, rows: 3 },
    });
    const nothing = await admin.get(`/api/admin/analytics/summary?releaseId=${crypto.randomUUID()}`);
    expect(nothing.json()).toEqual({
      from: null,
      to: null,
      currency: 'USD',
      totals: { streams: 0, downloads: 0, revenueUsd: '0.00', rows: 0, releases: 0, artists: 0 },
      byDay: [],
      byStore: [],
      byRelease: [],
      byCountry: [],
    });
  });
});
