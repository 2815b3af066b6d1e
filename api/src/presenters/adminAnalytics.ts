import type { AdminAnalyticsResponse, AdminAnalyticsSummary } from '@riffline/contracts';
import type { AdminUsageSummary, Analytics, Release, UsageSums, User } from '@riffline/db';
import { usdCents } from './storeReport.ts';
import { adminArtist } from './royalty.ts';

/** A `date` column as `YYYY-MM-DD` (text on PostgreSQL, a Date at UTC midnight on PGlite). */
const dayText = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

const usage = ({ streams, downloads, revenueUsd }: UsageSums) => ({
  streams,
  downloads,
  revenueUsd: usdCents(revenueUsd),
});

export function presentAdminAnalytics(
  row: Analytics & { release?: (Release & { user?: User | null }) | null },
): AdminAnalyticsResponse {
  const release = row.release ?? null;
  return {
    id: row.id,
    releaseId: row.releaseId,
    releaseTitle: release?.title ?? null,
    userId: row.userId ?? release?.userId ?? null,
    ...adminArtist(release?.user, release),
    platform: row.platform,
    trackId: row.trackId,
    track: row.track,
    country: row.country,
    streams: Number(row.streams),
    downloads: Number(row.downloads),
    revenueUsd: usdCents(row.revenueUsd),
    listeners: row.listeners === null ? null : Number(row.listeners),
    date: dayText(row.date),
    reportId: row.reportId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The summary as asked for: the span is the one requested, else the days the data covers. */
export function presentAdminAnalyticsSummary(
  span: { from?: string; to?: string },
  summary: AdminUsageSummary,
): AdminAnalyticsSummary {
  const { firstDay, lastDay, rows, releases, artists, ...sums } = summary.totals;
  return {
    from: span.from ?? firstDay,
    to: span.to ?? lastDay,
    currency: 'USD',
    totals: { ...usage(sums), rows, releases, artists },
    byDay: summary.byDay.map((d) => ({ date: d.date, ...usage(d) })),
    byStore: summary.byStore.map((s) => ({ platform: s.platform, ...usage(s) })),
    byRelease: summary.byRelease.map((r) => ({
      releaseId: r.releaseId,
      releaseTitle: r.releaseTitle,
      artistName: r.artistName,
      ...usage(r),
    })),
    byCountry: summary.byCountry.map((c) => ({ country: c.country, ...usage(c) })),
  };
}
