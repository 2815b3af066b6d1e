import { deleteOidcPayloadsOfAccount, deleteSessionsOfUser, type Db } from '@riffline/db';

/**
 * Ends the user's sign-ins everywhere: Riffline's sessions (all but `keepSessionId`, the browser that asked)
 * and the embedded provider's sessions, grants and tokens for the account, so no other browser stays
 * signed in and the provider asks for the password again. Runs in the caller's transaction.
 */
export async function endSessions(
  trx: Db,
  userId: string,
  { keepSessionId }: { keepSessionId?: string } = {},
): Promise<{ sessions: number; providerPayloads: number }> {
  return {
    sessions: await deleteSessionsOfUser(trx, userId, keepSessionId),
    providerPayloads: await deleteOidcPayloadsOfAccount(trx, userId),
  };
}
