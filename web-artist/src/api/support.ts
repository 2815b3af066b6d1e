import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ContactBody,
  ContactResponse,
  NewsletterResponse,
  TicketBody,
  TicketResponse,
} from '@riffline/contracts';
import { api } from './client.ts';

export type Ticket = TicketResponse;

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
