import { ticketPriorities, ticketStatuses, TicketUpdateBody, uuidParam } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

export const ListTicketsSchema = z.object({
  query: listQuery(['createdAt', 'updatedAt', 'status', 'priority', 'subject'], {
    status: z.enum(ticketStatuses, { error: `status must be one of ${ticketStatuses.join(', ')}` }),
    priority: z.enum(ticketPriorities, { error: `priority must be one of ${ticketPriorities.join(', ')}` }),
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
    userId: z
      .string()
      .trim()
      .min(1, 'userId must not be empty')
      .max(255, 'userId must be at most 255 characters'),
  }),
});
export type ListTicketsInput = z.infer<typeof ListTicketsSchema>;

export const TicketIdSchema = z.object({ params: uuidParam });
export type TicketIdInput = z.infer<typeof TicketIdSchema>;

export const UpdateTicketSchema = z.object({ params: uuidParam, body: TicketUpdateBody });
export type UpdateTicketInput = z.infer<typeof UpdateTicketSchema>;
