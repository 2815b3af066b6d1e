import {
  ContactMessageStatusBody,
  ContactMessageReplyBody,
  contactMessageStatuses,
  uuidParam,
} from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

export const ListContactMessagesSchema = z.object({
  query: listQuery(['createdAt', 'email', 'subject', 'status'], {
    status: z.enum(contactMessageStatuses, {
      error: `status must be one of ${contactMessageStatuses.join(', ')}`,
    }),
    q: z.string().trim().max(200, 'Search must be at most 200 characters'),
  }),
});
export type ListContactMessagesInput = z.infer<typeof ListContactMessagesSchema>;

export const ContactMessageIdSchema = z.object({ params: uuidParam });
export type ContactMessageIdInput = z.infer<typeof ContactMessageIdSchema>;

export const UpdateContactMessageStatusSchema = z.object({
  params: uuidParam,
  body: ContactMessageStatusBody,
});
export type UpdateContactMessageStatusInput = z.infer<typeof UpdateContactMessageStatusSchema>;

export const ReplyToContactMessageSchema = z.object({ params: uuidParam, body: ContactMessageReplyBody });
export type ReplyToContactMessageInput = z.infer<typeof ReplyToContactMessageSchema>;
