import { EXPENSE_PAYER_MESSAGE, EXPENSE_REPAID_MESSAGE, type CreateExpenseBody } from '@riffline/contracts';
import {
  appendEvent,
  expensesOfRelease,
  insertExpense,
  Payee,
  releaseSplitNamesPayee,
  removeExpense,
  type Db,
  type User,
} from '@riffline/db';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { loadRelease } from '../releases/ownRelease.ts';

export const EXPENSE_NOT_FOUND = 'Expense not found';

/**
 * The owner records an expense of their release (docs/splits.md, Recoupment), paid by themself or by a
 * collaborator a version of the release's split names; later reports repay it before the split. The
 * owner's payee row is made on first use, as setting a split does.
 */
export async function recordExpense(
  db: Db,
  user: User,
  releaseId: string,
  body: CreateExpenseBody,
): Promise<string> {
  return db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, releaseId);
    let payee: Payee | undefined;
    if (body.paidBy === 'owner') {
      payee =
        (await Payee.query(trx).findOne({ ownerId: user.id, status: 'owner' })) ??
        (await Payee.query(trx)
          .insert({
            ownerId: user.id,
            userId: user.id,
            email: user.email?.toLowerCase() ?? null,
            status: 'owner',
          })
          .returning('*'));
    } else {
      payee = await Payee.query(trx).findOne({ id: body.paidBy, ownerId: user.id });
      if (
        !payee ||
        payee.status === 'withdrawn' ||
        !(await releaseSplitNamesPayee(trx, release.id, payee.id))
      ) {
        throw ValidationError(EXPENSE_PAYER_MESSAGE, [
          { path: 'body.paidBy', message: EXPENSE_PAYER_MESSAGE },
        ]);
      }
    }
    const expenseId = await insertExpense(trx, {
      releaseId: release.id,
      amountUsd: body.amountUsd,
      paidBy: payee.id,
      note: body.note ?? null,
      createdBy: user.id,
    });
    await appendEvent(trx, {
      type: 'expense.recorded',
      aggregateId: expenseId,
      actorId: user.id,
      payload: {
        releaseId: release.id,
        amountUsd: body.amountUsd,
        paidBy: payee.id,
        note: body.note ?? null,
      },
    });
    return expenseId;
  });
}

/**
 * Deletes an expense nothing was repaid on (409 otherwise: a repaid part keeps naming its expense). The
 * release row is locked: an import crediting it holds a key-share lock on it, so none repays the expense
 * while it is being deleted.
 */
export async function deleteExpense(db: Db, user: User, releaseId: string, expenseId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, releaseId, { lock: true });
    const [expense] = await expensesOfRelease(trx, release.id, expenseId);
    if (!expense) throw NotFoundError(EXPENSE_NOT_FOUND);
    if (Number(expense.repaid) !== 0) throw ConflictError(EXPENSE_REPAID_MESSAGE);
    await removeExpense(trx, expense.id);
    await appendEvent(trx, {
      type: 'expense.deleted',
      aggregateId: expense.id,
      actorId: user.id,
      payload: { releaseId: release.id, amountUsd: expense.amountUsd, paidBy: expense.payeeId },
    });
  });
}
