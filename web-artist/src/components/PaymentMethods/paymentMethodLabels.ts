import type { PaymentMethodType } from '@riffline/contracts';
import type { PaymentMethod } from '../../api/paymentMethods.ts';

/** How each payment method type reads (the Settings list and the withdrawal dialog). */
export const methodTypeLabels: Record<PaymentMethodType, string> = {
  upi: 'UPI',
  paypal: 'PayPal',
  bank_transfer: 'Bank Transfer',
};

/** What a method pays out to, as the list shows it. */
export function describeMethod(m: PaymentMethod): string {
  if (m.type === 'upi') return m.upiId ?? '';
  if (m.type === 'paypal') return m.paypalEmail ?? '';
  return [m.accountHolderName, m.accountNumber, m.ifscCode].filter(Boolean).join(' · ');
}
