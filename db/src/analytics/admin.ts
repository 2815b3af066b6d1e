import type { Knex } from 'knex';
import type { Db, DbTransaction } from '../connection.ts';
import type { UsageSums } from './queries.ts';

/**
 * The admin console's Analytics section, read from the `analytics` projection across every artist: totals
 * and the breakdowns its charts draw (per day, store, release and country), each one grouped query.
 * Revenue comes back as decimal text (USD, 8 places), days as `YYYY-MM-DD` text.
 */
export interface AdminUsageScope {
  /** First and last day, both included; open on a side that is not given. */
  from?: string;
  to?: string;
  releaseId?: string;
  userId?: string;
  platform?: string;
}

export interface AdminUsageSummary {
  totals: UsageSums & {
    rows: number;
    releases: number;
    artists: number;
    firstDay: string | null;
    lastDay: string | null;
  };
  byDay: Array<UsageSums & { date: string }>;
  byStore: Array<UsageSums & { platform: string }>;
  byRelease: Array<UsageSums & { releaseId: string; releaseTitle: string | null; artistName: string | null }>;
  byCountry: Array<UsageSums & { country: string | null }>;
}

type Conn = Db | DbTransaction;

/** At most this many releases in the per-release breakdown (the chart's bars). */
export const ADMIN_SUMMARY_RELEASES = 50;

function scoped(db: Conn, scope: AdminUsageScope): Knex.QueryBuilder {
  const query = db('analytics');
  if (scope.from) query.where('analytics.date', '>=', scope.from);
  if (scope.to) query.where('analytics.date', '<=', scope.to);
  if (scope.releaseId) query.where('analytics.release_id', scope.releaseId);
  // Rows imported before the artist was recorded on them belong to their release's artist.
  if (scope.userId)
    query.where((q) =>
      q
        .where('analytics.user_id', scope.userId!)
        .orWhere((old) =>
          old
            .whereNull('analytics.user_id')
            .whereIn('analytics.release_id', db('releases').select('id').where('user_id', scope.userId!)),
        ),
    );
  if (scope.platform) query.where('analytics.platform', scope.platform);
  return query;
}

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

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** Totals and the four breakdowns of the usage in scope, read at once. */
export async function adminUsageSummary(db: Conn, scope: AdminUsageScope): Promise<AdminUsageSummary> {
  const [totals, byDay, byStore, byRelease, byCountry] = await Promise.all([
    scoped(db, scope)
      .select(
        ...sums(db),
        db.raw('count(*) as row_count'),
        db.raw('count(distinct analytics.release_id) as releases'),
        db.raw(
          'count(distinct coalesce(analytics.user_id, (select r.user_id from releases r where r.id = analytics.release_id))) as artists',
        ),
        db.raw("to_char(min(analytics.date), 'YYYY-MM-DD') as first_day"),
        db.raw("to_char(max(analytics.date), 'YYYY-MM-DD') as last_day"),
      )
      .first() as Promise<Record<string, unknown> | undefined>,
    scoped(db, scope)
      .select(db.raw("to_char(analytics.date, 'YYYY-MM-DD') as day"), ...sums(db))
      .groupBy('analytics.date')
      .orderBy('analytics.date') as Promise<Array<Record<string, unknown>>>,
    scoped(db, scope)
      .select('analytics.platform', ...sums(db))
      .groupBy('analytics.platform')
      .orderByRaw('sum(analytics.streams) desc, analytics.platform') as Promise<
      Array<Record<string, unknown>>
    >,
    scoped(db, scope)
      .leftJoin('releases', 'releases.id', 'analytics.release_id')
      .select(
        'analytics.release_id',
        'releases.title as release_title',
        'releases.artist as artist_name',
        ...sums(db),
      )
      .groupBy('analytics.release_id', 'releases.title', 'releases.artist')
      .orderByRaw('sum(analytics.streams) desc, sum(analytics.revenue_usd) desc, analytics.release_id')
      .limit(ADMIN_SUMMARY_RELEASES) as Promise<Array<Record<string, unknown>>>,
    scoped(db, scope)
      .select('analytics.country', ...sums(db))
      .groupBy('analytics.country')
      .orderByRaw('sum(analytics.streams) desc, analytics.country nulls last') as Promise<
      Array<Record<string, unknown>>
    >,
  ]);
  const all = totals ?? {};
  return {
    totals: {
      ...usage(all),
      rows: Number(all.rowCount ?? 0),
      releases: Number(all.releases ?? 0),
      artists: Number(all.artists ?? 0),
      firstDay: text(all.firstDay),
      lastDay: text(all.lastDay),
    },
    byDay: byDay.map((r) => ({ date: String(r.day), ...usage(r) })),
    byStore: byStore.map((r) => ({ platform: String(r.platform), ...usage(r) })),
    byRelease: byRelease.map((r) => ({
      releaseId: String(r.releaseId),
      releaseTitle: text(r.releaseTitle),
      artistName: text(r.artistName),
      ...usage(r),
    })),
    byCountry: byCountry.map((r) => ({ country: text(r.country), ...usage(r) })),
  };
}
