import { maskAccountNumber, type WithdrawalRequestResponse } from '@riffline/contracts';
import type { PaymentMethod, WithdrawalRequest } from '@riffline/db';

/** Where a payout goes, shown without the full account number. */
export function paymentMethodLabel(method: PaymentMethod): string {
  if (method.type === 'upi') return `UPI ${method.upiId}`;
  if (method.type === 'paypal') return `PayPal ${method.paypalEmail}`;
  return `Bank ${maskAccountNumber(method.accountNumber ?? '')} (${method.ifscCode})`;
}

export function presentWithdrawalRequest(
  request: WithdrawalRequest & { paymentMethod?: PaymentMethod | null },
): WithdrawalRequestResponse {
  return {
    id: request.id,
    userId: request.userId,
    paymentMethodId: request.paymentMethodId,
    paymentMethod: request.paymentMethod
      ? { type: request.paymentMethod.type, label: paymentMethodLabel(request.paymentMethod) }
      : null,
    amount: request.amount,
    status: request.status,
    adminNotes: request.adminNotes,
    paymentReference: request.paymentReference ?? null,
    processedBy: request.processedBy,
    processedAt: request.processedAt?.toISOString() ?? null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}
