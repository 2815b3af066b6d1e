import { z } from 'zod';
import { contactMessageStatuses } from './enums.ts';
import { email, isSafeText, requiredText, unsafeTextMessage } from './common.ts';

/** SPEC §5 contact rules, with the spec's messages (and 'Email is required' for an empty address). */
export const ContactMessageBody = z.object({
  name: requiredText('Name', 200),
  email: z
    .string({ error: (issue) => (issue.input == null ? 'Email is required' : 'Invalid email address') })
    .trim()
    .min(1, 'Email is required')
    .pipe(email('Invalid email address')),
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

export const ContactMessageResponse = z.object({
  id: z.string(),
  status: z.enum(contactMessageStatuses),
  createdAt: z.iso.datetime(),
});

/** GET /api/admin/contact-messages: what visitors wrote through the contact form. */
export const AdminContactMessageResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.string(),
  createdAt: z.string(),
  /** Who last handled or answered it, and when. */
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  /** The answer emailed to the visitor, once there is one. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type AdminContactMessageResponse = z.infer<typeof AdminContactMessageResponse>;

/** PATCH /api/admin/contact-messages/{id}: mark it handled (`read`) or back to `new`. */
export const ContactMessageStatusBody = z.object({
  status: z.enum(['new', 'read'], { error: 'Status must be new or read (a reply marks it replied)' }),
});
export type ContactMessageStatusBody = z.output<typeof ContactMessageStatusBody>;

/** POST /api/admin/contact-messages/{id}/reply: the answer, emailed to the visitor. */
export const ContactMessageReplyBody = z.object({ message: requiredText('Reply', 5000) });
export type ContactMessageReplyBody = z.output<typeof ContactMessageReplyBody>;
