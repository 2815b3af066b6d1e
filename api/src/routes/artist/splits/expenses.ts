import { expensesOfRelease } from '@riffline/db';
import { deleteExpense, recordExpense } from '../../../commands/splits/expenses.ts';
import { loadRelease } from '../../../commands/releases/ownRelease.ts';
import { presentExpenses } from '../../../presenters/expense.ts';
import type { Handler } from '../../route.ts';
import type { CreateExpenseInput, ExpenseInput, ReleaseSplitsInput } from './schema.ts';

/** The owner's release expenses in the order they are repaid, with what is left to recoup. */
export const list: Handler<ReleaseSplitsInput> = async (ctx, { db }) => {
  const release = await loadRelease(db, ctx.state.user!, ctx.state.input.params.id);
  return presentExpenses(release.id, await expensesOfRelease(db, release.id));
};

/** Records an expense; answers the release's expenses. */
export const create: Handler<CreateExpenseInput> = async (ctx, { db }) => {
  const { params, body } = ctx.state.input;
  await recordExpense(db, ctx.state.user!, params.id, body);
  return presentExpenses(params.id, await expensesOfRelease(db, params.id));
};

/** Deletes an expense nothing was repaid on; answers the release's expenses. */
export const remove: Handler<ExpenseInput> = async (ctx, { db }) => {
  const { id, expenseId } = ctx.state.input.params;
  await deleteExpense(db, ctx.state.user!, id, expenseId);
  return presentExpenses(id, await expensesOfRelease(db, id));
};
