import type { SupportTicketMessageResponse, SupportTicketStatus } from '@riffline/contracts';
import { appendEvent, SupportTicket, TicketMessage, User, type Db } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

export const SUPPORT_TICKET_NOT_FOUND = 'Ticket not found';
export const SUPPORT_TICKET_CLOSED = 'This ticket is closed: open a new one from the Help Center';
export const TEAM = 'Riffline Support';

const nameOf = (user: User | undefined) =>
  (user && ([user.firstName, user.lastName].filter(Boolean).join(' ') || user.username || user.email)) ||
  'Artist';

/** Who may read and answer a ticket: its owner, and the team (admins) on any ticket. */
async function reachableTicket(db: Db, user: User, id: string, asTeam: boolean, lock = false) {
  const query = SupportTicket.query(db).findById(id);
  const ticket = await (lock ? query.forUpdate() : query);
  if (!ticket || (!asTeam && ticket.userId !== user.id)) throw NotFoundError(SUPPORT_TICKET_NOT_FOUND);
  return ticket;
}

/** The conversation of a ticket, oldest first: its opening message, then each reply. */
export async function supportTicketConversation(
  db: Db,
  user: User,
  id: string,
  asTeam: boolean,
): Promise<SupportTicketMessageResponse[]> {
  const ticket = await reachableTicket(db, user, id, asTeam);
  const [owner, replies] = await Promise.all([
    User.query(db).findById(ticket.userId),
    TicketMessage.query(db).where({ ticketId: id }).orderBy('createdAt').orderBy('id'),
  ]);
  const artist = nameOf(owner);
  return [
    {
      id: ticket.id,
      fromTeam: false,
      author: artist,
      body: ticket.message,
      createdAt: ticket.createdAt.toISOString(),
    },
    ...replies.map((m) => ({
      id: m.id,
      fromTeam: m.fromTeam,
      author: m.fromTeam ? TEAM : artist,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  ];
}

/**
 * A reply in a ticket's conversation, by its owner or by the team. A closed ticket takes none (409). The
 * team answering an open ticket takes it in progress; the artist answering a resolved one opens it again.
 * One transaction: the message, the status, and `ticket.messagePosted` (the other side is emailed).
 */
export async function postTicketMessage(
  db: Db,
  author: User,
  id: string,
  body: string,
  asTeam: boolean,
  now: Date,
): Promise<SupportTicketMessageResponse> {
  return db.transaction(async (trx) => {
    const ticket = await reachableTicket(trx, author, id, asTeam, true);
    if (ticket.status === 'closed') throw ConflictError(SUPPORT_TICKET_CLOSED);
    const message = await TicketMessage.query(trx)
      .insert({ ticketId: id, authorId: author.id, fromTeam: asTeam, body, createdAt: now })
      .returning('*');
    const next: SupportTicketStatus | null =
      asTeam && ticket.status === 'open'
        ? 'in_progress'
        : !asTeam && ticket.status === 'resolved'
          ? 'open'
          : null;
    await SupportTicket.query(trx).patchAndFetchById(id, next ? { status: next } : {});
    await appendEvent(trx, {
      type: 'ticket.messagePosted',
      aggregateId: id,
      actorId: author.id,
      payload: { ticketId: id, userId: ticket.userId, fromTeam: asTeam, subject: ticket.subject, body },
    });
    if (next) {
      await appendEvent(trx, {
        type: 'ticket.updated',
        aggregateId: id,
        actorId: author.id,
        payload: { status: next, assignedTo: ticket.assignedTo, changed: ['status'] },
      });
    }
    const owner = asTeam ? undefined : await User.query(trx).findById(ticket.userId);
    return {
      id: message.id,
      fromTeam: asTeam,
      author: asTeam ? TEAM : nameOf(owner),
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    };
  });
}
