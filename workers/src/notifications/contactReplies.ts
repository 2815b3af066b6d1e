import type { Mail } from '@riffline/db';
import { compose } from './compose.ts';

/** `contact.replied`: the team's answer to what a visitor wrote through the contact form. */
export function contactReplyMail(
  contact: { name: string; email: string; subject: string; message: string },
  publicUrl: string,
): Mail {
  const subject = contact.subject.replace(/^(re:\s*)+/i, '');
  return compose({
    to: contact.email,
    subject: `Re: ${subject}`,
    greeting: `Hi ${contact.name},`,
    blocks: [
      { lines: contact.message.split(/\r?\n/) },
      `You wrote to us about "${subject}". Reply to this email, or write again from the contact page, if there is anything more we can do.`,
      { links: [['Riffline Help Center', `${publicUrl}/support`]] },
    ],
  });
}
