import { maskAccountNumber, type PaymentMethodResponse } from '@riffline/contracts';
import type { PaymentMethod } from '@riffline/db';

/** A payout method as it leaves the server: the account number masked to its last four digits. */
export function presentPaymentMethod(method: PaymentMethod): PaymentMethodResponse {
  return {
    id: method.id,
    type: method.type,
    upiId: method.upiId,
    paypalEmail: method.paypalEmail,
    accountHolderName: method.accountHolderName,
    accountNumber: method.accountNumber ? maskAccountNumber(method.accountNumber) : null,
    ifscCode: method.ifscCode,
    isDefault: method.isDefault,
    createdAt: method.createdAt.toISOString(),
  };
}
