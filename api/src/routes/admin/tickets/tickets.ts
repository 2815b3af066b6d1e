import { SupportTicket } from '@riffline/db';
import { updateTicket } from '../../../commands/support/ticketUpdater.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentAdminTicket } from '../../../presenters/ticket.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { ListTicketsInput, TicketIdInput, UpdateTicketInput } from './schema.ts';

export const list: Handler<ListTicketsInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = SupportTicket.query(db).withGraphFetched('user(contact)');
  if (filter.status) query.where('support_tickets.status', filter.status);
  if (filter.userId) query.where('support_tickets.userId', filter.userId);
  if (filter.priority) query.where('priority', filter.priority);
  if (filter.q) {
    const like = containsPattern(filter.q);
    query.where((q) => q.whereILike('subject', like).orWhereILike('message', like));
  }
  const rows = await pageOf(
    ctx,
    'tickets',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
  );
  return rows.map(presentAdminTicket);
};

export const show: Handler<TicketIdInput> = async (ctx, { db }) => {
  const ticket = await SupportTicket.query(db)
    .findById(ctx.state.input.params.id)
    .withGraphFetched('user(contact)');
  if (!ticket) throw NotFoundError('Ticket not found');
  return presentAdminTicket(ticket);
};

export const update: Handler<UpdateTicketInput> = async (ctx, { db }) => {
  const { params, body } = ctx.state.input;
  return presentAdminTicket(await updateTicket(db, ctx.state.user!, params.id, body));
};
