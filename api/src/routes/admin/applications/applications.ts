import { Application, applicationCount } from '@riffline/db';
import { reviewApplication } from '../../../commands/applications/applicationReviewer.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentAdminApplication } from '../../../presenters/application.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { ApplicationIdInput, ListApplicationsInput, ReviewApplicationInput } from './schema.ts';

/** The review queue: filter by status, search artist name, legal name and genre (any case), page. */
export const list: Handler<ListApplicationsInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = Application.query(db).withGraphFetched('user(contact)');
  if (filter.status) query.where('applications.status', filter.status);
  if (filter.userId) query.where('applications.userId', filter.userId);
  if (filter.q) {
    const like = containsPattern(filter.q);
    query.where((q) =>
      q.whereILike('artistName', like).orWhereILike('legalName', like).orWhereILike('genre', like),
    );
  }
  // The queue as it opens (by status, or all of them): its total is the count the database keeps.
  const byStatusOnly = !filter.userId && !filter.q;
  const rows = await pageOf(
    ctx,
    'applications',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
    byStatusOnly ? () => applicationCount(db, filter.status) : undefined,
  );
  return rows.map(presentAdminApplication);
};

export const show: Handler<ApplicationIdInput> = async (ctx, { db }) => {
  const application = await Application.query(db)
    .findById(ctx.state.input.params.id)
    .withGraphFetched('user(contact)');
  if (!application) throw NotFoundError('Application not found');
  return presentAdminApplication(application);
};

export const review: Handler<ReviewApplicationInput> = async (ctx, { db }) => {
  const { params, body } = ctx.state.input;
  const application = await reviewApplication(db, ctx.state.user!, params.id, body);
  return presentAdminApplication(application);
};
