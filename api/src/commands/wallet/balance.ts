import { addAmounts, compareAmounts, convertAmount, subtractAmounts } from '@riffline/contracts';
import { heldByWithdrawalRequests, royaltySums, type Db, type DbTransaction } from '@riffline/db';

/** What an artist has earned (all of the royalty ledger) and in one period, in USD. */
export async function earningsUsd(db: Db | DbTransaction, userId: string, period?: string): Promise<string> {
  const sums = await royaltySums(db, userId, period);
  return addAmounts('0', ...sums.map((s) => convertAmount(s.total, s.currency, 'USD')));
}

/** Earnings less every withdrawal that holds money (not declined), never below zero, in USD. */
export async function availableToWithdrawUsd(db: Db | DbTransaction, userId: string): Promise<string> {
  const available = subtractAmounts(
    await earningsUsd(db, userId),
    await heldByWithdrawalRequests(db, userId),
  );
  return compareAmounts(available, '0') < 0 ? '0.00' : available;
}
