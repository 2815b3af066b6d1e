import { z } from 'zod';
import { supportTicketCategories, supportTicketPriorities, supportTicketStatuses } from './enums.ts';
import { requiredText } from './common.ts';

export const SupportTicketBody = z.object({
  subject: requiredText('Subject', 200),
  message: requiredText('Message', 5000),
  priority: z
    .enum(supportTicketPriorities, { error: 'Priority must be low, medium, high or urgent' })
    .default('medium'),
  category: z
    .enum(supportTicketCategories, { error: `Category must be one of ${supportTicketCategories.join(', ')}` })
    .nullish()
    .transform((v) => v ?? null),
});
export type SupportTicketBody = z.infer<typeof SupportTicketBody>;

export const SupportTicketResponse = z.object({
  id: z.string(),
  userId: z.string(),
  subject: z.string(),
  message: z.string(),
  category: z.enum(supportTicketCategories).nullable(),
  status: z.enum(supportTicketStatuses),
  priority: z.enum(supportTicketPriorities),
  assignedTo: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export type SupportTicketResponse = z.infer<typeof SupportTicketResponse>;

export const AdminSupportTicketResponse = SupportTicketResponse.extend({
  user: z.object({ email: z.string().nullable(), username: z.string().nullable() }),
});
export type AdminSupportTicketResponse = z.infer<typeof AdminSupportTicketResponse>;

/** POST /api/support-tickets/{id}/messages and /api/admin/tickets/{id}/messages: a reply. */
export const SupportTicketMessageBody = z.object({ message: requiredText('Message', 5000) });
export type SupportTicketMessageBody = z.output<typeof SupportTicketMessageBody>;

/** One message of a ticket's conversation, oldest first; the opening message is the first. */
export const SupportTicketMessageResponse = z.object({
  id: z.string().describe("the ticket's id for the opening message"),
  fromTeam: z.boolean(),
  /** 'Riffline Support' for the team, else the artist's name. */
  author: z.string(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type SupportTicketMessageResponse = z.infer<typeof SupportTicketMessageResponse>;

export const SupportTicketUpdateBody = z
  .object({
    status: z
      .enum(supportTicketStatuses, { error: 'Status must be open, in_progress, resolved or closed' })
      .optional(),
    assignedTo: z.string().trim().min(1, 'Assignee must be an admin').max(200).nullable().optional(),
  })
  .refine(
    (b) => b.status !== undefined || b.assignedTo !== undefined,
    'Nothing to change: send status or assignedTo',
  );
