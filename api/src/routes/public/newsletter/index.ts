import { appendEvent, NewsletterSubscription } from '@riffline/db';
import { z } from 'zod';
import { NewsletterBody, NewsletterResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';

const SubscribeSchema = z.object({ body: NewsletterBody });

export const newsletterRoutes = [
  defineRoute({
    method: 'post',
    path: '/newsletter',
    summary: 'Subscribe an email to the newsletter (201 new, 200 already there: reactivated)',
    tag: 'Support',
    audience: 'public',
    request: SubscribeSchema,
    response: NewsletterResponse,
    status: 201,
    rateLimit: {
      name: 'newsletter',
      limit: 10,
      windowMs: 10 * 60_000,
      message: 'Too many subscriptions from here. Please try again later.',
    },
    handler: async (ctx, { db }) => {
      const { email } = ctx.state.input.body;
      const { row, created } = await db.transaction(async (trx) => {
        const existing = await NewsletterSubscription.query(trx).findOne({ email }).forUpdate();
        if (existing) {
          const row = existing.isActive
            ? existing
            : await NewsletterSubscription.query(trx).patchAndFetchById(existing.id, { isActive: true });
          if (!existing.isActive) {
            await appendEvent(trx, {
              type: 'newsletter.subscribed',
              aggregateId: row.id,
              payload: { email, reactivated: true },
            });
          }
          return { row, created: false };
        }
        const row = await NewsletterSubscription.query(trx)
          .insert({ email })
          .onConflict('email')
          .merge({ isActive: true })
          .returning('*');
        await appendEvent(trx, {
          type: 'newsletter.subscribed',
          aggregateId: row.id,
          payload: { email, reactivated: false },
        });
        return { row, created: true };
      });
      if (!created) ctx.status = 200;
      return { email: row.email, isActive: row.isActive, createdAt: row.createdAt };
    },
  }),
];
