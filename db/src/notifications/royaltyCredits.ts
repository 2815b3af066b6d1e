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
  /** The month of crediting the report came in (`YYYY-MM`, UTC): its statement's month. */
  statementMonth: string;
  /** No earlier report credited them in that month: the report opens their statement for it. */
  opensStatement: boolean;
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
    statementMonth: string;
    opensStatement: boolean;
  }> = await db('royalties as r')
    .join('users as u', 'u.id', 'r.userId')
    .join('store_reports as s', 's.id', 'r.reportId')
    .leftJoin('notification_settings as n', 'n.userId', 'r.userId')
    .where('r.reportId', reportId)
    .groupBy('r.userId', 'u.email', 'u.firstName', 'n.royaltyUpdates', 's.id', 's.createdAt')
    .orderBy('r.userId')
    .select('r.userId', 'u.email', 'u.firstName', 'n.royaltyUpdates')
    .sum({ amount: 'r.amount' })
    .select(db.raw('array_agg(distinct r.period order by r.period) as periods'))
    .select(db.raw(`to_char(s.created_at at time zone 'UTC', 'YYYY-MM') as "statementMonth"`))
    .select(
      db.raw(`not exists (
        select 1 from royalties o join store_reports e on e.id = o.report_id
         where o.user_id = r.user_id and e.id <> s.id and e.created_at < s.created_at
           and date_trunc('month', e.created_at at time zone 'UTC') = date_trunc('month', s.created_at at time zone 'UTC')
      ) as "opensStatement"`),
    );
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    royaltyUpdates: row.royaltyUpdates ?? true,
    amount: floorToCents(String(row.amount)),
    periods: (row.periods ?? []).filter(Boolean),
    statementMonth: row.statementMonth,
    opensStatement: row.opensStatement,
  }));
}
