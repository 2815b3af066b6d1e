import { SupportTicket } from '@riffline/db';
import { openTicket } from '../../../commands/support/ticketOpener.ts';
import { presentTicket } from '../../../presenters/ticket.ts';
import type { Handler } from '../../route.ts';
import type { OpenTicketInput } from './schema.ts';

export const list: Handler<unknown> = async (ctx, { db }) => {
  const tickets = await SupportTicket.query(db)
    .where({ userId: ctx.state.user!.id })
    .orderBy('createdAt', 'desc')
    .orderBy('id');
  return tickets.map(presentTicket);
};

export const open: Handler<OpenTicketInput> = async (ctx, { db }) =>
  presentTicket(await openTicket(db, ctx.state.user!, ctx.state.input.body));
