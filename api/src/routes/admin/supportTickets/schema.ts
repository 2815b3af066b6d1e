import {
  supportTicketPriorities,
  supportTicketStatuses,
  SupportTicketUpdateBody,
  uuidParam,
} from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

export const ListSupportTicketsSchema = z.object({
  query: listQuery(['createdAt', 'updatedAt', 'status', 'priority', 'subject'], {
    status: z.enum(supportTicketStatuses, {
      error: `status must be one of ${supportTicketStatuses.join(', ')}`,
    }),
    priority: z.enum(supportTicketPriorities, {
      error: `priority must be one of ${supportTicketPriorities.join(', ')}`,
    }),
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
    userId: z
      .string()
      .trim()
      .min(1, 'userId must not be empty')
      .max(255, 'userId must be at most 255 characters'),
  }),
});
export type ListSupportTicketsInput = z.infer<typeof ListSupportTicketsSchema>;

export const SupportTicketIdSchema = z.object({ params: uuidParam });
export type SupportTicketIdInput = z.infer<typeof SupportTicketIdSchema>;

export const UpdateSupportTicketSchema = z.object({ params: uuidParam, body: SupportTicketUpdateBody });
export type UpdateSupportTicketInput = z.infer<typeof UpdateSupportTicketSchema>;
