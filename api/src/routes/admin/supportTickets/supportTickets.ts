import { SupportTicket } from '@riffline/db';
import { updateSupportTicket } from '../../../commands/supportTickets/supportTicketUpdater.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentAdminSupportTicket } from '../../../presenters/supportTicket.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { ListSupportTicketsInput, SupportTicketIdInput, UpdateSupportTicketInput } from './schema.ts';

export const list: Handler<ListSupportTicketsInput> = async (ctx, { db }) => {
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
  return rows.map(presentAdminSupportTicket);
};

export const show: Handler<SupportTicketIdInput> = async (ctx, { db }) => {
  const ticket = await SupportTicket.query(db)
    .findById(ctx.state.input.params.id)
    .withGraphFetched('user(contact)');
  if (!ticket) throw NotFoundError('Ticket not found');
  return presentAdminSupportTicket(ticket);
};

export const update: Handler<UpdateSupportTicketInput> = async (ctx, { db }) => {
  const { params, body } = ctx.state.input;
  return presentAdminSupportTicket(await updateSupportTicket(db, ctx.state.user!, params.id, body));
};
