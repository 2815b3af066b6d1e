import { contactMessageStatuses, ticketCategories, ticketPriorities, ticketStatuses } from './enums.ts';
import { z } from 'zod';
import { email, isSafeText, requiredText, unsafeTextMessage } from './common.ts';

export const TicketBody = z.object({
  subject: requiredText('Subject', 200),
  message: requiredText('Message', 5000),
  priority: z
    .enum(ticketPriorities, { error: 'Priority must be low, medium, high or urgent' })
    .default('medium'),
  category: z
    .enum(ticketCategories, { error: `Category must be one of ${ticketCategories.join(', ')}` })
    .nullish()
    .transform((v) => v ?? null),
});
export type TicketBody = z.infer<typeof TicketBody>;

export const TicketResponse = z.object({
  id: z.string(),
  userId: z.string(),
  subject: z.string(),
  message: z.string(),
  category: z.enum(ticketCategories).nullable(),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  assignedTo: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type TicketResponse = z.infer<typeof TicketResponse>;

export const AdminTicketResponse = TicketResponse.extend({
  user: z.object({ email: z.string().nullable(), username: z.string().nullable() }),
});
export type AdminTicketResponse = z.infer<typeof AdminTicketResponse>;

/** POST /api/support-tickets/{id}/messages and /api/admin/tickets/{id}/messages: a reply. */
export const TicketMessageBody = z.object({ message: requiredText('Message', 5000) });
export type TicketMessageBody = z.output<typeof TicketMessageBody>;

/** One message of a ticket's conversation, oldest first; the opening message is the first. */
export const TicketMessageResponse = z.object({
  id: z.string().describe("the ticket's id for the opening message"),
  fromTeam: z.boolean(),
  /** 'Riffline Support' for the team, else the artist's name. */
  author: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type TicketMessageResponse = z.infer<typeof TicketMessageResponse>;

export const TicketUpdateBody = z
  .object({
    status: z
      .enum(ticketStatuses, { error: 'Status must be open, in_progress, resolved or closed' })
      .optional(),
    assignedTo: z.string().trim().min(1, 'Assignee must be an admin').max(200).nullable().optional(),
  })
  .refine(
    (b) => b.status !== undefined || b.assignedTo !== undefined,
    'Nothing to change: send status or assignedTo',
  );

/** SPEC §5 contact rules, with the spec's messages. */
export const ContactBody = z.object({
  name: requiredText('Name', 200),
  email: email('Invalid email address'),
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200, 'Subject must be at most 200 characters')
    .refine(isSafeText, unsafeTextMessage('Subject')),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5,000 characters')
    .refine(isSafeText, unsafeTextMessage('Message')),
});

export const ContactResponse = z.object({
  id: z.string(),
  status: z.enum(contactMessageStatuses),
  createdAt: z.iso.datetime(),
});

export const NewsletterBody = z.object({ email: email('Invalid email address') });
export const NewsletterResponse = z.object({
  email: z.string(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});
