import { z } from 'zod';
import { AdminTicketResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import { ListTicketsSchema, TicketIdSchema, UpdateTicketSchema } from './schema.ts';
import * as handlers from './tickets.ts';

const tag = 'Admin: tickets';

export const adminTicketRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/tickets',
    summary: 'All support tickets (ra-data-simple-rest list)',
    tag,
    audience: 'admin',
    list: true,
    request: ListTicketsSchema,
    response: z.array(AdminTicketResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/tickets/:id',
    summary: 'One ticket',
    tag,
    audience: 'admin',
    request: TicketIdSchema,
    response: AdminTicketResponse,
    handler: handlers.show,
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/tickets/:id',
    summary: "Set a ticket's status and assignee",
    tag,
    audience: 'admin',
    request: UpdateTicketSchema,
    response: AdminTicketResponse,
    handler: handlers.update,
  }),
  defineRoute({
    method: 'put',
    path: '/admin/tickets/:id',
    summary: "Set a ticket's status and assignee (react-admin update)",
    tag,
    audience: 'admin',
    request: UpdateTicketSchema,
    response: AdminTicketResponse,
    handler: handlers.update,
  }),
];
