import { z } from 'zod';
import { DecimalAmount, optionalText } from './common.ts';
import { paymentMethodTypes, withdrawalRequestStatuses } from './enums.ts';
import { normalizeAmount } from './money.ts';

/** SPEC §9: the smallest payout, in USD. */
export const MIN_WITHDRAWAL_REQUEST_USD = '20.00';

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
export const WithdrawalRequestBody = z.object({
  paymentMethodId: z.uuid('Choose one of your payment methods'),
  amount: usdAmount,
  /** The spec's client sends status "pending"; the server decides the status. */
  status: z.unknown().optional(),
});
export type WithdrawalRequestBody = z.output<typeof WithdrawalRequestBody>;

export const WithdrawalRequestResponse = z.object({
  id: z.string(),
  userId: z.string(),
  paymentMethodId: z.string().nullable(),
  paymentMethod: z
    .object({ type: z.enum(paymentMethodTypes), label: z.string() })
    .nullable()
    .describe('what the payout goes to, masked'),
  amount: DecimalAmount.describe('USD'),
  status: z.enum(withdrawalRequestStatuses),
  adminNotes: z.string().nullable(),
  paymentReference: z
    .string()
    .nullable()
    .describe('the UTR, or the PayPal or bank reference, recorded when the payout was marked completed'),
  processedBy: z.string().nullable(),
  processedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type WithdrawalRequestResponse = z.infer<typeof WithdrawalRequestResponse>;

/** The longest payment reference kept (a UTR has 12 digits; PayPal and bank references are shorter than this). */
export const PAYMENT_REFERENCE_MAX = 100;
export const PAYMENT_REFERENCE_REQUIRED = 'Payment reference is required to mark a payout completed';
export const PAYMENT_REFERENCE_ONLY_WHEN_COMPLETED =
  'A payment reference is recorded only when a payout is marked completed';

/**
 * PATCH /api/admin/withdrawal-requests/{id}. Marking a payout completed needs the payment's reference (the
 * UPI UTR, or the PayPal or bank transfer reference): the artist is emailed it.
 */
export const WithdrawalRequestReviewBody = z
  .object({
    status: z.enum(['approved', 'declined', 'processing', 'completed'], {
      error: 'Status must be approved, declined, processing or completed',
    }),
    adminNotes: optionalText('Admin notes', 2000),
    paymentReference: optionalText('Payment reference', PAYMENT_REFERENCE_MAX),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'completed' && !body.paymentReference) {
      ctx.addIssue({ code: 'custom', path: ['paymentReference'], message: PAYMENT_REFERENCE_REQUIRED });
    }
    if (body.status !== 'completed' && body.paymentReference) {
      ctx.addIssue({
        code: 'custom',
        path: ['paymentReference'],
        message: PAYMENT_REFERENCE_ONLY_WHEN_COMPLETED,
      });
    }
  });
export type WithdrawalRequestReviewBody = z.output<typeof WithdrawalRequestReviewBody>;

/** The note an approval carries (SPEC §4). */
export const APPROVED_WITHDRAWAL_REQUEST_NOTE = 'approved for processing, payment within 24 hours';
export const DECLINED_WITHDRAWAL_REQUEST_NOTE = 'Declined by admin';

/**
 * What a request's row says beside its status: once completed, that it was paid and with which reference
 * (the approval's note about payment within 24 hours is over by then); otherwise the admin's note.
 */
export function withdrawalRequestNote(
  request: Pick<WithdrawalRequestResponse, 'status' | 'adminNotes' | 'paymentReference'>,
): string | null {
  if (request.status !== 'completed') return request.adminNotes;
  const paid = request.paymentReference ? `Paid, reference ${request.paymentReference}` : 'Paid';
  const note = request.adminNotes === APPROVED_WITHDRAWAL_REQUEST_NOTE ? null : request.adminNotes;
  return note ? `${paid} · ${note}` : paid;
}
