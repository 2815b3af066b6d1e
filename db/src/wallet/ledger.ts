import { floorToCents, type Currency } from '@riffline/contracts';
import type { Db, DbTransaction } from '../connection.ts';
import { Royalty } from '../models/Royalty.ts';

/** Withdrawals that hold money: asked for, approved, being paid or paid (not declined). */
export const HELD_WITHDRAWAL_REQUEST_STATUSES = ['pending', 'approved', 'processing', 'completed'] as const;

/**
 * When a ledger row reached the artist: the time its store report came in (uploaded), or the row's own for
 * one without a report. Not the row's `created_at` alone: importing a report again writes its rows anew.
 * Statements (db/src/statements/) date their months by the same rule.
 */
export const CREDITED_AT = 'coalesce(store_reports.created_at, royalties.created_at)';

/**
 * An artist's royalty ledger summed per currency, in cents: all of it, or what was credited from `from` until
 * `before` (by CREDITED_AT, whatever months of sales the rows are for).
 */
export async function royaltySums(
  db: Db | DbTransaction,
  userId: string,
  credited?: { from: Date; before: Date },
): Promise<Array<{ currency: Currency; total: string }>> {
  const query = db('royalties')
    .select('royalties.currency')
    .sum({ total: 'royalties.amount' })
    .where('royalties.user_id', userId)
    .groupBy('royalties.currency');
  if (credited) {
    query
      .leftJoin('store_reports', 'store_reports.id', 'royalties.report_id')
      .whereRaw(`${CREDITED_AT} >= ?`, [credited.from])
      .whereRaw(`${CREDITED_AT} < ?`, [credited.before]);
  }
  const rows = (await query) as Array<{ currency: Currency; total: string | number }>;
  // A payee's parts of split credits have 8 decimals: their sum counts in whole cents, rounded down.
  return rows.map((r) => ({ currency: r.currency, total: floorToCents(String(r.total)) }));
}

/** An artist's latest ledger rows (by sale period, then arrival), each with when it was credited. */
export async function latestRoyalties(
  db: Db | DbTransaction,
  userId: string,
  limit: number,
): Promise<Array<Royalty & { creditedAt: Date; releaseTitle: string | null }>> {
  const rows = (await Royalty.query(db)
    .leftJoin('store_reports', 'store_reports.id', 'royalties.report_id')
    // The release's title by the row itself: a collaborator's share is of a release that is not theirs.
    .leftJoin('releases', 'releases.id', 'royalties.release_id')
    .select('royalties.*', 'releases.title as release_title', db.raw(`${CREDITED_AT} as credited_at`))
    .where('royalties.user_id', userId)
    .orderBy([
      { column: 'royalties.period', order: 'desc' },
      { column: 'credited_at', order: 'desc' },
      { column: 'royalties.id', order: 'asc' },
    ])
    .limit(limit)) as Array<Royalty & { creditedAt: Date | string; releaseTitle: string | null }>;
  return rows.map((r) => Object.assign(r, { creditedAt: new Date(r.creditedAt) }));
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
