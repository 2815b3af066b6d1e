import { formatCoins } from '@riffline/contracts';
import type { Mail } from '@riffline/db';
import { compose } from './compose.ts';
import { greet, type Recipient } from './recipient.ts';

/** `wallet.paymentCompleted`: the top-up went through and the coins are in the wallet. */
export function paymentCompletedMail(
  to: Recipient,
  payment: { orderId: string; coinsAdded: string },
  publicUrl: string,
): Mail {
  const coins = formatCoins(payment.coinsAdded);
  return compose({
    to: to.email,
    subject: `${coins} coins added to your wallet`,
    greeting: greet(to),
    blocks: [
      `Your payment went through: ${coins} coins were added to your Riffline wallet (1 coin = 1 rupee).`,
      {
        list: [
          ['Coins added', coins],
          ['Order', payment.orderId],
        ],
      },
      { links: [['Your wallet', `${publicUrl}/wallet`]] },
    ],
  });
}
