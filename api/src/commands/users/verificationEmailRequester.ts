import { findIdentityAccount, type Config, type Db, type User } from '@riffline/db';
import { ValidationError } from '../../errors.ts';
import { sendVerificationLink } from '../../identityProvider/links.ts';

/**
 * A signed-in user asks for a new verification link (the banner's 'Resend link'): only accounts of the
 * embedded provider, and only while unverified. The link goes by email, never into the answer or the log.
 */
export async function requestVerificationEmail(
  { db, config, now }: { db: Db; config: Config; now: Date },
  user: User,
): Promise<{ email: string }> {
  if (config.identity.mode !== 'embedded') {
    throw ValidationError(`Your email address is verified by ${config.identity.providerName}`);
  }
  const account = await findIdentityAccount(db, user.id);
  if (!account) throw ValidationError(`Your email address is verified by ${config.identity.providerName}`);
  if (account.emailVerified) throw ValidationError('Your email address is already verified');
  await sendVerificationLink(db, config, account, now);
  return { email: account.email };
}
