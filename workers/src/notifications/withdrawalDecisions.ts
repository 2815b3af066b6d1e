import { formatMoney } from '@riffline/contracts';
import type { Mail } from '@riffline/db';
import { compose } from './compose.ts';
import { greet, type Recipient } from './recipient.ts';

/** A decided withdrawal request, as its decision event (`withdrawal.approved` or `.declined`) carries it. */
export interface WithdrawalDecision {
  /** USD, as requested (decimal string). */
  amount: string;
  adminNotes: string;
}

/** `withdrawal.approved`: the payout is on its way. */
export function withdrawalApprovedMail(to: Recipient, decision: WithdrawalDecision, publicUrl: string): Mail {
  const amount = formatMoney(decision.amount, 'USD');
  return compose({
    to: to.email,
    subject: `Your withdrawal of ${amount} is approved`,
    greeting: greet(to),
    blocks: [
      `Your withdrawal request of ${amount} is approved and being processed. The payment reaches your chosen payout method within 24 hours.`,
      {
        list: [
          ['Amount', `${amount} (USD)`],
          ['Note', decision.adminNotes],
        ],
      },
      { links: [['Your royalties and withdrawals', `${publicUrl}/royalties`]] },
    ],
  });
}

/** `withdrawal.declined`: why, and that the money stays available. */
export function withdrawalDeclinedMail(to: Recipient, decision: WithdrawalDecision, publicUrl: string): Mail {
  const amount = formatMoney(decision.amount, 'USD');
  return compose({
    to: to.email,
    subject: `Your withdrawal request of ${amount} was declined`,
    greeting: greet(to),
    blocks: [
      `We could not approve your withdrawal request of ${amount}. Nothing was paid out, and the amount is available to withdraw again.`,
      { list: [['Reason', decision.adminNotes || 'Declined by admin']] },
      {
        links: [
          ['Your royalties and withdrawals', `${publicUrl}/royalties`],
          ['Questions', `${publicUrl}/support`],
        ],
      },
    ],
  });
}

/** `withdrawal.completed`: the money was sent, with the payment's reference to look it up by. */
export function withdrawalCompletedMail(
  to: Recipient,
  payout: { amount: string; paymentReference?: string },
  publicUrl: string,
): Mail {
  const amount = formatMoney(payout.amount, 'USD');
  return compose({
    to: to.email,
    subject: `Your payout of ${amount} was sent`,
    greeting: greet(to),
    blocks: [
      `Your withdrawal of ${amount} has been paid to your chosen payout method. Depending on your bank or PayPal, it may take a little while to show in your account.`,
      {
        list: [
          ['Amount', `${amount} (USD)`],
          ...(payout.paymentReference
            ? ([['Payment reference', payout.paymentReference]] as Array<[string, string]>)
            : []),
        ],
      },
      'If it has not arrived, write to us with the payment reference above.',
      {
        links: [
          ['Your royalties and withdrawals', `${publicUrl}/royalties`],
          ['Questions', `${publicUrl}/support`],
        ],
      },
    ],
  });
}
