import type { Mail } from '@riffline/db';
import { compose } from './compose.ts';

/**
 * `contact.received`: tells whoever wrote through the contact form that the message arrived. It does not
 * repeat the message: the form takes any address, so the mail says no more than that one was received.
 */
export function contactReceivedMail(
  contact: { name: string; email: string; subject: string },
  publicUrl: string,
): Mail {
  return compose({
    to: contact.email,
    subject: 'We received your message',
    greeting: `Hi ${contact.name},`,
    blocks: [
      `Thank you for reaching out. We received your message "${contact.subject}" and will get back to you within 24 hours.`,
      'If you did not write to Riffline, you can ignore this email: someone may have typed your address by mistake.',
      { links: [['Riffline Help Center', `${publicUrl}/support`]] },
    ],
  });
}
