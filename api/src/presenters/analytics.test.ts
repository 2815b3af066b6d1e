import { describe, expect, it } from 'vitest';
import { analyticsWindow, presentAnalytics, type AnalyticsReads } from './analytics.ts';
import { period } from './periods.fixture.ts';

const window = analyticsWindow('u1', 30, new Date('2026-12-06T12:00:00Z')); // 7 November - 6 December
const reads = (periods: AnalyticsReads['periods']): AnalyticsReads => ({
  totals: { streams: 0, downloads: 0, revenueUsd: '0' },
  platforms: [],
  periods,
  top: null,
  listeners: null,
  recent: [],
});

describe('the Analytics page’s series', () => {
  it('is a point a day when every report of the window is of a day', () => {
    const page = presentAnalytics(
      window,
      reads([period('2026-11-06', '2026-11-06', 9), period('2026-11-07', '2026-11-07', 40, '0.12345')]),
    );
    expect(page.granularity).toBe('day');
    expect(page.series).toHaveLength(30);
    expect(page.series[0]).toEqual({ date: '2026-11-07', streams: 40, downloads: 0, revenue: '0.12' });
    expect(page.reportedUntil).toBe('2026-11-07');
  });

  it('is a point a month when a report covers a month: no spike on its first day', () => {
    const page = presentAnalytics(
      window,
      reads([
        period('2026-10-01', '2026-10-31', 7_000, '70.00'), // the previous period's only
        period('2026-11-01', '2026-11-30', 3_000, '9.00000004'),
        period('2026-11-20', '2026-11-20', 100, '0.00000004'),
        period('2026-12-02', '2026-12-02', 50, '0.25'),
      ]),
    );
    expect(page.granularity).toBe('month');
    // November's report started before the window: it counts in the window's first month, whole.
    expect(page.series).toEqual([
      { date: '2026-11-01', streams: 3_100, downloads: 0, revenue: '9.00' },
      { date: '2026-12-01', streams: 50, downloads: 0, revenue: '0.25' },
    ]);
    expect(page.reportedUntil).toBe('2026-12-02');
    // Without the daily line of December, the month's report is what the window is reported until.
    const monthOnly = presentAnalytics(window, reads([period('2026-11-01', '2026-11-30', 3_000)]));
    expect(monthOnly.series.map((p) => [p.date, p.streams])).toEqual([
      ['2026-11-01', 3_000],
      ['2026-12-01', 0],
    ]);
    expect(monthOnly.reportedUntil).toBe('2026-11-30');
    // A month running past today is reported until today.
    const running = presentAnalytics(window, reads([period('2026-12-01', '2026-12-31', 10)]));
    expect(running.reportedUntil).toBe('2026-12-06');
  });

  it('compares the window with the days before: each month in the window it overlaps, else before it', () => {
    // Reported until 30 November: 7-30 November (November's report) against 14 October - 6 November
    // (October's; November's overlaps it too, but counts in the window only).
    const { growth } = presentAnalytics(
      window,
      reads([period('2026-10-01', '2026-10-31', 7_000), period('2026-11-01', '2026-11-30', 3_000)]),
    );
    expect(growth.current).toEqual({ from: '2026-11-07', to: '2026-11-30' });
    expect(growth.previous).toEqual({ from: '2026-10-14', to: '2026-11-06' });
    expect(growth.streams).toEqual({ current: 3_000, previous: 7_000, percentage: '-57.14' });
  });
});
