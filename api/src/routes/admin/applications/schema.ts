import { applicationStatuses, ReviewBody, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

export const ListApplicationsSchema = z.object({
  query: listQuery(['createdAt', 'artistName', 'legalName', 'genre', 'status', 'age'], {
    status: z.enum(applicationStatuses, { error: `status must be one of ${applicationStatuses.join(', ')}` }),
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
    userId: z
      .string()
      .trim()
      .min(1, 'userId must not be empty')
      .max(255, 'userId must be at most 255 characters'),
  }),
});
export type ListApplicationsInput = z.infer<typeof ListApplicationsSchema>;

export const ApplicationIdSchema = z.object({ params: uuidParam });
export type ApplicationIdInput = z.infer<typeof ApplicationIdSchema>;

export const ReviewApplicationSchema = z.object({ params: uuidParam, body: ReviewBody });
export type ReviewApplicationInput = z.infer<typeof ReviewApplicationSchema>;
