import { OutboxMessage, readOutbox } from '@riffline/db';
import { z } from 'zod';
import { NotFoundError } from '../../../errors.ts';
import { defineRoute } from '../../route.ts';

/** Only where mail stays on this machine: no SMTP server configured, and never in production. */
export const devMailAvailable = (config: { env: string; mail: { smtpUrl?: string } }) =>
  config.env !== 'production' && !config.mail.smtpUrl;

/**
 * The outbox holds everyone's verification and password-reset links: it is shown only to a browser on this
 * machine, never to another host that can reach a development server.
 */
export const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

export const devMailRoutes = [
  defineRoute({
    method: 'get',
    path: '/dev/mail',
    summary:
      'The email the embedded setup wrote to its local outbox instead of sending, newest first (404 in production or with SMTP_URL)',
    tag: 'Platform',
    audience: 'public',
    errors: [404],
    request: z.object({
      query: z.object({
        to: z.string().trim().toLowerCase().max(320, 'to must be at most 320 characters').optional(),
        limit: z.coerce
          .number({ error: 'limit must be a number' })
          .int('limit must be a whole number')
          .min(1, 'limit must be between 1 and 200')
          .max(200, 'limit must be between 1 and 200')
          .default(50),
      }),
    }),
    response: z.object({ messages: z.array(OutboxMessage) }),
    handler: async (ctx, deps) => {
      if (!devMailAvailable(deps.config) || !isLoopback(ctx.ip)) throw NotFoundError();
      const { to, limit } = ctx.state.input.query;
      const messages = (await readOutbox(deps.config.mail.outbox))
        .filter((m) => !to || m.to.toLowerCase() === to)
        .slice(0, limit);
      ctx.set('Cache-Control', 'no-store');
      return { messages };
    },
  }),
];
