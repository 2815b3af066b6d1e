import { AdminNewsletterSubscriptionResponse } from '@riffline/contracts';
import { z } from 'zod';
import { defineRoute } from '../../route.ts';
import * as handlers from './newsletterSubscriptions.ts';
import { ListNewsletterSubscriptionsSchema } from './schema.ts';

const tag = 'Admin: messages';

export const adminNewsletterSubscriptionRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/newsletter-subscriptions',
    summary: 'Newsletter subscribers (ra-data-simple-rest list; q searches the address)',
    tag,
    audience: 'admin',
    list: true,
    request: ListNewsletterSubscriptionsSchema,
    response: z.array(AdminNewsletterSubscriptionResponse),
    handler: handlers.list,
  }),
];
