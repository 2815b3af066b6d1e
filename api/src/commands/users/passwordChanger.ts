import type { PasswordChangeBody } from '@riffline/contracts';
import { appendEvent, type Config, type Db, type User } from '@riffline/db';
import { ValidationError } from '../../errors.ts';
import { AccountError, changePassword as changeAccountPassword } from '../../identity/accounts.ts';

/**
 * A user of the embedded identity provider changes their password (the current one checked); users of an
 * external issuer change it there. The new hash and `user.passwordChanged` commit together.
 */
export async function changePassword(
  db: Db,
  identity: Config['identity'],
  user: User,
  { currentPassword, newPassword }: PasswordChangeBody,
): Promise<void> {
  if (identity.mode !== 'embedded') {
    throw ValidationError(`Your password is managed by ${identity.providerName}`);
  }
  try {
    await db.transaction(async (trx) => {
      await changeAccountPassword(trx, user.id, currentPassword, newPassword);
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
