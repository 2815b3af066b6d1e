import type { AnalyticsResponse, AnalyticsTimeframe } from '@riffline/contracts';
import type { AnalyticsWindow, UsageSums } from '@riffline/db';
import { lastReportedDay, usageGrowth } from './growth.ts';
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
  /** Per day over growthSpan(window): the window and as many days before it. */
  days: Array<UsageSums & { date: string }>;
  top: AnalyticsResponse['topTrack'];
  listeners: number | null;
  recent: Array<UsageSums & { date: string; releaseId: string; releaseTitle: string; platform: string }>;
}

/**
 * The Analytics page's numbers; the series has every day of the window, zeros where nothing was sold, and
 * `reportedUntil` says after which day nothing is reported yet.
 */
export function presentAnalytics(
  window: AnalyticsWindow & { days: AnalyticsTimeframe },
  reads: AnalyticsReads,
): AnalyticsResponse {
  const byDay = new Map(reads.days.map((d) => [d.date, d]));
  const start = Date.parse(`${window.from}T00:00:00Z`);
  const series = Array.from({ length: window.days }, (_, i) => {
    const date = dayOf(new Date(start + i * DAY_MS));
    return { date, ...usage(byDay.get(date) ?? { streams: 0, downloads: 0, revenueUsd: '0' }) };
  });
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
    series,
    reportedUntil: lastReportedDay(reads.days, window),
    growth: usageGrowth(reads.days, window),
    recentActivity: reads.recent.map((r) => ({
      date: r.date,
      releaseId: r.releaseId,
      releaseTitle: r.releaseTitle,
      platform: r.platform,
      ...usage(r),
    })),
  };
}
