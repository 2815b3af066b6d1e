import { appendEvent, SupportTicket, type Db, type User } from '@riffline/db';
import type { SupportTicketBody } from '@riffline/contracts';

export async function openSupportTicket(db: Db, user: User, body: SupportTicketBody): Promise<SupportTicket> {
  return db.transaction(async (trx) => {
    const ticket = await SupportTicket.query(trx)
      .insert({ ...body, userId: user.id })
      .returning('*');
    await appendEvent(trx, {
      type: 'ticket.opened',
      aggregateId: ticket.id,
      actorId: user.id,
      payload: {
        userId: user.id,
        subject: ticket.subject,
        priority: ticket.priority,
        category: ticket.category,
      },
    });
    return ticket;
  });
}
