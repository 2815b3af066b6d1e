import { failedEventStatuses, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

const name = (label: string) =>
  z.string().trim().min(1, `${label} must not be empty`).max(200, `${label} must be at most 200 characters`);

export const ListFailedEventsSchema = z.object({
  query: listQuery(
    ['lastFailedAt', 'firstFailedAt', 'parkedAt', 'attempts', 'status'],
    {
      status: z.enum(failedEventStatuses, {
        error: `status must be one of ${failedEventStatuses.join(', ')}`,
      }),
      group: name('group'),
      type: name('type'),
    },
    { dateField: 'lastFailedAt' },
  ),
});
export type ListFailedEventsInput = z.infer<typeof ListFailedEventsSchema>;

export const FailedEventIdSchema = z.object({ params: uuidParam });
export type FailedEventIdInput = z.infer<typeof FailedEventIdSchema>;
