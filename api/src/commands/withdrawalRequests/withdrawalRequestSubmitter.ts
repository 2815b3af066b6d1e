import {
  compareAmounts,
  formatMoney,
  MIN_WITHDRAWAL_REQUEST_USD,
  type WithdrawalRequestBody,
} from '@riffline/contracts';
import { appendEvent, PaymentMethod, User, WithdrawalRequest, type Db } from '@riffline/db';
import { AuthorizationError, ValidationError } from '../../errors.ts';
import { availableToWithdrawUsd } from '../wallet/balance.ts';

/** A 400 about one field, as the schemas' own answers are. */
const fieldError = (path: string, message: string) => ValidationError(message, [{ path, message }]);

/**
 * An artist asks for a payout in USD to one of their own methods. The balance check and the insert run
 * with the artist's row locked, so concurrent requests queue and can never together exceed the balance.
 */
export async function submitWithdrawalRequest(
  db: Db,
  user: User,
  body: WithdrawalRequestBody,
): Promise<WithdrawalRequest> {
  // The gate lets in approved artists, admins and accepted payees: what is left is a proven address.
  if (!user.emailVerified) {
    throw AuthorizationError('Verify your email address before requesting a payout.');
  }
  if (compareAmounts(body.amount, MIN_WITHDRAWAL_REQUEST_USD) < 0) {
    throw fieldError(
      'body.amount',
      `Minimum withdrawal amount is ${formatMoney(MIN_WITHDRAWAL_REQUEST_USD, 'USD')}`,
    );
  }
  return db.transaction(async (trx) => {
    await User.query(trx).findById(user.id).forUpdate();
    const method = await PaymentMethod.query(trx).findById(body.paymentMethodId);
    if (!method || method.userId !== user.id) {
      throw fieldError('body.paymentMethodId', 'Choose one of your payment methods');
    }
    const available = await availableToWithdrawUsd(trx, user.id);
    if (compareAmounts(body.amount, available) > 0) {
      throw fieldError(
        'body.amount',
        `Amount is more than your available balance (${formatMoney(available, 'USD')})`,
      );
    }
    const request = await WithdrawalRequest.query(trx)
      .insert({ userId: user.id, paymentMethodId: method.id, amount: body.amount, status: 'pending' })
      .returning('*');
    await appendEvent(trx, {
      type: 'withdrawal.requested',
      aggregateId: request.id,
      actorId: user.id,
      payload: { userId: user.id, amount: request.amount, paymentMethodId: method.id },
    });
    return request;
  });
}
