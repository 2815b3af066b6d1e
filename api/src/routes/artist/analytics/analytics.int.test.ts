import { describe, expect } from 'vitest';
import type { AnalyticsResponse } from '@riffline/contracts';
import type { Analytics, Db } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { buildRelease, buildTrack, buildUsage } from '#test/support/factories.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** An artist's release with two tracks, and usage rows as the import writes them. */
async function usageOf(db: Db, userId: string, title: string) {
  const release = await buildRelease(db, { userId, title, status: 'live' });
  const first = await buildTrack(db, { releaseId: release.id, title: `${title} One`, trackNumber: 1 });
  const second = await buildTrack(db, { releaseId: release.id, title: `${title} Two`, trackNumber: 2 });
  const row = (fields: Partial<Analytics>) =>
    buildUsage(db, { revenueUsd: '0', ...fields, userId, releaseId: release.id });
  return { release, first, second, row };
}

describe('GET /api/analytics', () => {
  apiTest(
    '401 signed out, 403 awaiting approval, 400 for another timeframe',
    async ({ visitor, artist, approvedArtist }) => {
      expect((await visitor.get('/api/analytics')).status).toBe(401);
      const pending = await artist.get('/api/analytics');
      expect([pending.status, pending.json()]).toEqual([
        403,
        { message: 'Your account is awaiting approval' },
      ]);
      const bad = await approvedArtist.get('/api/analytics?days=7');
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ message: 'days must be 30, 90 or 365' });
    },
  );

  apiTest(
    'an artist without reports gets zeros, no listeners, no top track, and a series of zeros',
    async ({ approvedArtist }) => {
      const res = await approvedArtist.get('/api/analytics');
      expect(res.status).toBe(200);
      const body = res.json<AnalyticsResponse>();
      expect(body).toMatchObject({
        days: 30,
        from: daysAgo(29),
        to: daysAgo(0),
        currency: 'USD',
        totalStreams: 0,
        totalDownloads: 0,
        totalRevenue: '0.00',
        monthlyListeners: null,
        topTrack: null,
        platforms: [],
        recentActivity: [],
      });
      expect(body.granularity).toBe('day');
      expect(body.series).toHaveLength(30);
      expect(body.series.every((d) => d.streams === 0 && d.revenue === '0.00')).toBe(true);
      // Nothing reported, nothing to compare: no growth badge has anything behind it.
      expect(body.reportedUntil).toBeNull();
      expect(body.growth).toEqual({
        current: null,
        previous: null,
        streams: { current: 0, previous: 0, percentage: null },
        revenue: { current: '0.00', previous: '0.00', percentage: null },
      });
    },
  );

  apiTest(
    'totals, top track, stores, a series per day and recent activity: own usage in the window only',
    async ({ db, approvedArtist, newActor }) => {
      const mine = await usageOf(db, approvedArtist.user.id, 'Night Drive');
      await mine.row({
        trackId: mine.first.id,
        date: daysAgo(2),
        streams: 1000,
        revenueUsd: '3.12345678',
        listeners: 400,
      });
      await mine.row({
        trackId: mine.first.id,
        date: daysAgo(2),
        platform: 'Deezer',
        streams: 50,
        revenueUsd: '0.2',
      });
      await mine.row({ trackId: mine.second.id, date: daysAgo(10), streams: 700, listeners: 100 });
      await mine.row({
        trackId: mine.second.id,
        date: daysAgo(10),
        platform: 'Apple Music',
        downloads: 3,
        revenueUsd: '2.97',
      });
      await mine.row({
        trackId: null,
        date: daysAgo(1),
        platform: 'Amazon Music',
        streams: 5,
        revenueUsd: '0.004',
      });
      // Outside the 30-day window, and another artist's: neither counts.
      await mine.row({ trackId: mine.first.id, date: daysAgo(40), streams: 9_999, revenueUsd: '99' });
      const other = await newActor('approved');
      const theirs = await usageOf(db, other.user.id, 'Not Mine');
      await theirs.row({ trackId: theirs.first.id, date: daysAgo(2), streams: 123_456 });

      const res = await approvedArtist.get('/api/analytics?days=30');
      expect(res.status).toBe(200);
      const body = res.json<AnalyticsResponse>();
      expect(body).toMatchObject({
        totalStreams: 1755,
        totalDownloads: 3,
        totalRevenue: '6.30', // 3.12345678 + 0.2 + 2.97 + 0.004 = 6.29745678, rounded once
        topTrack: {
          trackId: mine.first.id,
          title: 'Night Drive One',
          releaseId: mine.release.id,
          releaseTitle: 'Night Drive',
          streams: 1050,
        },
        platforms: [
          { platform: 'Spotify', streams: 1700, downloads: 0, revenue: '3.12' },
          { platform: 'Deezer', streams: 50, downloads: 0, revenue: '0.20' },
          { platform: 'Amazon Music', streams: 5, downloads: 0, revenue: '0.00' },
          { platform: 'Apple Music', streams: 0, downloads: 3, revenue: '2.97' },
        ],
      });
      // Listeners of the latest month in the window that has any (the two rows may share a month).
      expect(body.monthlyListeners).toBe(daysAgo(2).slice(0, 7) === daysAgo(10).slice(0, 7) ? 500 : 400);
      expect([body.granularity, body.series.length]).toEqual(['day', 30]);
      expect(body.series.find((d) => d.date === daysAgo(2))).toEqual({
        date: daysAgo(2),
        streams: 1050,
        downloads: 0,
        revenue: '3.32',
      });
      expect(body.series.reduce((sum, d) => sum + d.streams, 0)).toBe(1755);
      expect(body.recentActivity.map((a) => [a.date, a.platform, a.streams, a.downloads])).toEqual([
        [daysAgo(1), 'Amazon Music', 5, 0],
        [daysAgo(2), 'Spotify', 1000, 0],
        [daysAgo(2), 'Deezer', 50, 0],
        [daysAgo(10), 'Spotify', 700, 0],
        [daysAgo(10), 'Apple Music', 0, 3],
      ]);
      expect(res.body).not.toContain('Not Mine');
      // Reported until yesterday: the charts stop there, and the growth compares the window's 29 reported
      // days (its totals) with the 29 days before it, which hold the row of 40 days ago.
      expect(body.reportedUntil).toBe(daysAgo(1));
      expect(body.growth).toEqual({
        current: { from: daysAgo(29), to: daysAgo(1) },
        previous: { from: daysAgo(58), to: daysAgo(30) },
        streams: { current: 1755, previous: 9_999, percentage: '-82.45' },
        revenue: { current: '6.30', previous: '99.00', percentage: '-93.64' },
      });

      const year = (await approvedArtist.get('/api/analytics?days=365')).json<AnalyticsResponse>();
      expect([year.totalStreams, year.series.length]).toEqual([1755 + 9_999, 365]);
      // The year before has nothing: no percentage.
      expect(year.growth.streams).toEqual({ current: 1755 + 9_999, previous: 0, percentage: null });
    },
  );

  apiTest(
    'monthly reports make a series of months, reported until their last day, compared by overlap',
    async ({ db, approvedArtist }) => {
      const now = new Date();
      const month = (offset: number) => ({
        date: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
          .toISOString()
          .slice(0, 10),
        endDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0))
          .toISOString()
          .slice(0, 10),
      });
      const mine = await usageOf(db, approvedArtist.user.id, 'Monthly');
      // Four months ago: before the last 90 days, in the 90 before them.
      await mine.row({ ...month(-4), streams: 1_000, revenueUsd: '2.00' });
      await mine.row({ ...month(-1), streams: 3_000, revenueUsd: '9.30' });
      // This month's report runs past today; a daily line of today adds to its month.
      await mine.row({ ...month(0), streams: 500, revenueUsd: '1.50' });
      await mine.row({ date: daysAgo(0), streams: 25, revenueUsd: '0.20' });

      const body = (await approvedArtist.get('/api/analytics?days=90')).json<AnalyticsResponse>();
      expect(body.totalStreams).toBe(3_525);
      expect(body.granularity).toBe('month');
      // A point per calendar month the window overlaps, dated its first day: no spike on any 1st.
      const months = [...new Set(Array.from({ length: 90 }, (_, i) => `${daysAgo(89 - i).slice(0, 7)}-01`))];
      expect(body.series.map((p) => p.date)).toEqual(months);
      expect(body.series.find((p) => p.date === month(-1).date)).toMatchObject({
        streams: 3_000,
        revenue: '9.30',
      });
      expect(body.series.at(-1)).toMatchObject({ date: month(0).date, streams: 525, revenue: '1.70' });
      expect(body.series.reduce((sum, p) => sum + p.streams, 0)).toBe(3_525);
      expect(body.reportedUntil).toBe(daysAgo(0));
      expect(body.growth).toMatchObject({
        current: { from: daysAgo(89), to: daysAgo(0) },
        previous: { from: daysAgo(179), to: daysAgo(90) },
        streams: { current: 3_525, previous: 1_000, percentage: '252.50' },
      });
    },
  );
});
