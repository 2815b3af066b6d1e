import {
  AdminContactMessageResponse,
  AdminNewsletterSubscriptionResponse,
  ContactMessageStatusBody,
  ContactReplyBody,
  contactMessageStatuses,
  uuidParam,
} from '@riffline/contracts';
import { ContactMessage, NewsletterSubscription } from '@riffline/db';
import { z } from 'zod';
import { replyToContact, setContactStatus } from '../../../commands/support/contactMessageHandler.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentContactMessage, presentNewsletterSubscription } from '../../../presenters/platform.ts';
import { defineRoute } from '../../route.ts';
import { containsPattern, listQuery, pageOf } from '../listQuery.ts';

const tag = 'Admin: messages';
const search = z.string().trim().max(200, 'Search must be at most 200 characters');

const ContactListSchema = z.object({
  query: listQuery(['createdAt', 'email', 'subject', 'status'], {
    status: z.enum(contactMessageStatuses, {
      error: `status must be one of ${contactMessageStatuses.join(', ')}`,
    }),
    q: search,
  }),
});
const SubscriptionListSchema = z.object({
  query: listQuery(['createdAt', 'email', 'isActive'], {
    isActive: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
      error: 'isActive must be true or false',
    }),
    q: search,
  }),
});
const IdSchema = z.object({ params: uuidParam });
const StatusSchema = z.object({ params: uuidParam, body: ContactMessageStatusBody });
const ReplySchema = z.object({ params: uuidParam, body: ContactReplyBody });

export const adminMessageRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/contact-messages',
    summary:
      'What visitors wrote through the contact form (ra-data-simple-rest list; q searches name, email, subject)',
    tag,
    audience: 'admin',
    list: true,
    request: ContactListSchema,
    response: z.array(AdminContactMessageResponse),
    handler: async (ctx, { db }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof ContactListSchema>).query;
      const query = ContactMessage.query(db);
      if (filter.status) query.where('status', filter.status);
      if (filter.q) {
        const like = containsPattern(filter.q);
        query.where((q) =>
          q.whereILike('name', like).orWhereILike('email', like).orWhereILike('subject', like),
        );
      }
      const rows = await pageOf(
        ctx,
        'contact-messages',
        query,
        { sort, range, filter, dates },
        { field: 'createdAt', order: 'desc' },
      );
      return rows.map(presentContactMessage);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/contact-messages/:id',
    summary: 'One contact message',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: AdminContactMessageResponse,
    handler: async (ctx, { db }) => {
      const row = await ContactMessage.query(db).findById(
        (ctx.state.input as z.infer<typeof IdSchema>).params.id,
      );
      if (!row) throw NotFoundError('Contact message not found');
      return presentContactMessage(row);
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/contact-messages/:id',
    summary:
      'Mark a contact message handled (status read) or back to new; an answered one stays replied (409)',
    tag,
    audience: 'admin',
    request: StatusSchema,
    response: AdminContactMessageResponse,
    errors: [409],
    handler: async (ctx, { db, clock }) => {
      const { params, body } = ctx.state.input as z.infer<typeof StatusSchema>;
      return presentContactMessage(await setContactStatus(db, ctx.state.user!, params.id, body, clock()));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/contact-messages/:id/reply',
    summary:
      'Answer a contact message by email (sent by the workers after the commit); it becomes replied. Once only (409)',
    tag,
    audience: 'admin',
    request: ReplySchema,
    response: AdminContactMessageResponse,
    errors: [409],
    handler: async (ctx, { db, clock }) => {
      const { params, body } = ctx.state.input as z.infer<typeof ReplySchema>;
      const replied = await replyToContact(db, ctx.state.user!, params.id, body.message, clock());
      return presentContactMessage(replied);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/newsletter-subscriptions',
    summary: 'Newsletter subscribers (ra-data-simple-rest list; q searches the address)',
    tag,
    audience: 'admin',
    list: true,
    request: SubscriptionListSchema,
    response: z.array(AdminNewsletterSubscriptionResponse),
    handler: async (ctx, { db }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof SubscriptionListSchema>)
        .query;
      const query = NewsletterSubscription.query(db);
      if (filter.isActive !== undefined) query.where('isActive', filter.isActive);
      if (filter.q) query.whereILike('email', containsPattern(filter.q));
      const rows = await pageOf(
        ctx,
        'newsletter-subscriptions',
        query,
        { sort, range, filter, dates },
        { field: 'createdAt', order: 'desc' },
      );
      return rows.map(presentNewsletterSubscription);
    },
  }),
];
