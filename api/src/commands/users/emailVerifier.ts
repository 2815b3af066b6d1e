import {
  appendEvent,
  findIdentityAccount,
  markIdentityEmailVerified,
  User,
  type Db,
  type DbTransaction,
} from '@riffline/db';
import { useToken } from '../../identityProvider/tokens.ts';

/**
 * Records that the owner of an embedded account proved `email` (they opened a link sent there): the
 * account, and the Riffline user of the same subject in this database, now say so, with `user.emailVerified`
 * when that is news. Runs in the caller's transaction; false when the account no longer has that address.
 */
export async function proveAddress(
  trx: DbTransaction,
  owner: { accountId: string; email: string },
): Promise<boolean> {
  const account = await findIdentityAccount(trx, owner.accountId);
  if (!account || account.email.toLowerCase() !== owner.email.toLowerCase()) return false;
  if (!account.emailVerified) await markIdentityEmailVerified(trx, owner.accountId, owner.email);
  const user = await User.query(trx).findById(owner.accountId);
  const userNews = Boolean(
    user && !user.emailVerified && user.email?.toLowerCase() === owner.email.toLowerCase(),
  );
  if (userNews) await User.query(trx).patch({ emailVerified: true }).where({ id: owner.accountId });
  if (!account.emailVerified || userNews) {
    await appendEvent(trx, {
      type: 'user.emailVerified',
      aggregateId: owner.accountId,
      actorId: owner.accountId,
      payload: { email: account.email },
    });
  }
  return true;
}

/** A verification link was opened: uses it once and proves the address; null when it cannot be used. */
export async function verifyEmail(db: Db, token: string, now: Date): Promise<{ email: string } | null> {
  return db.transaction(async (trx) => {
    const owner = await useToken(trx, token, 'verify-email', now);
    if (!owner || !(await proveAddress(trx, owner))) return null;
    return { email: owner.email };
  });
}
