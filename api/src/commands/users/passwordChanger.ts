import type { PasswordChangeBody } from '@riffline/contracts';
import { appendEvent, type Config, type Db, type User } from '@riffline/db';
import { ValidationError } from '../../errors.ts';
import { AccountError, changePassword as changeAccountPassword } from '../../identityProvider/accounts.ts';
import { endSessions } from './sessionEnder.ts';

/**
 * A user of the embedded identity provider changes their password (the current one checked); users of an
 * external issuer change it there. The new hash, the end of every other sign-in (the user's other app
 * sessions, and the provider's sessions and grants, so no other browser keeps a way in) and
 * `user.passwordChanged` commit together. The app session `keepSessionId` (the browser that asked) stays.
 */
export async function changePassword(
  db: Db,
  identity: Config['identity'],
  user: User,
  { currentPassword, newPassword }: PasswordChangeBody,
  { keepSessionId }: { keepSessionId?: string } = {},
): Promise<void> {
  if (identity.mode !== 'embedded') {
    throw ValidationError(`Your password is managed by ${identity.providerName}`);
  }
  try {
    await db.transaction(async (trx) => {
      await changeAccountPassword(trx, user.id, currentPassword, newPassword);
      await endSessions(trx, user.id, { keepSessionId });
      await appendEvent(trx, {
        type: 'user.passwordChanged',
        aggregateId: user.id,
        actorId: user.id,
        payload: {},
      });
    });
  } catch (error) {
    if (error instanceof AccountError) {
      throw ValidationError(error.message, [{ path: error.field, message: error.message }]);
    }
    throw error;
  }
}
