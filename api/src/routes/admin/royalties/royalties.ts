import { Release, Royalty, User } from '@riffline/db';
import { NotFoundError } from '../../../errors.ts';
import { presentAdminRoyalty } from '../../../presenters/royalty.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { ListRoyaltiesInput, RoyaltyIdInput } from './schema.ts';

export const list: Handler<ListRoyaltiesInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = Royalty.query(db).withGraphFetched('[user, release]');
  if (filter.status) query.where('royalties.status', filter.status);
  if (filter.userId) query.where('royalties.userId', filter.userId);
  if (filter.releaseId) query.where('royalties.releaseId', filter.releaseId);
  if (filter.period) query.where('royalties.period', filter.period);
  if (filter.amount_gte) query.where('royalties.amount', '>=', filter.amount_gte);
  if (filter.amount_lte) query.where('royalties.amount', '<=', filter.amount_lte);
  if (filter.q) {
    // The artist (username, email, names, or the release's artist name) or the release's title.
    const like = containsPattern(filter.q);
    query.where((q) =>
      q
        .whereIn(
          'royalties.userId',
          User.query(db)
            .select('users.id')
            .where((u) =>
              u
                .whereILike('users.username', like)
                .orWhereILike('users.email', like)
                .orWhereILike('users.firstName', like)
                .orWhereILike('users.lastName', like),
            ),
        )
        .orWhereIn(
          'royalties.releaseId',
          Release.query(db)
            .select('releases.id')
            .where((r) => r.whereILike('releases.title', like).orWhereILike('releases.artist', like)),
        ),
    );
  }
  const rows = await pageOf(
    ctx,
    'royalties',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
  );
  return rows.map(presentAdminRoyalty);
};

export const show: Handler<RoyaltyIdInput> = async (ctx, { db }) => {
  const royalty = await Royalty.query(db)
    .findById(ctx.state.input.params.id)
    .withGraphFetched('[user, release]');
  if (!royalty) throw NotFoundError('Royalty not found');
  return presentAdminRoyalty(royalty);
};
