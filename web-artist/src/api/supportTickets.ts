import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  SupportTicketBody,
  SupportTicketMessageResponse,
  SupportTicketResponse,
} from '@riffline/contracts';
import { api } from './client.ts';

export type SupportTicket = SupportTicketResponse;
export type SupportTicketMessage = SupportTicketMessageResponse;

export const supportTicketsQuery = queryOptions({
  queryKey: ['support-tickets'],
  queryFn: () => api<SupportTicket[]>('/api/support-tickets'),
});

export const openSupportTicket = (body: z.input<typeof SupportTicketBody>) =>
  api<SupportTicket>('/api/support-tickets', { method: 'POST', body });

/** A ticket's conversation, oldest first (its opening message, then each reply). */
export const supportTicketMessagesQuery = (ticketId: string) =>
  queryOptions({
    queryKey: ['support-tickets', ticketId, 'messages'],
    queryFn: () => api<SupportTicketMessage[]>(`/api/support-tickets/${ticketId}/messages`),
  });

export const postSupportTicketMessage = (ticketId: string, message: string) =>
  api<SupportTicketMessage>(`/api/support-tickets/${ticketId}/messages`, {
    method: 'POST',
    body: { message },
  });
