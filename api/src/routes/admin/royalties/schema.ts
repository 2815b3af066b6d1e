import { royaltyStatuses, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

/** An amount bound as a filter sends it (text or a number): at most two decimals. */
const amountBound = (name: string) =>
  z
    .union([z.string(), z.number()], { error: `${name} must be an amount with at most 2 decimals` })
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, `${name} must be an amount with at most 2 decimals`));

export const royaltySortFields = ['id', 'period', 'amount', 'status', 'createdAt', 'paidAt'] as const;

export const ListRoyaltiesSchema = z.object({
  query: listQuery(royaltySortFields, {
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
    status: z.enum(royaltyStatuses, { error: `status must be one of ${royaltyStatuses.join(', ')}` }),
    userId: z
      .string()
      .trim()
      .min(1, 'userId must not be empty')
      .max(255, 'userId must be at most 255 characters'),
    releaseId: z.uuid('releaseId must be a release id'),
    period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'period must be a month (YYYY-MM)'),
    amount_gte: amountBound('amount_gte'),
    amount_lte: amountBound('amount_lte'),
  }),
});
export type ListRoyaltiesInput = z.infer<typeof ListRoyaltiesSchema>;

export const RoyaltyIdSchema = z.object({ params: uuidParam });
export type RoyaltyIdInput = z.infer<typeof RoyaltyIdSchema>;
