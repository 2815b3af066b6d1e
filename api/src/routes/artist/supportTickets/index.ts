import { z } from 'zod';
import { TicketResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import { OpenTicketSchema } from './schema.ts';
import * as handlers from './supportTickets.ts';

export const supportTicketRoutes = [
  defineRoute({
    method: 'get',
    path: '/support-tickets',
    summary: "The signed-in user's tickets, newest first",
    tag: 'Support',
    audience: 'user',
    response: z.array(TicketResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'post',
    path: '/support-tickets',
    summary: 'Open a support ticket',
    tag: 'Support',
    audience: 'user',
    request: OpenTicketSchema,
    response: TicketResponse,
    status: 201,
    rateLimit: {
      name: 'tickets',
      limit: 20,
      windowMs: 3_600_000,
      message: 'Too many tickets. Please wait a while before opening another.',
    },
    handler: handlers.open,
  }),
];
