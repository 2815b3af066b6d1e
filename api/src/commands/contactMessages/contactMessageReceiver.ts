import type { ContactMessageBody } from '@riffline/contracts';
import { appendEvent, ContactMessage, type Db, type User } from '@riffline/db';
import type { z } from 'zod';

/** Anyone writes to the team: the message is kept and `contact.received` tells whoever handles it. */
export async function receiveContactMessage(
  db: Db,
  body: z.infer<typeof ContactMessageBody>,
  sender?: User,
): Promise<ContactMessage> {
  return db.transaction(async (trx) => {
    const message = await ContactMessage.query(trx).insert(body).returning('*');
    await appendEvent(trx, {
      type: 'contact.received',
      aggregateId: message.id,
      actorId: sender?.id ?? null,
      payload: { name: message.name, email: message.email, subject: message.subject },
    });
    return message;
  });
}
