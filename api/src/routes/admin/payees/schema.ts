import { payeeStatuses, uuidParam } from '@riffline/contracts';
import { payeeSortFields } from '@riffline/db';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

const accountId = (name: string) =>
  z.string().trim().min(1, `${name} must not be empty`).max(255, `${name} must be at most 255 characters`);

export const ListPayeesSchema = z.object({
  query: listQuery(payeeSortFields, {
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
    status: z.enum(payeeStatuses, { error: `status must be one of ${payeeStatuses.join(', ')}` }),
    ownerId: accountId('ownerId'),
    userId: accountId('userId'),
    releaseId: z.uuid('releaseId must be a release id'),
  }),
});
export type ListPayeesInput = z.infer<typeof ListPayeesSchema>;

export const PayeeIdSchema = z.object({ params: uuidParam });
export type PayeeIdInput = z.infer<typeof PayeeIdSchema>;
