import { ExpensesResponse, SplitsResponse, SplitVersionResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as expenses from './expenses.ts';
import {
  CreateExpenseSchema,
  CreateSplitSchema,
  ExpenseSchema,
  PayeeInviteSchema,
  ReleaseSplitsSchema,
} from './schema.ts';
import * as handlers from './splits.ts';

const tag = 'Splits';

export const splitRoutes = [
  defineRoute({
    method: 'get',
    path: '/releases/:id/splits',
    summary:
      "The owner's release split: its versions newest first (each from a sale month on) with their shares, and what each payee was credited, earned or held until they accept (USD, rounded down to the cent)",
    tag,
    audience: 'approved',
    request: ReleaseSplitsSchema,
    response: SplitsResponse,
    handler: handlers.list,
  }),
  defineRoute({
    method: 'post',
    path: '/releases/:id/splits',
    summary:
      "A new version of the owner's release split from a sale month on: shares by email (or `owner: true`), 2 decimals, adding up to exactly 100; new emails become invited payees whose shares are held. 409 for a month already credited or already starting a version",
    tag,
    audience: 'approved',
    request: CreateSplitSchema,
    response: SplitVersionResponse,
    status: 201,
    // Who is paid what is money out: the same step-up as a payout or a payment method.
    stepUp: true,
    errors: [409],
    handler: handlers.create,
  }),
  defineRoute({
    method: 'post',
    path: '/releases/:id/splits/payees/:payeeId/invite',
    summary:
      "Mail an invited payee of the owner's release split a fresh accept link (the previous one stops working); answers the split. 409 once the payee is not invited any more",
    tag,
    audience: 'approved',
    request: PayeeInviteSchema,
    response: SplitsResponse,
    status: 202,
    errors: [409],
    handler: handlers.resend,
  }),
  defineRoute({
    method: 'delete',
    path: '/releases/:id/splits/payees/:payeeId',
    summary:
      "Withdraw an unaccepted invite of the owner's release split: what was held for the payee returns to the owner, and so do the payee's later parts; answers the split. 409 once accepted or withdrawn",
    tag,
    audience: 'approved',
    request: PayeeInviteSchema,
    response: SplitsResponse,
    // Who is paid what is money out: the same step-up as changing the split.
    stepUp: true,
    errors: [409],
    handler: handlers.withdraw,
  }),
  defineRoute({
    method: 'get',
    path: '/releases/:id/expenses',
    summary:
      "The owner's release expenses in the order they are repaid (recorded first, repaid first), each with what is repaid and left, and the total left to recoup before the earnings are split (USD)",
    tag,
    audience: 'approved',
    request: ReleaseSplitsSchema,
    response: ExpensesResponse,
    handler: expenses.list,
  }),
  defineRoute({
    method: 'post',
    path: '/releases/:id/expenses',
    summary:
      "Record an expense of the owner's release, paid by the owner (`paidBy: 'owner'`) or a payee its split names: later earnings repay it to them before the split; answers the expenses",
    tag,
    audience: 'approved',
    request: CreateExpenseSchema,
    response: ExpensesResponse,
    status: 201,
    // Who is repaid first changes who is paid: the same step-up as changing the split.
    stepUp: true,
    handler: expenses.create,
  }),
  defineRoute({
    method: 'delete',
    path: '/releases/:id/expenses/:expenseId',
    summary:
      "Delete an expense of the owner's release that nothing was repaid on; answers the expenses. 409 once something was repaid on it",
    tag,
    audience: 'approved',
    request: ExpenseSchema,
    response: ExpensesResponse,
    // Who is repaid first changes who is paid: the same step-up as changing the split.
    stepUp: true,
    errors: [409],
    handler: expenses.remove,
  }),
];
