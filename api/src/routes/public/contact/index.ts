import { appendEvent, ContactMessage } from '@riffline/db';
import { z } from 'zod';
import { ContactBody, ContactResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';

const ContactSchema = z.object({ body: ContactBody });

export const contactRoutes = [
  defineRoute({
    method: 'post',
    path: '/contact',
    summary: 'Send a message to the team (anyone may)',
    tag: 'Support',
    audience: 'public',
    request: ContactSchema,
    response: ContactResponse,
    status: 201,
    rateLimit: {
      name: 'contact',
      limit: 5,
      windowMs: 10 * 60_000,
      message: 'Too many messages. Please wait a few minutes and try again.',
    },
    handler: async (ctx, { db }) => {
      const { body } = ctx.state.input;
      const message = await db.transaction(async (trx) => {
        const row = await ContactMessage.query(trx).insert(body).returning('*');
        await appendEvent(trx, {
          type: 'contact.received',
          aggregateId: row.id,
          actorId: ctx.state.user?.id ?? null,
          payload: { name: row.name, email: row.email, subject: row.subject },
        });
        return row;
      });
      return { id: message.id, status: message.status, createdAt: message.createdAt };
    },
  }),
];
