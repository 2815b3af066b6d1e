import type { Db, DbTransaction } from '../connection.ts';

/**
 * The artist's Analytics page, read from the `analytics` projection (store reports' usage per release,
 * track, store, country and usage period: a day, or a month): every query is one artist's rows whose
 * period overlaps two days, both included, served by analytics_user_date_index. Revenue comes back as decimal text (USD, 8 places), days as
 * `YYYY-MM-DD` text on PostgreSQL and PGlite alike.
 */
export interface AnalyticsWindow {
  userId: string;
  from: string;
  to: string;
}

export interface UsageSums {
  streams: number;
  downloads: number;
  /** USD, decimal text. */
  revenueUsd: string;
}

type Conn = Db | DbTransaction;

/** The artist's rows whose usage period overlaps the window: last month's report counts in the last 30 days. */
const within = (db: Conn, { userId, from, to }: AnalyticsWindow) =>
  db('analytics')
    .where('analytics.user_id', userId)
    .where('analytics.date', '<=', to)
    .where('analytics.end_date', '>=', from);

const sums = (db: Conn) => [
  db.raw('coalesce(sum(analytics.streams), 0) as streams'),
  db.raw('coalesce(sum(analytics.downloads), 0) as downloads'),
  db.raw('coalesce(sum(analytics.revenue_usd), 0)::text as revenue_usd'),
];

const usage = (row: Record<string, unknown>): UsageSums => ({
  streams: Number(row.streams ?? 0),
  downloads: Number(row.downloads ?? 0),
  revenueUsd: String(row.revenueUsd ?? '0'),
});

/** Streams, downloads and revenue over the window. */
export async function usageTotals(db: Conn, window: AnalyticsWindow): Promise<UsageSums> {
  const row = (await within(db, window)
    .select(...sums(db))
    .first()) as Record<string, unknown> | undefined;
  return usage(row ?? {});
}

/** Per store, most streams first. */
export async function usageByPlatform(
  db: Conn,
  window: AnalyticsWindow,
): Promise<Array<UsageSums & { platform: string }>> {
  const rows = (await within(db, window)
    .select('analytics.platform', ...sums(db))
    .groupBy('analytics.platform')
    .orderByRaw('sum(analytics.streams) desc, analytics.platform')) as Array<Record<string, unknown>>;
  return rows.map((r) => ({ platform: String(r.platform), ...usage(r) }));
}

/**
 * Per usage period that has usage (`date` its first day, `endDate` its last: the same day, or a month),
 * oldest first: the charts place a month-long period over its month, not on its first day.
 */
export async function usageByPeriod(
  db: Conn,
  window: AnalyticsWindow,
): Promise<Array<UsageSums & { date: string; endDate: string }>> {
  const rows = (await within(db, window)
    .select(
      db.raw("to_char(analytics.date, 'YYYY-MM-DD') as day"),
      db.raw("to_char(analytics.end_date, 'YYYY-MM-DD') as end_day"),
      ...sums(db),
    )
    .groupBy('analytics.date', 'analytics.end_date')
    .orderBy(['analytics.date', 'analytics.end_date'])) as Array<Record<string, unknown>>;
  return rows.map((r) => ({ date: String(r.day), endDate: String(r.endDay), ...usage(r) }));
}

/** The track with the most streams in the window (release-level lines name no track). */
export async function topTrack(
  db: Conn,
  window: AnalyticsWindow,
): Promise<{
  trackId: string;
  title: string;
  releaseId: string;
  releaseTitle: string;
  streams: number;
} | null> {
  const row = (await within(db, window)
    .join('tracks', 'tracks.id', 'analytics.track_id')
    .join('releases', 'releases.id', 'tracks.release_id')
    .select(
      'tracks.id as track_id',
      'tracks.title',
      'releases.id as release_id',
      'releases.title as release_title',
    )
    .sum({ streams: 'analytics.streams' })
    .groupBy('tracks.id', 'tracks.title', 'releases.id', 'releases.title')
    .orderByRaw('sum(analytics.streams) desc, tracks.title, tracks.id')
    .first()) as Record<string, unknown> | undefined;
  if (!row || Number(row.streams) <= 0) return null;
  return {
    trackId: String(row.trackId),
    title: String(row.title),
    releaseId: String(row.releaseId),
    releaseTitle: String(row.releaseTitle),
    streams: Number(row.streams),
  };
}

/**
 * Listeners the stores reported for the latest month of the window that has any, summed; null when no
 * row in the window carries listeners.
 */
export async function monthlyListeners(db: Conn, window: AnalyticsWindow): Promise<number | null> {
  const row = (await within(db, window)
    .whereNotNull('analytics.listeners')
    .select(db.raw("date_trunc('month', analytics.date) as month"))
    .sum({ listeners: 'analytics.listeners' })
    .groupByRaw("date_trunc('month', analytics.date)")
    .orderBy('month', 'desc')
    .first()) as Record<string, unknown> | undefined;
  return row ? Number(row.listeners) : null;
}

/** The latest usage per day, release and store, newest first. */
export async function recentUsage(
  db: Conn,
  window: AnalyticsWindow,
  limit: number,
): Promise<Array<UsageSums & { date: string; releaseId: string; releaseTitle: string; platform: string }>> {
  const rows = (await within(db, window)
    .join('releases', 'releases.id', 'analytics.release_id')
    .select(
      db.raw("to_char(analytics.date, 'YYYY-MM-DD') as day"),
      'releases.id as release_id',
      'releases.title as release_title',
      'analytics.platform',
      ...sums(db),
    )
    .groupBy('analytics.date', 'releases.id', 'releases.title', 'analytics.platform')
    .orderBy([
      { column: 'analytics.date', order: 'desc' },
      { column: 'streams', order: 'desc' },
      { column: 'analytics.platform', order: 'asc' },
      { column: 'releases.id', order: 'asc' },
    ])
    .limit(limit)) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    date: String(r.day),
    releaseId: String(r.releaseId),
    releaseTitle: String(r.releaseTitle),
    platform: String(r.platform),
    ...usage(r),
  }));
}
