import type { EventPayload } from '@riffline/contracts';
import type { Mail } from '@riffline/db';
import { compose } from './compose.ts';

type Decision = EventPayload<'application.approved'>;
type Rejection = EventPayload<'application.rejected'>;

const greeting = (decision: Decision) => `Hi ${decision.firstName ?? decision.artistName},`;

/** The email that tells an artist their application was approved (SPEC §2: "decision by email"). */
export function approvedMail(decision: Decision, publicUrl: string): Mail | null {
  if (!decision.email) return null;
  return compose({
    to: decision.email,
    subject: 'Welcome to Riffline: your application is approved',
    greeting: greeting(decision),
    blocks: [
      {
        lines: [
          `Good news: your application for ${decision.artistName} has been approved.`,
          'Your artist dashboard is open now. From there you can create your first release, follow your',
          'streams and royalties, and request payouts.',
        ],
      },
      { links: [['Sign in', `${publicUrl}/`]] },
      'Tip: plan releases at least two weeks ahead and use artwork of at least 3000 x 3000 pixels.',
    ],
  });
}

/** The email that tells an artist their application was not accepted this time, and why when the admin said. */
export function rejectedMail(decision: Rejection, publicUrl: string): Mail | null {
  if (!decision.email) return null;
  return compose({
    to: decision.email,
    subject: 'About your Riffline application',
    greeting: greeting(decision),
    blocks: [
      {
        lines: [
          `Thank you for applying with ${decision.artistName}. After reviewing your application we cannot`,
          'approve it at this time.',
        ],
      },
      ...(decision.reason ? [{ list: [['Reason', decision.reason]] as Array<[string, string]> }] : []),
      {
        lines: [
          'You are welcome to apply again once you have more to show us: links to released music, a',
          'growing audience on your socials, or a demo that represents where your sound is heading.',
        ],
      },
      {
        links: [
          ['Apply again', `${publicUrl}/apply`],
          ['Questions', `${publicUrl}/contact`],
        ],
      },
    ],
  });
}
