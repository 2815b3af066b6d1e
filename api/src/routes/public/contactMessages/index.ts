import { z } from 'zod';
import { ContactMessageBody, ContactMessageResponse } from '@riffline/contracts';
import { receiveContactMessage } from '../../../commands/contactMessages/contactMessageReceiver.ts';
import { defineRoute } from '../../route.ts';

const ContactSchema = z.object({ body: ContactMessageBody });

export const contactMessageRoutes = [
  defineRoute({
    method: 'post',
    path: '/contact',
    summary: 'Send a message to the team (anyone may)',
    tag: 'Support',
    audience: 'public',
    request: ContactSchema,
    response: ContactMessageResponse,
    status: 201,
    rateLimit: {
      name: 'contact',
      limit: 5,
      windowMs: 10 * 60_000,
      message: 'Too many messages. Please wait a few minutes and try again.',
    },
    handler: async (ctx, { db }) => {
      const message = await receiveContactMessage(db, ctx.state.input.body, ctx.state.user);
      return { id: message.id, status: message.status, createdAt: message.createdAt };
    },
  }),
];
