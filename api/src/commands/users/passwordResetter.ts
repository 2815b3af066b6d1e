import { appendEvent, type Db } from '@riffline/db';
import { setPassword } from '../../identityProvider/accounts.ts';
import { useToken } from '../../identityProvider/tokens.ts';
import { proveAddress } from './emailVerifier.ts';
import { endSessions } from './sessionEnder.ts';

/**
 * A password reset link was used: the new password (checked first, AccountError otherwise), every session
 * of the account ended (app and provider), the address counted as proven (the link reached it), and
 * `user.passwordReset`, in one transaction. Null when the link cannot be used (unknown, used or expired).
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
  now: Date,
): Promise<{ accountId: string; email: string } | null> {
  return db.transaction(async (trx) => {
    const owner = await useToken(trx, token, 'reset-password', now);
    if (!owner) return null;
    await setPassword(trx, owner.accountId, password);
    await endSessions(trx, owner.accountId);
    await proveAddress(trx, owner);
    await appendEvent(trx, {
      type: 'user.passwordReset',
      aggregateId: owner.accountId,
      actorId: owner.accountId,
      payload: {},
    });
    return owner;
  });
}
