import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ContactBody,
  ContactResponse,
  NewsletterResponse,
  TicketBody,
  TicketMessageResponse,
  TicketResponse,
} from '@riffline/contracts';
import { api } from './client.ts';

export type Ticket = TicketResponse;
export type TicketMessage = TicketMessageResponse;

export const ticketsQuery = queryOptions({
  queryKey: ['support-tickets'],
  queryFn: () => api<Ticket[]>('/api/support-tickets'),
});

export const openTicket = (body: z.input<typeof TicketBody>) =>
  api<Ticket>('/api/support-tickets', { method: 'POST', body });

export const sendContact = (body: z.input<typeof ContactBody>) =>
  api<z.infer<typeof ContactResponse>>('/api/contact', { method: 'POST', body });

export const subscribeNewsletter = (email: string) =>
  api<z.infer<typeof NewsletterResponse>>('/api/newsletter', { method: 'POST', body: { email } });

/** A ticket's conversation, oldest first (its opening message, then each reply). */
export const ticketMessagesQuery = (ticketId: string) =>
  queryOptions({
    queryKey: ['support-tickets', ticketId, 'messages'],
    queryFn: () => api<TicketMessage[]>(`/api/support-tickets/${ticketId}/messages`),
  });

export const postTicketMessage = (ticketId: string, message: string) =>
  api<TicketMessage>(`/api/support-tickets/${ticketId}/messages`, { method: 'POST', body: { message } });
