import type { Currency } from '@riffline/contracts';
import type { Db, DbTransaction } from '../connection.ts';

/** Withdrawals that hold money: asked for, approved, being paid or paid (not declined). */
export const HELD_WITHDRAWAL_REQUEST_STATUSES = ['pending', 'approved', 'processing', 'completed'] as const;

/** An artist's royalty ledger summed per currency (optionally one period, e.g. "2026-11"). */
export async function royaltySums(
  db: Db | DbTransaction,
  userId: string,
  period?: string,
): Promise<Array<{ currency: Currency; total: string }>> {
  const query = db('royalties')
    .select('currency')
    .sum({ total: 'amount' })
    .where({ user_id: userId })
    .groupBy('currency');
  if (period) query.where({ period });
  const rows = (await query) as Array<{ currency: Currency; total: string | number }>;
  return rows.map((r) => ({ currency: r.currency, total: String(r.total) }));
}

/** USD held by an artist's withdrawals that were not declined. */
export async function heldByWithdrawalRequests(db: Db | DbTransaction, userId: string): Promise<string> {
  const row = (await db('withdrawal_requests')
    .sum({ total: 'amount' })
    .where({ user_id: userId })
    .whereIn('status', HELD_WITHDRAWAL_REQUEST_STATUSES)
    .first()) as { total: string | number | null } | undefined;
  return row?.total === null || row?.total === undefined ? '0' : String(row.total);
}
