import { z } from 'zod';
import { NewsletterSubscriptionBody, NewsletterSubscriptionResponse } from '@riffline/contracts';
import { subscribeToNewsletter } from '../../../commands/newsletterSubscriptions/newsletterSubscriber.ts';
import { defineRoute } from '../../route.ts';

const SubscribeSchema = z.object({ body: NewsletterSubscriptionBody });

export const newsletterSubscriptionRoutes = [
  defineRoute({
    method: 'post',
    path: '/newsletter',
    summary: 'Subscribe an email to the newsletter (201 new, 200 already there: reactivated)',
    tag: 'Support',
    audience: 'public',
    request: SubscribeSchema,
    response: NewsletterSubscriptionResponse,
    status: 201,
    rateLimit: {
      name: 'newsletter',
      limit: 10,
      windowMs: 10 * 60_000,
      message: 'Too many subscriptions from here. Please try again later.',
    },
    handler: async (ctx, { db }) => {
      const { subscription, created } = await subscribeToNewsletter(db, ctx.state.input.body.email);
      if (!created) ctx.status = 200;
      return {
        email: subscription.email,
        isActive: subscription.isActive,
        createdAt: subscription.createdAt,
      };
    },
  }),
];
