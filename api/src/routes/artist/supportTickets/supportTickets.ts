import { SupportTicket } from '@riffline/db';
import { openSupportTicket } from '../../../commands/supportTickets/supportTicketOpener.ts';
import { presentSupportTicket } from '../../../presenters/supportTicket.ts';
import type { Handler } from '../../route.ts';
import type { OpenSupportTicketInput } from './schema.ts';

export const list: Handler<unknown> = async (ctx, { db }) => {
  const tickets = await SupportTicket.query(db)
    .where({ userId: ctx.state.user!.id })
    .orderBy('createdAt', 'desc')
    .orderBy('id');
  return tickets.map(presentSupportTicket);
};

export const open: Handler<OpenSupportTicketInput> = async (ctx, { db }) =>
  presentSupportTicket(await openSupportTicket(db, ctx.state.user!, ctx.state.input.body));
