import { z } from 'zod';
import { currencies, royaltyStatuses, transactionStatuses, transactionTypes } from './enums.ts';
import { DecimalAmount } from './common.ts';
import { normalizeAmount } from './money.ts';

/**
 * GET /api/user/coins: the approved artist's balance (1 coin = 1 rupee, SPEC §9) and the distribution fee
 * a submission takes from it ("0.00" while distribution is free), shown before it is taken.
 */
export const CoinsResponse = z.object({
  coins: DecimalAmount,
  distributionFeeCoins: DecimalAmount.describe('the distribution_fee_coins platform setting'),
});
export type CoinsResponse = z.infer<typeof CoinsResponse>;

export const RoyaltyItem = z.object({
  id: z.string(),
  releaseId: z.string().nullable(),
  /** The release's title, also for a collaborator's share of a release that is someone else's. */
  releaseTitle: z.string().nullable(),
  /** Rounded down to the cent: a split share's part of a credit has up to 8 decimals (`exactAmount`). */
  amount: DecimalAmount,
  exactAmount: z.string().describe('the amount as the ledger keeps it, up to 8 decimals'),
  currency: z.enum(currencies),
  period: z.string(),
  status: z.enum(royaltyStatuses),
  paidAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** When the amount reached the artist: the day its store report came in (what This Month counts by). */
  creditedAt: z.iso.datetime(),
});

/**
 * GET /api/royalties: from the royalty ledger, in USD. `thisMonth` is what was credited this calendar
 * month (UTC), by the day each store report came in, whatever months of sales it covers; every ledger row
 * counts in `availableToWithdraw` (earnings less the withdrawals that hold money).
 */
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
