import { uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

const userId = z
  .string()
  .trim()
  .min(1, 'userId must not be empty')
  .max(255, 'userId must be at most 255 characters');
const platform = z
  .string()
  .trim()
  .min(1, 'platform must not be empty')
  .max(100, 'platform must be at most 100 characters');
const releaseId = z.uuid('releaseId must be a release id');

export const analyticsSortFields = [
  'id',
  'date',
  'streams',
  'downloads',
  'revenueUsd',
  'platform',
  'country',
  'createdAt',
] as const;

export const ListAnalyticsSchema = z.object({
  query: listQuery(
    analyticsSortFields,
    {
      q: z.string().trim().max(200, 'Search must be at most 200 characters'),
      releaseId,
      userId,
      platform,
      country: z
        .string()
        .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter country code')
        .transform((c) => c.toUpperCase()),
    },
    { dateField: 'date' },
  ),
});
export type ListAnalyticsInput = z.infer<typeof ListAnalyticsSchema>;

export const AnalyticsIdSchema = z.object({ params: uuidParam });
export type AnalyticsIdInput = z.infer<typeof AnalyticsIdSchema>;

const day = (name: 'from' | 'to') => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` });

export const AnalyticsSummarySchema = z.object({
  query: z
    .object({ from: day('from'), to: day('to'), releaseId, userId, platform })
    .partial()
    .refine(({ from, to }) => !from || !to || from <= to, 'from must be on or before to'),
});
export type AnalyticsSummaryInput = z.infer<typeof AnalyticsSummarySchema>;
