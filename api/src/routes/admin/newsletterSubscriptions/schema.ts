import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

export const ListNewsletterSubscriptionsSchema = z.object({
  query: listQuery(['createdAt', 'email', 'isActive'], {
    isActive: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
      error: 'isActive must be true or false',
    }),
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
  }),
});
export type ListNewsletterSubscriptionsInput = z.infer<typeof ListNewsletterSubscriptionsSchema>;
