import { floorToCents, type ExpensesResponse } from '@riffline/contracts';
import type { ExpenseRecord } from '@riffline/db';

/** Cents of a decimal text (the expenses and their repaid parts are whole cents). */
const cents = (value: string) => BigInt(floorToCents(value).replace('.', ''));
const text = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;

/** A release's expenses in the order they are repaid, each with what is repaid and left, and the total left. */
export function presentExpenses(releaseId: string, records: ExpenseRecord[]): ExpensesResponse {
  const expenses = records.map((e) => {
    const left = cents(e.amountUsd) - cents(e.repaid);
    return {
      id: e.id,
      amountUsd: floorToCents(e.amountUsd),
      paidBy: { payeeId: e.payeeId, email: e.email, name: e.name, status: e.status },
      note: e.note,
      createdAt: new Date(e.createdAt).toISOString(),
      repaid: floorToCents(e.repaid),
      left: text(left > 0n ? left : 0n),
    };
  });
  const left = expenses.reduce((sum, e) => sum + cents(e.left), 0n);
  return { releaseId, expenses, leftToRecoup: text(left) };
}
