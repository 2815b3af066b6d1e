import { z } from 'zod';
import { DecimalAmount, optionalText } from './common.ts';
import { payeeStatuses } from './splits.ts';

/**
 * Recoupment (issue 35, docs/splits.md): expenses a release owner records, repaid from the release's
 * earnings to whoever paid them, in the order recorded, before the rest is split.
 */

const AMOUNT = /^\d{1,8}(\.\d{1,2})?$/;
export const EXPENSE_AMOUNT_MESSAGE =
  'amountUsd must be an amount in USD above 0 with at most 2 decimals, e.g. "100.00"';
export const EXPENSE_PAID_BY_MESSAGE = 'paidBy must be "owner" or the id of a payee of this release\'s split';
export const EXPENSE_PAYER_MESSAGE =
  "An expense is paid by you or by a collaborator this release's split names (not one whose invite was withdrawn).";
export const EXPENSE_REPAID_MESSAGE =
  'Part of this expense is already repaid: it stays recorded, so what was repaid keeps its reason.';

/** "100" or "100.5" → "100.00" / "100.50"; anything else (or 0) is refused. */
const amountUsd = z.union([z.number(), z.string()], { error: EXPENSE_AMOUNT_MESSAGE }).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (!AMOUNT.test(text) || !/[1-9]/.test(text)) {
    ctx.addIssue({ code: 'custom', message: EXPENSE_AMOUNT_MESSAGE });
    return z.NEVER;
  }
  const [whole = '0', fraction = ''] = text.split('.');
  return `${BigInt(whole)}.${fraction.padEnd(2, '0')}`;
});

/** POST /api/releases/:id/expenses: an expense of the release, paid by the owner or a collaborator. */
export const CreateExpenseBody = z.object({
  amountUsd,
  paidBy: z.union([z.literal('owner'), z.uuid({ error: EXPENSE_PAID_BY_MESSAGE })], {
    error: EXPENSE_PAID_BY_MESSAGE,
  }),
  note: optionalText('Note', 200),
});
export type CreateExpenseBody = z.output<typeof CreateExpenseBody>;

export const ExpenseResponse = z.object({
  id: z.string(),
  amountUsd: DecimalAmount,
  paidBy: z.object({
    payeeId: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    status: z.enum(payeeStatuses),
  }),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
  repaid: DecimalAmount.describe('USD repaid on it so far'),
  left: DecimalAmount.describe('USD still to repay before the release earnings are split'),
});
export type ExpenseResponse = z.infer<typeof ExpenseResponse>;

/** GET /api/releases/:id/expenses: the expenses in the order they are repaid, and what is left to recoup. */
export const ExpensesResponse = z.object({
  releaseId: z.string(),
  expenses: z.array(ExpenseResponse),
  leftToRecoup: DecimalAmount,
});
export type ExpensesResponse = z.infer<typeof ExpensesResponse>;
