import { formatMoney, statementMonthLabel } from '@riffline/contracts';
import type { Mail } from '@riffline/db';
import { compose } from './compose.ts';
import { greet, type Recipient } from './recipient.ts';

/** `report.imported`: what a store report credited to one artist (their "royalty updates" email). */
export function royaltiesMail(
  to: Recipient,
  credit: { amount: string; periods: string[]; statementMonth: string; opensStatement: boolean },
  publicUrl: string,
): Mail {
  const amount = formatMoney(credit.amount, 'USD');
  const periods = credit.periods.length ? credit.periods.join(', ') : 'recent sales';
  return compose({
    to: to.email,
    subject: `New royalties: ${amount} added to your earnings`,
    greeting: greet(to),
    blocks: [
      `A new store report has been processed, and ${amount} in royalties from your streams and downloads was credited to you.`,
      {
        list: [
          ['Royalties', `${amount} (USD)`],
          ['Sales period', periods],
        ],
      },
      // A month's first report opens that month's statement: say where it is (the later ones only add to it).
      ...(credit.opensStatement
        ? [
            `Your statement for ${statementMonthLabel(credit.statementMonth)} now has its first earnings: download it as CSV or PDF from Royalties. Each report that comes in this month is added to it.`,
          ]
        : []),
      {
        links: [
          ['Your royalties', `${publicUrl}/royalties`],
          ['Your analytics', `${publicUrl}/analytics`],
        ],
      },
      'You get this email because royalty updates are on in your settings.',
    ],
  });
}
