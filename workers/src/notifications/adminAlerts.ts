import type { EventPayload } from '@riffline/contracts';
import type { Mail } from '@riffline/db';
import { compose } from './compose.ts';
import { greet, type Recipient } from './recipient.ts';

/** `application.submitted`: an admin with "admin alerts" on hears of each new application to review. */
export function newApplicationMail(
  to: Recipient,
  application: { id: string } & EventPayload<'application.submitted'>,
  publicUrl: string,
): Mail {
  return compose({
    to: to.email,
    subject: `New application: ${application.artistName}`,
    greeting: greet(to),
    blocks: [
      `${application.artistName} applied to join Riffline.`,
      {
        list: [
          ['Artist', application.artistName],
          ['Genre', application.genre],
          ...(application.email ? ([['Email', application.email]] as Array<[string, string]>) : []),
        ],
      },
      { links: [['Review it in the console', `${publicUrl}/admin/applications/${application.id}/show`]] },
      'You get this email because admin alerts are on in your Settings.',
    ],
  });
}

/** `ticket.opened`: an admin with "admin alerts" on hears of each new support ticket. */
export function newTicketMail(
  to: Recipient,
  artist: string,
  ticket: { id: string } & EventPayload<'ticket.opened'>,
  publicUrl: string,
): Mail {
  return compose({
    to: to.email,
    subject: `New ticket from ${artist}: ${ticket.subject}`,
    greeting: greet(to),
    blocks: [
      `${artist} opened a support ticket, "${ticket.subject}".`,
      {
        list: [
          ['Priority', ticket.priority],
          ...(ticket.category ? ([['Category', ticket.category]] as Array<[string, string]>) : []),
        ],
      },
      { links: [['Answer it in the console', `${publicUrl}/admin/tickets/${ticket.id}`]] },
      'You get this email because admin alerts are on in your Settings.',
    ],
  });
}
