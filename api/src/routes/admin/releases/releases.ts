import { expensesOfRelease, Release, splitsOfRelease, Track } from '@riffline/db';
import { loadRelease } from '../../../commands/releases/ownRelease.ts';
import { reviewRelease } from '../../../commands/releases/releaseReviewer.ts';
import { NotFoundError } from '../../../errors.ts';
import { artworkUrl, signedReleaseWithTracks } from '../../../media/urls.ts';
import { presentRelease } from '../../../presenters/release.ts';
import { presentExpenses } from '../../../presenters/expense.ts';
import { presentSplits } from '../../../presenters/split.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { AdminReleaseIdInput, ListAdminReleasesInput, ReviewReleaseInput } from './schema.ts';

/** Every release: the review queue is `status=processing`; search title and artist. */
export const list: Handler<ListAdminReleasesInput> = async (ctx, { db, storage }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = Release.query(db)
    .select('releases.*')
    .select(Track.query(db).whereColumn('tracks.releaseId', 'releases.id').count().as('trackCount'));
  if (filter.status) query.where('releases.status', filter.status);
  if (filter.userId) query.where('releases.userId', filter.userId);
  if (filter.q) {
    const like = containsPattern(filter.q);
    query.where((q) => q.whereILike('releases.title', like).orWhereILike('releases.artist', like));
  }
  const rows = await pageOf(
    ctx,
    'releases',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
  );
  const covers = await Promise.all(rows.map((r) => artworkUrl(storage, r)));
  return rows.map((r, i) =>
    presentRelease(r, {
      trackCount: Number((r as unknown as { trackCount: number | string }).trackCount),
      coverUrl: covers[i],
    }),
  );
};

export const show: Handler<AdminReleaseIdInput> = async (ctx, deps) => {
  const release = await Release.query(deps.db).findById(ctx.state.input.params.id);
  if (!release) throw NotFoundError('Release not found');
  return signedReleaseWithTracks(deps, release);
};

/**
 * Any release's split as its owner reads it (GET /api/releases/:id/splits): the same query and presenter,
 * so the console and the artist app never disagree on a share or an amount.
 */
export const splits: Handler<AdminReleaseIdInput> = async (ctx, { db }) => {
  const release = await loadRelease(db, ctx.state.user!, ctx.state.input.params.id, { admins: true });
  return presentSplits(release.id, await splitsOfRelease(db, release.id));
};

/** Any release's expenses as its owner reads them (GET /api/releases/:id/expenses): the same query and presenter. */
export const expenses: Handler<AdminReleaseIdInput> = async (ctx, { db }) => {
  const release = await loadRelease(db, ctx.state.user!, ctx.state.input.params.id, { admins: true });
  return presentExpenses(release.id, await expensesOfRelease(db, release.id));
};

export const review: Handler<ReviewReleaseInput> = async (ctx, deps) => {
  const { params, body } = ctx.state.input;
  const release = await reviewRelease(
    deps.db,
    ctx.state.user!,
    params.id,
    body,
    deps.config.identifiers,
    deps.clock(),
  );
  return signedReleaseWithTracks(deps, release);
};
