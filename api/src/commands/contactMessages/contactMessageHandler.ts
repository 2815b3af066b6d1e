import type { ContactMessageStatusBody } from '@riffline/contracts';
import { appendEvent, ContactMessage, type Db, type User } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

export const CONTACT_MESSAGE_NOT_FOUND = 'Contact message not found';
export const ALREADY_REPLIED = 'This message was already answered: its status stays replied';

/**
 * An admin marks a contact message handled (`read`) or puts it back (`new`); an answered one stays
 * `replied`. The same status again changes nothing and appends nothing.
 */
export async function setContactMessageStatus(
  db: Db,
  admin: User,
  id: string,
  { status }: ContactMessageStatusBody,
  now: Date,
): Promise<ContactMessage> {
  return db.transaction(async (trx) => {
    const message = await ContactMessage.query(trx).findById(id).forUpdate();
    if (!message) throw NotFoundError(CONTACT_MESSAGE_NOT_FOUND);
    if (message.status === 'replied') throw ConflictError(ALREADY_REPLIED);
    if (message.status === status) return message;
    const updated = await ContactMessage.query(trx).patchAndFetchById(id, {
      status,
      handledBy: admin.id,
      handledAt: now,
    });
    await appendEvent(trx, {
      type: 'contact.statusChanged',
      aggregateId: id,
      actorId: admin.id,
      payload: { status, previous: message.status },
    });
    return updated;
  });
}

/**
 * An admin answers a contact message: the reply is kept on it, it becomes `replied`, and
 * `contact.replied` has the notifications group email the visitor (after this commits). A message is
 * answered once; a second reply is refused rather than sent twice.
 */
export async function replyToContactMessage(
  db: Db,
  admin: User,
  id: string,
  reply: string,
  now: Date,
): Promise<ContactMessage> {
  return db.transaction(async (trx) => {
    const message = await ContactMessage.query(trx).findById(id).forUpdate();
    if (!message) throw NotFoundError(CONTACT_MESSAGE_NOT_FOUND);
    if (message.status === 'replied') throw ConflictError(ALREADY_REPLIED);
    const updated = await ContactMessage.query(trx).patchAndFetchById(id, {
      status: 'replied',
      reply,
      repliedAt: now,
      handledBy: admin.id,
      handledAt: now,
    });
    await appendEvent(trx, {
      type: 'contact.replied',
      aggregateId: id,
      actorId: admin.id,
      payload: { name: message.name, email: message.email, subject: message.subject, message: reply },
    });
    return updated;
  });
}
