import { NewsletterSubscription } from '@riffline/db';
import { presentNewsletterSubscription } from '../../../presenters/platform.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { ListNewsletterSubscriptionsInput } from './schema.ts';

export const list: Handler<ListNewsletterSubscriptionsInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = NewsletterSubscription.query(db);
  if (filter.isActive !== undefined) query.where('isActive', filter.isActive);
  if (filter.q) query.whereILike('email', containsPattern(filter.q));
  const rows = await pageOf(
    ctx,
    'newsletter-subscriptions',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
  );
  return rows.map(presentNewsletterSubscription);
};
