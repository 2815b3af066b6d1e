import type { PayeeStatus } from '@riffline/contracts';
import type { Db, DbTransaction } from '../connection.ts';

/** The latest sale month credited for a release (any ledger row of it), or null when none is. */
export async function latestCreditedPeriod(
  db: Db | DbTransaction,
  releaseId: string,
): Promise<string | null> {
  const row = (await db('royalties').where({ releaseId }).max({ period: 'period' }).first()) as
    { period: string | null } | undefined;
  return row?.period ?? null;
}

/** A payee as a release's split names them, with what they were credited: earned and held (decimal text). */
export interface PayeeAmounts {
  payeeId: string;
  email: string | null;
  name: string | null;
  status: PayeeStatus;
  earned: string;
  held: string;
}

export interface SplitVersionRecord {
  id: string;
  trackId: string | null;
  trackTitle: string | null;
  effectiveFrom: string;
  createdAt: Date;
  shares: Array<PayeeAmounts & { percent: string }>;
}

/** Sums of a payee's ledger rows: those with a user are earned, those without are held for them. */
const AMOUNTS = `coalesce(sum(r.amount) filter (where r.user_id is not null), 0)::text as earned,
                 coalesce(sum(r.amount) filter (where r.user_id is null), 0)::text as held`;
const PAYEE = 'p.id as "payeeId", p.email, p.name, p.status';
const PAYEE_ORDER = "p.status = 'owner' desc, p.email, p.id";

/**
 * A release's split versions, newest first (the release's own, then each track's in track order), each
 * share with what was credited under that version; and each payee named by any of them with what they
 * were credited over all.
 */
export async function splitsOfRelease(
  db: Db | DbTransaction,
  releaseId: string,
): Promise<{ versions: SplitVersionRecord[]; payees: PayeeAmounts[] }> {
  const versions = (await db('splits as s')
    .leftJoin('tracks as t', 't.id', 's.track_id')
    .where('s.release_id', releaseId)
    .orderByRaw('t.track_number nulls first, s.effective_from desc')
    .select('s.id', 's.track_id', 't.title as track_title', 's.effective_from', 's.created_at')) as Array<
    Omit<SplitVersionRecord, 'shares'>
  >;
  const { rows: shares } = (await db.raw(
    `select sh.split_id as "splitId", sh.percent::text as percent, ${PAYEE}, ${AMOUNTS}
       from split_shares sh
       join splits s on s.id = sh.split_id
       join payees p on p.id = sh.payee_id
       left join royalties r on r.split_id = sh.split_id and r.payee_id = sh.payee_id
      where s.release_id = ?
      group by sh.split_id, sh.percent, p.id
      order by ${PAYEE_ORDER}`,
    [releaseId],
  )) as { rows: Array<PayeeAmounts & { splitId: string; percent: string }> };
  const { rows: payees } = (await db.raw(
    `select ${PAYEE}, ${AMOUNTS}
       from payees p
       left join royalties r on r.payee_id = p.id and r.release_id = ?
      where p.id in (select sh.payee_id from split_shares sh join splits s on s.id = sh.split_id
                      where s.release_id = ?)
      group by p.id
      order by ${PAYEE_ORDER}`,
    [releaseId, releaseId],
  )) as { rows: PayeeAmounts[] };
  return {
    versions: versions.map((v) => ({
      ...v,
      shares: shares.filter((s) => s.splitId === v.id).map(({ splitId: _, ...share }) => share),
    })),
    payees,
  };
}
