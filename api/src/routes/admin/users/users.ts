import { User } from '@riffline/db';
import { NotFoundError } from '../../../errors.ts';
import { presentUser } from '../../../presenters/user.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { ListUsersInput, UserIdInput } from './schema.ts';

/** Everyone who has signed in: filter by role and approval, search name, username and email. */
export const list: Handler<ListUsersInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = User.query(db);
  if (filter.role) query.where('role', filter.role);
  if (filter.isApproved !== undefined) query.where('isApproved', filter.isApproved);
  if (filter.q) {
    const like = containsPattern(filter.q);
    query.where((q) =>
      q
        .whereILike('email', like)
        .orWhereILike('username', like)
        .orWhereILike('firstName', like)
        .orWhereILike('lastName', like),
    );
  }
  const rows = await pageOf(
    ctx,
    'users',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
  );
  return rows.map(presentUser);
};

export const show: Handler<UserIdInput> = async (ctx, { db }) => {
  const user = await User.query(db).findById(ctx.state.input.params.id);
  if (!user) throw NotFoundError('User not found');
  return presentUser(user);
};
