import { z } from 'zod';
import { email } from './common.ts';

export const NewsletterSubscriptionBody = z.object({ email: email('Invalid email address') });
export const NewsletterSubscriptionResponse = z.object({
  email: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});

/** GET /api/admin/newsletter-subscriptions. */
export const AdminNewsletterSubscriptionResponse = z.object({
  id: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type AdminNewsletterSubscriptionResponse = z.infer<typeof AdminNewsletterSubscriptionResponse>;
