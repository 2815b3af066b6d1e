import { z } from 'zod';
import { email, requiredText } from './common.ts';
import { paymentMethodTypes } from './enums.ts';

/** `name@handle`, as UPI ids are written (e.g. maya.rivers@okhdfc). */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,64}$/;
/** An Indian bank branch: four letters, a zero, six letters or digits (e.g. HDFC0001234). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** POST /api/payment-methods: the fields each type needs (SPEC §5 Payment method rules). */
export const PaymentMethodBody = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('upi'),
      upiId: z
        .string({ error: 'UPI ID is required' })
        .trim()
        .min(1, 'UPI ID is required')
        .max(320, 'UPI ID is too long')
        .regex(UPI_ID_PATTERN, 'UPI ID must look like name@bank'),
    }),
    z.object({ type: z.literal('paypal'), paypalEmail: email('PayPal email must be a valid email address') }),
    z.object({
      type: z.literal('bank_transfer'),
      accountHolderName: requiredText('Account holder name', 200),
      accountNumber: z
        .string({ error: 'Account number is required' })
        .trim()
        .regex(/^\d{6,20}$/, 'Account number must be 6 to 20 digits'),
      ifscCode: z
        .string({ error: 'IFSC code is required' })
        .trim()
        .toUpperCase()
        .regex(IFSC_PATTERN, 'IFSC code must look like ABCD0123456'),
    }),
  ],
  { error: `Type must be one of ${paymentMethodTypes.join(', ')}` },
);
export type PaymentMethodBody = z.output<typeof PaymentMethodBody>;

export const PaymentMethodResponse = z.object({
  id: z.string(),
  type: z.enum(paymentMethodTypes),
  upiId: z.string().nullable(),
  paypalEmail: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  accountNumber: z.string().nullable().describe('masked: only the last four digits show'),
  ifscCode: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponse>;

/** "123456789012" → "••••••••9012": only the last four digits of an account number leave the server. */
export const maskAccountNumber = (accountNumber: string): string =>
  '•'.repeat(Math.max(0, accountNumber.length - 4)) + accountNumber.slice(-4);
