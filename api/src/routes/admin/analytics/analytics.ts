import { adminUsageSummary, Analytics, Release, User, type Db } from '@riffline/db';
import type { QueryBuilder } from 'objection';
import { NotFoundError } from '../../../errors.ts';
import { presentAdminAnalytics, presentAdminAnalyticsSummary } from '../../../presenters/adminAnalytics.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { AnalyticsIdInput, AnalyticsSummaryInput, ListAnalyticsInput } from './schema.ts';

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Rows of an artist: theirs by the import, or (rows from before imports named one) by their release. */
function ofArtist(db: Db, query: QueryBuilder<Analytics, Analytics[]>, userId: string) {
  query.where((q) =>
    q
      .where('analytics.userId', userId)
      .orWhere((old) =>
        old
          .whereNull('analytics.userId')
          .whereIn(
            'analytics.releaseId',
            Release.query(db).select('releases.id').where('releases.userId', userId),
          ),
      ),
  );
}

export const list: Handler<ListAnalyticsInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = Analytics.query(db).withGraphFetched('release.user');
  if (filter.releaseId) query.where('analytics.releaseId', filter.releaseId);
  if (filter.userId) ofArtist(db, query, filter.userId);
  if (filter.platform) query.where('analytics.platform', filter.platform);
  if (filter.country) query.where('analytics.country', filter.country);
  // `date` is a day: compared as one (YYYY-MM-DD in UTC), whatever the server's time zone.
  if (dates.from) query.where('analytics.date', '>=', dayOf(dates.from));
  if (dates.to) query.where('analytics.date', '<=', dayOf(dates.to));
  if (filter.q) {
    // The release (title or artist name), the track, the store, or the artist's account.
    const like = containsPattern(filter.q);
    query.where((q) =>
      q
        .whereILike('analytics.track', like)
        .orWhereILike('analytics.platform', like)
        .orWhereIn(
          'analytics.releaseId',
          Release.query(db)
            .select('releases.id')
            .where((r) => r.whereILike('releases.title', like).orWhereILike('releases.artist', like)),
        )
        .orWhereIn(
          'analytics.userId',
          User.query(db)
            .select('users.id')
            .where((u) => u.whereILike('users.username', like).orWhereILike('users.email', like)),
        ),
    );
  }
  const rows = await pageOf(
    ctx,
    'analytics',
    query,
    { sort, range, filter },
    { field: 'date', order: 'desc' },
  );
  return rows.map(presentAdminAnalytics);
};

export const show: Handler<AnalyticsIdInput> = async (ctx, { db }) => {
  const row = await Analytics.query(db).findById(ctx.state.input.params.id).withGraphFetched('release.user');
  if (!row) throw NotFoundError('Analytics row not found');
  return presentAdminAnalytics(row);
};

export const summary: Handler<AnalyticsSummaryInput> = async (ctx, { db }) => {
  const scope = ctx.state.input.query;
  return presentAdminAnalyticsSummary(scope, await adminUsageSummary(db, scope));
};
