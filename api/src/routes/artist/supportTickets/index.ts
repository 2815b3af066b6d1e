import { z } from 'zod';
import {
  SupportTicketMessageBody,
  SupportTicketMessageResponse,
  SupportTicketResponse,
  uuidParam,
} from '@riffline/contracts';
import {
  postTicketMessage,
  supportTicketConversation,
} from '../../../commands/supportTickets/supportTicketConversation.ts';
import { defineRoute } from '../../route.ts';
import { OpenSupportTicketSchema } from './schema.ts';
import * as handlers from './supportTickets.ts';

const SupportTicketIdSchema = z.object({ params: uuidParam });
const ReplySchema = z.object({ params: uuidParam, body: SupportTicketMessageBody });

export const supportTicketRoutes = [
  defineRoute({
    method: 'get',
    path: '/support-tickets',
    summary: "The signed-in user's tickets, newest first",
    tag: 'Support',
    audience: 'user',
    response: z.array(SupportTicketResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'post',
    path: '/support-tickets',
    summary: 'Open a support ticket',
    tag: 'Support',
    audience: 'user',
    request: OpenSupportTicketSchema,
    response: SupportTicketResponse,
    status: 201,
    rateLimit: {
      name: 'tickets',
      limit: 20,
      windowMs: 3_600_000,
      message: 'Too many tickets. Please wait a while before opening another.',
    },
    handler: handlers.open,
  }),
  defineRoute({
    method: 'get',
    path: '/support-tickets/:id/messages',
    summary: "A ticket's conversation, oldest first: the opening message, then each reply (own tickets only)",
    tag: 'Support',
    audience: 'user',
    request: SupportTicketIdSchema,
    response: z.array(SupportTicketMessageResponse),
    handler: async (ctx, { db }) => {
      const { params } = ctx.state.input as z.infer<typeof SupportTicketIdSchema>;
      return supportTicketConversation(db, ctx.state.user!, params.id, false);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/support-tickets/:id/messages',
    summary:
      'Answer in a ticket of your own (a resolved one opens again; a closed one takes none: 409); the team is emailed',
    tag: 'Support',
    audience: 'user',
    request: ReplySchema,
    response: SupportTicketMessageResponse,
    status: 201,
    errors: [409],
    rateLimit: { name: 'ticket-messages', limit: 60, windowMs: 3_600_000, count: 'succeed' },
    handler: async (ctx, { db, clock }) => {
      const { params, body } = ctx.state.input as z.infer<typeof ReplySchema>;
      return postTicketMessage(db, ctx.state.user!, params.id, body.message, false, clock());
    },
  }),
];
