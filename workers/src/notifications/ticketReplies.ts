import type { Mail } from '@riffline/db';
import { compose } from './compose.ts';
import { greet, type Recipient } from './recipient.ts';

interface Reply {
  ticketId: string;
  subject: string;
  body: string;
}

/** `ticket.messagePosted` by the team: the artist reads the answer and where to reply. */
export function teamReplyMail(to: Recipient, reply: Reply, publicUrl: string): Mail {
  return compose({
    to: to.email,
    subject: `Re: ${reply.subject} [ticket ${reply.ticketId.slice(0, 8)}]`,
    greeting: greet(to),
    blocks: [
      'Riffline Support answered your ticket:',
      { lines: reply.body.split(/\r?\n/) },
      { links: [['Read and reply under Support Tickets', `${publicUrl}/tickets`]] },
    ],
  });
}

/** `ticket.messagePosted` by the artist: the admin who has the ticket (or every admin) reads it. */
export function artistReplyMail(to: Recipient, artist: string, reply: Reply, publicUrl: string): Mail {
  return compose({
    to: to.email,
    subject: `${artist} replied: ${reply.subject}`,
    greeting: greet(to),
    blocks: [
      `${artist} wrote in their ticket "${reply.subject}":`,
      { lines: reply.body.split(/\r?\n/) },
      { links: [['Answer it in the console', `${publicUrl}/admin/tickets/${reply.ticketId}`]] },
    ],
  });
}
