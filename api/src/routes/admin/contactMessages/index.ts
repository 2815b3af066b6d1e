import { AdminContactMessageResponse } from '@riffline/contracts';
import { z } from 'zod';
import { defineRoute } from '../../route.ts';
import * as handlers from './contactMessages.ts';
import {
  ContactMessageIdSchema,
  ListContactMessagesSchema,
  ReplyToContactMessageSchema,
  UpdateContactMessageStatusSchema,
} from './schema.ts';

const tag = 'Admin: messages';

export const adminContactMessageRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/contact-messages',
    summary:
      'What visitors wrote through the contact form (ra-data-simple-rest list; q searches name, email, subject)',
    tag,
    audience: 'admin',
    list: true,
    request: ListContactMessagesSchema,
    response: z.array(AdminContactMessageResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/contact-messages/:id',
    summary: 'One contact message',
    tag,
    audience: 'admin',
    request: ContactMessageIdSchema,
    response: AdminContactMessageResponse,
    handler: handlers.show,
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/contact-messages/:id',
    summary:
      'Mark a contact message handled (status read) or back to new; an answered one stays replied (409)',
    tag,
    audience: 'admin',
    request: UpdateContactMessageStatusSchema,
    response: AdminContactMessageResponse,
    errors: [409],
    handler: handlers.updateStatus,
  }),
  defineRoute({
    method: 'post',
    path: '/admin/contact-messages/:id/reply',
    summary:
      'Answer a contact message by email (sent by the workers after the commit); it becomes replied. Once only (409)',
    tag,
    audience: 'admin',
    request: ReplyToContactMessageSchema,
    response: AdminContactMessageResponse,
    errors: [409],
    handler: handlers.reply,
  }),
];
