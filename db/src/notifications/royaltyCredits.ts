import { floorToCents } from '@riffline/contracts';
import type { Db } from '../connection.ts';

/** What one store report credited to one artist, with what the royalty email needs to know about them. */
export interface RoyaltyCredit {
  userId: string;
  email: string | null;
  firstName: string | null;
  /** Their "royalty updates" toggle (on when they never changed it). */
  royaltyUpdates: boolean;
  /** USD credited to their royalty ledger by the report, rounded down to the cent (decimal string). */
  amount: string;
  /** The sale months the amounts are for (`YYYY-MM`), in order. */
  periods: string[];
}

/** Per artist, the royalties a report added: one query, however many artists the report paid. */
export async function royaltyCreditsOfStoreReport(db: Db, reportId: string): Promise<RoyaltyCredit[]> {
  const rows: Array<{
    userId: string;
    email: string | null;
    firstName: string | null;
    royaltyUpdates: boolean | null;
    amount: string | number;
    periods: string[] | null;
  }> = await db('royalties as r')
    .join('users as u', 'u.id', 'r.userId')
    .leftJoin('notification_settings as n', 'n.userId', 'r.userId')
    .where('r.reportId', reportId)
    .groupBy('r.userId', 'u.email', 'u.firstName', 'n.royaltyUpdates')
    .orderBy('r.userId')
    .select('r.userId', 'u.email', 'u.firstName', 'n.royaltyUpdates')
    .sum({ amount: 'r.amount' })
    .select(db.raw('array_agg(distinct r.period order by r.period) as periods'));
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    royaltyUpdates: row.royaltyUpdates ?? true,
    amount: floorToCents(String(row.amount)),
    periods: (row.periods ?? []).filter(Boolean),
  }));
}
