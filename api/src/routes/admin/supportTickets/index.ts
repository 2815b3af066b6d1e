import { z } from 'zod';
import {
  AdminSupportTicketResponse,
  SupportTicketMessageBody,
  SupportTicketMessageResponse,
  uuidParam,
} from '@riffline/contracts';
import {
  postTicketMessage,
  supportTicketConversation,
} from '../../../commands/supportTickets/supportTicketConversation.ts';
import { defineRoute } from '../../route.ts';
import { ListSupportTicketsSchema, SupportTicketIdSchema, UpdateSupportTicketSchema } from './schema.ts';
import * as handlers from './supportTickets.ts';

const tag = 'Admin: tickets';
const ReplySchema = z.object({ params: uuidParam, body: SupportTicketMessageBody });

export const adminSupportTicketRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/tickets',
    summary: 'All support tickets (ra-data-simple-rest list)',
    tag,
    audience: 'admin',
    list: true,
    request: ListSupportTicketsSchema,
    response: z.array(AdminSupportTicketResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/tickets/:id',
    summary: 'One ticket',
    tag,
    audience: 'admin',
    request: SupportTicketIdSchema,
    response: AdminSupportTicketResponse,
    handler: handlers.show,
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/tickets/:id',
    summary: "Set a ticket's status and assignee",
    tag,
    audience: 'admin',
    request: UpdateSupportTicketSchema,
    response: AdminSupportTicketResponse,
    handler: handlers.update,
  }),
  defineRoute({
    method: 'put',
    path: '/admin/tickets/:id',
    summary: "Set a ticket's status and assignee (react-admin update)",
    tag,
    audience: 'admin',
    request: UpdateSupportTicketSchema,
    response: AdminSupportTicketResponse,
    handler: handlers.update,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/tickets/:id/messages',
    summary: "A ticket's conversation, oldest first: the artist's opening message, then each reply",
    tag,
    audience: 'admin',
    request: SupportTicketIdSchema,
    response: z.array(SupportTicketMessageResponse),
    handler: async (ctx, { db }) =>
      supportTicketConversation(
        db,
        ctx.state.user!,
        (ctx.state.input as { params: { id: string } }).params.id,
        true,
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/admin/tickets/:id/messages',
    summary:
      'Answer a ticket as Riffline Support (an open one goes in progress; a closed one takes none: 409); the artist is emailed',
    tag,
    audience: 'admin',
    request: ReplySchema,
    response: SupportTicketMessageResponse,
    status: 201,
    errors: [409],
    handler: async (ctx, { db, clock }) => {
      const { params, body } = ctx.state.input as z.infer<typeof ReplySchema>;
      return postTicketMessage(db, ctx.state.user!, params.id, body.message, true, clock());
    },
  }),
];
