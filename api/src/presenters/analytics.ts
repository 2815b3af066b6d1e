import {
  fromMinor,
  REVENUE_DECIMALS,
  rescale,
  toScaled,
  type AnalyticsResponse,
  type AnalyticsTimeframe,
} from '@riffline/contracts';
import type { AnalyticsWindow, UsageSums } from '@riffline/db';
import { lastReportedDay, overlaps, usageGrowth, type UsagePeriod } from './growth.ts';
import { usdCents } from './storeReport.ts';

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The artist's window: the last `days` days up to today (UTC), both ends included. */
export function analyticsWindow(
  userId: string,
  days: AnalyticsTimeframe,
  now: Date,
): AnalyticsWindow & { days: AnalyticsTimeframe } {
  return { userId, days, to: dayOf(now), from: dayOf(new Date(now.getTime() - (days - 1) * DAY_MS)) };
}

const usage = ({ streams, downloads, revenueUsd }: UsageSums) => ({
  streams,
  downloads,
  revenue: usdCents(revenueUsd),
});

export interface AnalyticsReads {
  totals: UsageSums;
  platforms: Array<UsageSums & { platform: string }>;
  /** Per usage period over growthSpan(window): the window and as many days before it. */
  periods: UsagePeriod[];
  top: AnalyticsResponse['topTrack'];
  listeners: number | null;
  recent: Array<UsageSums & { date: string; releaseId: string; releaseTitle: string; platform: string }>;
}

type Granularity = AnalyticsResponse['granularity'];

/**
 * The series' points: every day of the window, or every calendar month it overlaps (dated its 1st). Each
 * holds the periods that start there, or on the window's first day for one that started before: a month's
 * report fills its month rather than a spike on its 1st, and the points add up to the page's totals.
 */
function usageSeries(
  periods: readonly UsagePeriod[],
  window: AnalyticsWindow & { days: AnalyticsTimeframe },
  granularity: Granularity,
): AnalyticsResponse['series'] {
  const pointOf = (day: string) => (granularity === 'day' ? day : `${day.slice(0, 7)}-01`);
  const sums = new Map<string, { streams: number; downloads: number; revenue: bigint }>();
  for (const p of periods) {
    const point = pointOf(p.date < window.from ? window.from : p.date);
    const sum = sums.get(point) ?? { streams: 0, downloads: 0, revenue: 0n };
    sum.streams += p.streams;
    sum.downloads += p.downloads;
    sum.revenue += toScaled(p.revenueUsd, REVENUE_DECIMALS);
    sums.set(point, sum);
  }
  const start = Date.parse(`${window.from}T00:00:00Z`);
  const points = new Set(
    Array.from({ length: window.days }, (_, i) => pointOf(dayOf(new Date(start + i * DAY_MS)))),
  );
  return [...points].map((date) => {
    const { streams, downloads, revenue } = sums.get(date) ?? { streams: 0, downloads: 0, revenue: 0n };
    // Rounded to cents once per point, as the totals are.
    return { date, streams, downloads, revenue: fromMinor(rescale(revenue, REVENUE_DECIMALS, 2)) };
  });
}

/**
 * The Analytics page's numbers; the series has every day of the window (or month, when a report of the
 * window covers more than a day), zeros where nothing was sold, and `reportedUntil` says after which day
 * nothing is reported yet.
 */
export function presentAnalytics(
  window: AnalyticsWindow & { days: AnalyticsTimeframe },
  reads: AnalyticsReads,
): AnalyticsResponse {
  const inWindow = reads.periods.filter((p) => overlaps(p, window.from, window.to));
  const granularity: Granularity = inWindow.some((p) => p.endDate > p.date) ? 'month' : 'day';
  return {
    days: window.days,
    from: window.from,
    to: window.to,
    currency: 'USD',
    totalStreams: reads.totals.streams,
    totalDownloads: reads.totals.downloads,
    totalRevenue: usdCents(reads.totals.revenueUsd),
    monthlyListeners: reads.listeners,
    topTrack: reads.top,
    platforms: reads.platforms.map((p) => ({ platform: p.platform, ...usage(p) })),
    granularity,
    series: usageSeries(inWindow, window, granularity),
    reportedUntil: lastReportedDay(inWindow, window),
    growth: usageGrowth(reads.periods, window),
    recentActivity: reads.recent.map((r) => ({
      date: r.date,
      releaseId: r.releaseId,
      releaseTitle: r.releaseTitle,
      platform: r.platform,
      ...usage(r),
    })),
  };
}
