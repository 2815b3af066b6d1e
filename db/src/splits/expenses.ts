import type { PayeeStatus } from '@riffline/contracts';
import type { Db, DbTransaction } from '../connection.ts';

/** A release expense with its payer and what the ledger repaid on it (decimal text, cents). */
export interface ExpenseRecord {
  id: string;
  releaseId: string;
  amountUsd: string;
  note: string | null;
  createdAt: Date;
  repaid: string;
  payeeId: string;
  email: string | null;
  name: string | null;
  status: PayeeStatus;
}

/**
 * A release's expenses in the order they are repaid (docs/splits.md: `created_at`, then id), each with the
 * sum of the ledger rows naming it; `id` narrows it to one.
 */
export async function expensesOfRelease(
  db: Db | DbTransaction,
  releaseId: string,
  id?: string,
): Promise<ExpenseRecord[]> {
  const { rows } = (await db.raw(
    `select e.id, e.release_id as "releaseId", e.amount_usd::text as "amountUsd", e.note,
            e.created_at as "createdAt",
            coalesce((select sum(r.amount) from royalties r where r.expense_id = e.id), 0)::text as repaid,
            p.id as "payeeId", p.email, p.name, p.status
       from release_expenses e join payees p on p.id = e.paid_by
      where e.release_id = ? and (?::uuid is null or e.id = ?::uuid)
      order by e.created_at, e.id`,
    [releaseId, id ?? null, id ?? null],
  )) as { rows: ExpenseRecord[] };
  return rows;
}

/** Whether a split version of the release names the payee (the payers an expense may name). */
export async function releaseSplitNamesPayee(
  db: Db | DbTransaction,
  releaseId: string,
  payeeId: string,
): Promise<boolean> {
  const row = await db('split_shares as sh')
    .join('splits as s', 's.id', 'sh.split_id')
    .where({ 's.release_id': releaseId, 'sh.payee_id': payeeId })
    .first('sh.payee_id');
  return Boolean(row);
}

/** Inserts a release expense; answers its id. */
export async function insertExpense(
  db: Db | DbTransaction,
  expense: { releaseId: string; amountUsd: string; paidBy: string; note: string | null; createdBy: string },
): Promise<string> {
  const [row] = (await db('release_expenses').insert(expense).returning('id')) as Array<{ id: string }>;
  return row!.id;
}

/** Deletes a release expense (the caller checked nothing was repaid on it). */
export async function removeExpense(db: Db | DbTransaction, id: string): Promise<void> {
  await db('release_expenses').where({ id }).delete();
}
