import type { SupportTicketStatus } from '@riffline/contracts';
import { appendEvent, SupportTicket, User, type Db } from '@riffline/db';
import { NotFoundError, ValidationError } from '../../errors.ts';

/** An admin moves a ticket through its statuses and (un)assigns it to an admin. */
export async function updateSupportTicket(
  db: Db,
  admin: User,
  id: string,
  changes: { status?: SupportTicketStatus; assignedTo?: string | null },
): Promise<SupportTicket & { user?: User }> {
  return db.transaction(async (trx) => {
    const ticket = await SupportTicket.query(trx).findById(id).forUpdate();
    if (!ticket) throw NotFoundError('Ticket not found');
    if (changes.assignedTo) {
      const assignee = await User.query(trx).findById(changes.assignedTo);
      if (!assignee || assignee.role !== 'admin') {
        throw ValidationError('Assignee must be an admin', [
          { path: 'body.assignedTo', message: 'Assignee must be an admin' },
        ]);
      }
    }
    const changed = (['status', 'assignedTo'] as const).filter(
      (key) => changes[key] !== undefined && changes[key] !== ticket[key],
    );
    const updated = changed.length
      ? await SupportTicket.query(trx).patchAndFetchById(
          id,
          Object.fromEntries(changed.map((k) => [k, changes[k]])),
        )
      : ticket;
    if (changed.length) {
      await appendEvent(trx, {
        type: 'ticket.updated',
        aggregateId: id,
        actorId: admin.id,
        payload: { status: updated.status, assignedTo: updated.assignedTo, changed },
      });
    }
    const owner = await User.query(trx).findById(updated.userId);
    return Object.assign(updated, { user: owner });
  });
}
