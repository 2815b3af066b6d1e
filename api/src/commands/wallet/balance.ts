import { addAmounts, compareAmounts, convertAmount, subtractAmounts } from '@riffline/contracts';
import { heldByWithdrawalRequests, royaltySums, type Db, type DbTransaction } from '@riffline/db';

/**
 * What an artist has earned, in USD: all of the royalty ledger, or what was credited between two instants
 * (by the day each store report came in).
 */
export async function earningsUsd(
  db: Db | DbTransaction,
  userId: string,
  credited?: { from: Date; before: Date },
): Promise<string> {
  const sums = await royaltySums(db, userId, credited);
  return addAmounts('0', ...sums.map((s) => convertAmount(s.total, s.currency, 'USD')));
}

/** The calendar month (UTC) `now` falls in, as the instants it runs from and until. */
export function calendarMonthOf(now: Date): { from: Date; before: Date } {
  return {
    from: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    before: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/**
 * Earnings less every withdrawal that holds money (not declined), never below zero, in USD. Every ledger
 * row counts, whatever its status: a row is credited the moment its report is imported (the artist reads
 * it as 'Credited'), and withdrawals draw on the balance, never on single rows.
 */
export async function availableToWithdrawUsd(db: Db | DbTransaction, userId: string): Promise<string> {
  const available = subtractAmounts(
    await earningsUsd(db, userId),
    await heldByWithdrawalRequests(db, userId),
  );
  return compareAmounts(available, '0') < 0 ? '0.00' : available;
}
