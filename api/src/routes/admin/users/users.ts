import { Application, Release, SupportTicket, User, type Db } from '@riffline/db';
import { changeApproval } from '../../../commands/users/approvalChanger.ts';
import { changeRole } from '../../../commands/users/roleChanger.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentAdminUser, presentUser } from '../../../presenters/user.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { ChangeApprovalInput, ChangeRoleInput, ListUsersInput, UserIdInput } from './schema.ts';

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
  return adminUser(db, user);
};

export const changeUserRole: Handler<ChangeRoleInput> = async (ctx, { db }) => {
  const { params, body } = ctx.state.input;
  return adminUser(db, await changeRole(db, ctx.state.user!, params.id, body.role));
};

export const changeUserApproval: Handler<ChangeApprovalInput> = async (ctx, { db }) => {
  const { params, body } = ctx.state.input;
  return adminUser(db, await changeApproval(db, ctx.state.user!, params.id, body.isApproved));
};

/** The user with their latest application and how many applications, releases and tickets they have. */
async function adminUser(db: Db, user: User) {
  const [application, applicationCount, releaseCount, ticketCount, openTicketCount] = await Promise.all([
    Application.query(db).where('userId', user.id).orderBy('createdAt', 'desc').orderBy('id', 'desc').first(),
    Application.query(db).where('userId', user.id).resultSize(),
    Release.query(db).where('userId', user.id).resultSize(),
    SupportTicket.query(db).where('userId', user.id).resultSize(),
    SupportTicket.query(db).where('userId', user.id).whereIn('status', ['open', 'in_progress']).resultSize(),
  ]);
  return presentAdminUser(user, {
    application: application ?? null,
    applicationCount,
    releaseCount,
    ticketCount,
    openTicketCount,
  });
}
