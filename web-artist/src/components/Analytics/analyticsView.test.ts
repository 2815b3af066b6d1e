import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '@riffline/contracts';
import {
  chartPoints,
  dailyPoints,
  formatCompact,
  formatCompactMoney,
  formatCount,
  hasUsage,
  monthlyPoints,
  parseTimeframe,
  platformCounters,
  reportedNote,
  windowLabel,
} from './analyticsView.ts';

const empty: AnalyticsResponse = {
  days: 30,
  from: '2026-10-25',
  to: '2026-11-23',
  currency: 'USD',
  totalStreams: 0,
  totalDownloads: 0,
  totalRevenue: '0.00',
  monthlyListeners: null,
  topTrack: null,
  platforms: [],
  granularity: 'day',
  series: [],
  reportedUntil: null,
  growth: {
    current: null,
    previous: null,
    streams: { current: 0, previous: 0, percentage: null },
    revenue: { current: '0.00', previous: '0.00', percentage: null },
  },
  recentActivity: [],
};

const usage = { streams: 0, downloads: 0, revenue: '0.00' };

describe('the Analytics page (SPEC §2 Analytics)', () => {
  it('reads the timeframe from ?days=, 30 unless it is 30, 90 or 365', () => {
    expect(parseTimeframe('90')).toBe(90);
    expect(parseTimeframe('365')).toBe(365);
    expect(parseTimeframe('30')).toBe(30);
    for (const other of [null, '', '7', '365.5', 'year', '-30']) expect(parseTimeframe(other)).toBe(30);
  });

  it('is empty only when the window has no usage at all', () => {
    expect(hasUsage(empty)).toBe(false);
    expect(hasUsage({ ...empty, totalStreams: 1 })).toBe(true);
    expect(hasUsage({ ...empty, totalDownloads: 3 })).toBe(true);
    expect(hasUsage({ ...empty, totalRevenue: '-0.40' })).toBe(true);
    const activity = { date: '2026-11-01', releaseId: 'r', releaseTitle: 'R', platform: 'Deezer', ...usage };
    expect(hasUsage({ ...empty, recentActivity: [activity] })).toBe(true);
  });

  it('counts every reported store, then the headline stores at 0', () => {
    expect(platformCounters([]).map((p) => [p.platform, p.streams])).toEqual([
      ['Spotify', 0],
      ['Apple Music', 0],
      ['YouTube Music', 0],
      ['Amazon Music', 0],
    ]);
    const reported = [
      { platform: 'TIDAL', ...usage, streams: 900 },
      { platform: 'spotify', ...usage, streams: 40 },
    ];
    expect(platformCounters(reported).map((p) => [p.platform, p.streams])).toEqual([
      ['TIDAL', 900],
      ['spotify', 40],
      ['Apple Music', 0],
      ['YouTube Music', 0],
      ['Amazon Music', 0],
    ]);
  });

  it('charts each day at 00:00 UTC with revenue in the preferred currency', () => {
    const series = [
      { date: '2026-11-22', ...usage },
      { date: '2026-11-23', streams: 15000, downloads: 2, revenue: '10.00' },
    ];
    expect(dailyPoints(series, 'EUR', '2026-11-23')).toEqual([
      { date: new Date('2026-11-22T00:00:00Z'), streams: 0, downloads: 0, revenue: 0 },
      { date: new Date('2026-11-23T00:00:00Z'), streams: 15000, downloads: 2, revenue: 9.2 },
    ]);
  });

  it('sums the year a month a point, revenue converted once per month', () => {
    const series = [
      { date: '2025-11-30', streams: 5, downloads: 0, revenue: '0.05' },
      { date: '2025-12-01', streams: 10, downloads: 1, revenue: '0.01' },
      { date: '2025-12-31', streams: 20, downloads: 0, revenue: '0.02' },
      { date: '2026-01-01', ...usage },
    ];
    expect(monthlyPoints(series, 'INR', '2026-01-01')).toEqual([
      { date: new Date('2025-11-01T00:00:00Z'), streams: 5, downloads: 0, revenue: 4.16 },
      { date: new Date('2025-12-01T00:00:00Z'), streams: 30, downloads: 1, revenue: 2.49 },
      { date: new Date('2026-01-01T00:00:00Z'), streams: 0, downloads: 0, revenue: 0 },
    ]);
  });

  it('charts monthly reports a bar a month, in every timeframe, up to the month reported', () => {
    // The API's series of a 30-day window holding November's report: its months, not its days.
    const months = {
      days: 30 as const,
      granularity: 'month' as const,
      series: [
        { date: '2026-11-01', streams: 3000, downloads: 0, revenue: '9.00' },
        { date: '2026-12-01', ...usage },
      ],
      reportedUntil: '2026-11-30',
    };
    expect(chartPoints(months, 'USD')).toEqual({
      monthly: true,
      points: [
        { date: new Date('2026-11-01T00:00:00Z'), streams: 3000, downloads: 0, revenue: 9 },
        { date: new Date('2026-12-01T00:00:00Z'), streams: null, downloads: null, revenue: null },
      ],
    });
    const days = { ...months, granularity: 'day' as const, reportedUntil: '2026-12-01' };
    expect(chartPoints(days, 'USD').monthly).toBe(false);
    expect(chartPoints({ ...days, days: 365 }, 'USD').monthly).toBe(true);
  });

  it('stops the charts at the last reported day instead of dropping to zero at today', () => {
    const series = [
      { date: '2026-11-20', streams: 300, downloads: 0, revenue: '1.00' },
      { date: '2026-11-21', ...usage },
      { date: '2026-11-22', streams: 120, downloads: 1, revenue: '0.50' },
      { date: '2026-11-23', ...usage },
    ];
    const points = dailyPoints(series, 'USD', '2026-11-22');
    // A day without usage before the last report is a zero; after it, no value at all.
    expect(points.map((p) => p.streams)).toEqual([300, 0, 120, null]);
    expect(points.map((p) => p.revenue)).toEqual([1, 0, 0.5, null]);
    expect(points[3]).toEqual({
      date: new Date('2026-11-23T00:00:00Z'),
      streams: null,
      downloads: null,
      revenue: null,
    });
    // Nothing reported: no line at all.
    expect(dailyPoints(series, 'USD', null).every((p) => p.streams === null)).toBe(true);

    const year = [
      { date: '2026-09-30', streams: 10, downloads: 0, revenue: '0.10' },
      { date: '2026-10-01', streams: 20, downloads: 0, revenue: '0.20' },
      { date: '2026-11-01', ...usage },
    ];
    expect(monthlyPoints(year, 'USD', '2026-10-01').map((p) => p.streams)).toEqual([10, 20, null]);

    expect(reportedNote({ to: '2026-11-23', reportedUntil: '2026-11-22' })).toBe(
      'reported up to Nov 22, 2026',
    );
    expect(reportedNote({ to: '2026-11-23', reportedUntil: '2026-11-23' })).toBeNull();
    expect(reportedNote({ to: '2026-11-23', reportedUntil: null })).toBeNull();
  });

  it('formats counts, axis ticks and the window', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCompact(15000)).toBe('15K');
    expect(formatCompact(1250000)).toBe('1.3M');
    expect(formatCompactMoney(25, 'USD')).toBe('$25');
    expect(formatCompactMoney(2051.5, 'INR')).toBe('₹2.05K');
    expect(formatCompactMoney(0.05, 'EUR')).toBe('€0.05');
    expect(formatCompactMoney(-3, 'USD')).toBe('-$3');
    expect(windowLabel(empty)).toBe('Oct 25, 2026 – Nov 23, 2026');
  });
});
