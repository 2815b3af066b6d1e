import type { DashboardGrowthResponse } from '@riffline/contracts';
import { PlatformSetting, type Db } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { buildRelease, buildUsage } from '#test/support/factories.ts';

// Its own database: the platform settings are global, and other files' admins change them.
const test = apiTest.extend({ freshDb: true });

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Usage of one of the artist's releases on a day, as an import writes it. */
async function usage(db: Db, userId: string, date: string, streams: number, revenueUsd = '0') {
  const release = await buildRelease(db, { userId, status: 'live' });
  await buildUsage(db, { userId, releaseId: release.id, date, streams, revenueUsd });
}

const nothingToCompare = {
  current: null,
  previous: null,
  streams: { current: 0, previous: 0, percentage: null },
  revenue: { current: '0.00', previous: '0.00', percentage: null },
};

describe('GET /api/dashboard/growth', () => {
  test('401 signed out, 403 awaiting approval', async ({ visitor, artist }) => {
    expect((await visitor.get('/api/dashboard/growth')).status).toBe(401);
    const pending = await artist.get('/api/dashboard/growth');
    expect([pending.status, pending.json()]).toEqual([403, { message: 'Your account is awaiting approval' }]);
  });

  test('a new artist has nothing to compare, whatever the platform settings say: no percentage of theirs', async ({
    approvedArtist,
  }) => {
    const res = await approvedArtist.get('/api/dashboard/growth');
    expect([res.status, res.json()]).toEqual([
      200,
      {
        days: 30,
        ...nothingToCompare,
        platform: { streamsGrowthPercentage: '12.50', earningsGrowthPercentage: '8.20' },
      },
    ]);
  });

  test('the artist’s own streams and revenue of the last 30 days against the days before, cut at the last reported day', async ({
    db,
    approvedArtist,
    newActor,
  }) => {
    const id = approvedArtist.user.id;
    // Reported until 3 days ago: the current period is the 27 days up to then, the previous the 27 before.
    await usage(db, id, daysAgo(3), 600, '2.40');
    await usage(db, id, daysAgo(20), 300, '1.20');
    await usage(db, id, daysAgo(31), 500, '2.50');
    await usage(db, id, daysAgo(56), 300, '0.50');
    // Before the previous period, and another artist's: neither counts.
    await usage(db, id, daysAgo(57), 10_000, '50');
    const other = await newActor('approved');
    await usage(db, other.user.id, daysAgo(3), 123_456, '99');

    const growth = (await approvedArtist.get('/api/dashboard/growth')).json<DashboardGrowthResponse>();
    expect(growth).toMatchObject({
      days: 30,
      current: { from: daysAgo(29), to: daysAgo(3) },
      previous: { from: daysAgo(56), to: daysAgo(30) },
      streams: { current: 900, previous: 800, percentage: '12.50' },
      revenue: { current: '3.60', previous: '3.00', percentage: '20.00' },
    });
    // The current streams are the Total Streams card's figure (the analytics of the last 30 days).
    const analytics = (await approvedArtist.get('/api/analytics?days=30')).json<{ totalStreams: number }>();
    expect(analytics.totalStreams).toBe(growth.streams.current);
  });

  test('a decline, and no percentage when nothing was reported before', async ({ db, newActor }) => {
    const declining = await newActor('approved');
    await usage(db, declining.user.id, daysAgo(0), 40, '0.10');
    await usage(db, declining.user.id, daysAgo(35), 160, '0.40');
    expect((await declining.get('/api/dashboard/growth')).json<DashboardGrowthResponse>()).toMatchObject({
      streams: { current: 40, previous: 160, percentage: '-75.00' },
      revenue: { current: '0.10', previous: '0.40', percentage: '-75.00' },
    });

    const first = await newActor('approved');
    await usage(db, first.user.id, daysAgo(1), 1_000, '4.00');
    expect((await first.get('/api/dashboard/growth')).json<DashboardGrowthResponse>()).toMatchObject({
      current: { from: daysAgo(29), to: daysAgo(1) },
      previous: { from: daysAgo(58), to: daysAgo(30) },
      streams: { current: 1_000, previous: 0, percentage: null },
      revenue: { current: '4.00', previous: '0.00', percentage: null },
    });

    // Usage only before the window: nothing reported in it, so no decline of 100% either.
    const quiet = await newActor('approved');
    await usage(db, quiet.user.id, daysAgo(45), 700, '3.00');
    expect((await quiet.get('/api/dashboard/growth')).json<DashboardGrowthResponse>()).toMatchObject(
      nothingToCompare,
    );
  });

  test('the platform’s growth is what an admin saves, a decline as a negative value, the defaults once unset', async ({
    db,
    admin,
    approvedArtist,
  }) => {
    const save = (settingKey: string, settingValue: string) =>
      admin.send('POST', '/api/admin/settings', { settingKey, settingValue });
    expect((await save('streams_growth_percentage', '-3.5')).status).toBe(200);
    expect((await save('earnings_growth_percentage', '21')).status).toBe(200);
    const res = await approvedArtist.get('/api/dashboard/growth');
    expect(res.status).toBe(200);
    expect(res.json<DashboardGrowthResponse>().platform).toEqual({
      streamsGrowthPercentage: '-3.50',
      earningsGrowthPercentage: '21.00',
    });
    // Admins read it too (the audience 'approved' lets them through).
    expect((await admin.get('/api/dashboard/growth')).json<DashboardGrowthResponse>().platform).toMatchObject(
      { streamsGrowthPercentage: '-3.50' },
    );

    await PlatformSetting.query(db)
      .whereIn('settingKey', ['streams_growth_percentage', 'earnings_growth_percentage'])
      .delete();
    expect(
      (await approvedArtist.get('/api/dashboard/growth')).json<DashboardGrowthResponse>().platform,
    ).toEqual({ streamsGrowthPercentage: '12.50', earningsGrowthPercentage: '8.20' });
  });
});
