import { createHash, randomBytes } from 'node:crypto';
import type { Db, DbTransaction } from '../connection.ts';
import { User } from '../models/User.ts';

/** A fresh invite token: 32 random bytes, URL-safe. Only the mail carries it; the database keeps its hash. */
export const newInviteToken = () => randomBytes(32).toString('base64url');

/** The SHA-256 (hex) of an invite token, as `payees.invite_token_hash` keeps it. */
export const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How an owner is named to the people they invite: their name, else their address. */
export async function ownerNameOf(db: Db | DbTransaction, ownerId: string): Promise<string> {
  const owner = await User.query(db).findById(ownerId);
  const name = [owner?.firstName, owner?.lastName].filter(Boolean).join(' ');
  return name || owner?.email || 'A Riffline artist';
}

/** The releases whose split names the payee, each with the payee's share in the latest version naming them. */
export async function invitedReleases(
  db: Db | DbTransaction,
  payeeId: string,
): Promise<Array<{ releaseId: string; title: string; percent: string }>> {
  const { rows } = (await db.raw(
    `select * from (
       select distinct on (s.release_id) s.release_id as "releaseId", r.title, sh.percent::text as percent
         from split_shares sh
         join splits s on s.id = sh.split_id
         join releases r on r.id = s.release_id
        where sh.payee_id = ? and s.track_id is null
        order by s.release_id, s.effective_from desc) named
      order by title, "releaseId"`,
    [payeeId],
  )) as { rows: Array<{ releaseId: string; title: string; percent: string }> };
  return rows;
}

/** What is held for a payee (ledger rows naming them with no user yet), as exact decimal text. */
export async function heldForPayee(db: Db | DbTransaction, payeeId: string): Promise<string> {
  const row = (await db('royalties')
    .where({ payeeId })
    .whereNull('userId')
    .select(db.raw('coalesce(sum(amount), 0)::text as held'))
    .first()) as { held: string };
  return row.held;
}

/**
 * Locks the releases whose splits name the payee (`for update`) until the caller's transaction ends. An
 * import takes a key-share lock on a release when it writes its ledger rows, so an acceptance or a
 * withdrawal waits for an import in progress and the other way round: no part can be written as held
 * after the held rows were moved.
 */
export async function lockPayeeReleases(trx: DbTransaction, payeeId: string): Promise<void> {
  await trx.raw(
    `select id from releases
      where id in (select s.release_id from split_shares sh join splits s on s.id = sh.split_id
                    where sh.payee_id = ?)
      order by id for update`,
    [payeeId],
  );
}

/**
 * Moves what is held for a payee to `userId` (the payee who accepted, or the owner when the invite was
 * withdrawn); the rows keep their payee so the trace stays. Answers the amount moved, exact.
 */
export async function releaseHeldRows(trx: DbTransaction, payeeId: string, userId: string): Promise<string> {
  const { rows } = (await trx.raw(
    `with moved as (
       update royalties set user_id = ? where payee_id = ? and user_id is null returning amount)
     select coalesce(sum(amount), 0)::text as total from moved`,
    [userId, payeeId],
  )) as { rows: Array<{ total: string }> };
  return rows[0]!.total;
}

/**
 * SQL: whether the user whose id `userId` (an SQL expression) names is the accepted payee of someone,
 * with earnings and no artist area. The session's query asks it with the user it reads (sessions.ts),
 * so a signed-in request costs no query of its own.
 */
export const isAcceptedPayeeSql = (userId: string) =>
  `exists (select 1 from payees where payees.user_id = ${userId} and payees.status = 'accepted')`;

/** Whether the user is an accepted payee: as read with their session, or asked now. */
export async function isAcceptedPayee(db: Db | DbTransaction, user: User): Promise<boolean> {
  if (user.isPayee !== undefined) return user.isPayee;
  const { rows } = (await db.raw(`select ${isAcceptedPayeeSql('?')} as "isPayee"`, [user.id])) as {
    rows: Array<{ isPayee: boolean }>;
  };
  return rows[0]!.isPayee;
}

/** Whether a version of the release's split names the owner's payee. */
export async function releaseNamesPayee(
  db: Db | DbTransaction,
  { releaseId, payeeId, ownerId }: { releaseId: string; payeeId: string; ownerId: string },
): Promise<boolean> {
  const row: unknown = await db('split_shares as sh')
    .join('splits as s', 's.id', 'sh.split_id')
    .join('payees as p', 'p.id', 'sh.payee_id')
    .where({ 's.release_id': releaseId, 'sh.payee_id': payeeId, 'p.owner_id': ownerId })
    .first('sh.payee_id');
  return Boolean(row);
}
