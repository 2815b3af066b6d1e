import { z } from 'zod';
import { email, optionalText, requiredText } from './common.ts';
import {
  currencies,
  paymentMethodTypes,
  royaltyStatuses,
  transactionStatuses,
  transactionTypes,
  withdrawalStatuses,
} from './enums.ts';
import { DecimalAmount } from './common.ts';
import { normalizeAmount } from './money.ts';

/** GET /api/user/coins: the approved artist's balance (1 coin = 1 rupee, SPEC §9). */
export const CoinsResponse = z.object({ coins: DecimalAmount });
export type CoinsResponse = z.infer<typeof CoinsResponse>;

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

/** SPEC §9: the smallest payout, in USD. */
export const MIN_WITHDRAWAL_USD = '20.00';

/** An amount as a JSON number or decimal string, at most two decimals, positive (decimal(10,2)). */
const usdAmount = z
  .union([z.number(), z.string()], { error: 'Amount must be a number' })
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Amount must be a positive number with at most two decimals' });
      return z.NEVER;
    }
    return normalizeAmount(text);
  });

/** POST /api/withdrawal-requests: USD (the app converts from the artist's currency before sending). */
export const WithdrawalBody = z.object({
  paymentMethodId: z.uuid('Choose one of your payment methods'),
  amount: usdAmount,
  /** The spec's client sends status "pending"; the server decides the status. */
  status: z.unknown().optional(),
});
export type WithdrawalBody = z.output<typeof WithdrawalBody>;

export const WithdrawalResponse = z.object({
  id: z.string(),
  userId: z.string(),
  paymentMethodId: z.string().nullable(),
  paymentMethod: z
    .object({ type: z.enum(paymentMethodTypes), label: z.string() })
    .nullable()
    .describe('what the payout goes to, masked'),
  amount: DecimalAmount.describe('USD'),
  status: z.enum(withdrawalStatuses),
  adminNotes: z.string().nullable(),
  processedBy: z.string().nullable(),
  processedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WithdrawalResponse = z.infer<typeof WithdrawalResponse>;

/** PATCH /api/admin/withdrawal-requests/{id} */
export const WithdrawalReviewBody = z.object({
  status: z.enum(['approved', 'declined', 'processing', 'completed'], {
    error: 'Status must be approved, declined, processing or completed',
  }),
  adminNotes: optionalText('Admin notes', 2000),
});
export type WithdrawalReviewBody = z.output<typeof WithdrawalReviewBody>;

/** The note an approval carries (SPEC §4). */
export const APPROVED_WITHDRAWAL_NOTE = 'approved for processing, payment within 24 hours';
export const DECLINED_WITHDRAWAL_NOTE = 'Declined by admin';

export const RoyaltyItem = z.object({
  id: z.string(),
  releaseId: z.string().nullable(),
  amount: DecimalAmount,
  currency: z.enum(currencies),
  period: z.string(),
  status: z.enum(royaltyStatuses),
  paidAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});

/** GET /api/royalties: from the royalty ledger, in USD. */
export const RoyaltiesResponse = z.object({
  totalEarnings: DecimalAmount,
  thisMonth: DecimalAmount,
  availableToWithdraw: DecimalAmount,
  currency: z.literal('USD'),
  items: z.array(RoyaltyItem),
});
export type RoyaltiesResponse = z.infer<typeof RoyaltiesResponse>;

/** SPEC §5 Recharge: rupees (1 coin = 1 rupee), at least 1, at most 100,000, two decimals at most. */
export const RECHARGE_AMOUNT_MESSAGE = 'Please enter a valid amount.';
export const CreateOrderBody = z.object({
  amount: z.union([z.number(), z.string()], { error: RECHARGE_AMOUNT_MESSAGE }).transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    if (!/^\d{1,6}(\.\d{1,2})?$/.test(text) || Number(text) < 1 || Number(text) > 100_000) {
      ctx.addIssue({ code: 'custom', message: RECHARGE_AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return normalizeAmount(text);
  }),
  customerMobile: z
    .string({ error: 'Mobile number must be 10 digits' })
    .trim()
    .regex(/^\d{10}$/, 'Mobile number must be 10 digits')
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((v) => v ?? '0000000000'),
});
export type CreateOrderBody = z.output<typeof CreateOrderBody>;

export const CreateOrderResponse = z.object({
  success: z.literal(true),
  orderId: z.string(),
  paymentUrl: z.string(),
});

export const VerifyOrderResponse = z.object({
  status: z.enum(transactionStatuses),
  coinsAdded: DecimalAmount,
  message: z.string(),
});
export type VerifyOrderResponse = z.infer<typeof VerifyOrderResponse>;

export const TransactionResponse = z.object({
  id: z.string(),
  type: z.enum(transactionTypes),
  orderId: z.string(),
  amount: DecimalAmount,
  status: z.enum(transactionStatuses),
  paymentUrl: z.string().nullable(),
  utr: z.string().nullable(),
  message: z.string().nullable().describe("the gateway's word on a failed payment"),
  releaseId: z.string().nullable(),
  completedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TransactionResponse = z.infer<typeof TransactionResponse>;
