import {
  createMailer,
  findIdentityAccountByEmail,
  type Config,
  type Db,
  type IdentityAccount,
  type Mail,
} from '@riffline/db';
import { issueToken } from './tokens.ts';

/**
 * The emailed links of the embedded provider: verify an address, reset a password. An external issuer
 * sends such mail itself, so these go straight from here through the configured transport (SMTP, or the
 * local outbox shown at /api/dev/mail), never through the event log: the token in the link is a secret.
 */
export const verifyEmailPath = '/oidc/verify-email';
export const resetPasswordPath = '/oidc/reset-password';

const link = (config: Pick<Config, 'publicUrl'>, path: string, token: string) =>
  `${config.publicUrl}${path}?token=${token}`;

async function send(config: Pick<Config, 'mail'>, mail: Mail): Promise<void> {
  const mailer = createMailer(config);
  try {
    await mailer.send(mail);
  } finally {
    mailer.close();
  }
}

export function verificationMail(account: Pick<IdentityAccount, 'email' | 'firstName'>, url: string): Mail {
  return {
    to: account.email,
    subject: 'Verify your email address',
    text: [
      `Hi ${account.firstName},`,
      '',
      `Please confirm that ${account.email} is your address by opening this link:`,
      '',
      url,
      '',
      'The link works once, within 24 hours. If you did not create a Riffline account, ignore this email.',
      '',
      'The Riffline team',
    ].join('\n'),
  };
}

export function passwordResetMail(email: string, url: string): Mail {
  return {
    to: email,
    subject: 'Reset your Riffline password',
    text: [
      'Hi,',
      '',
      `Someone asked to reset the password of the Riffline account for ${email}. To choose a new`,
      'password, open this link:',
      '',
      url,
      '',
      'The link works once, within 1 hour. If you did not ask for it, ignore this email: your password',
      'stays as it is.',
      '',
      'The Riffline team',
    ].join('\n'),
  };
}

/** Emails the account a new link that proves its address. */
export async function sendVerificationLink(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'mail'>,
  account: Pick<IdentityAccount, 'id' | 'email' | 'firstName'>,
  now: Date,
): Promise<void> {
  const token = await issueToken(db, { accountId: account.id, email: account.email }, 'verify-email', now);
  await send(config, verificationMail(account, link(config, verifyEmailPath, token)));
}

/** Emails a reset link when an account has this address; does nothing (and says nothing) otherwise. */
export async function sendPasswordResetLink(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'mail'>,
  email: string,
  now: Date,
): Promise<void> {
  const account = await findIdentityAccountByEmail(db, email);
  if (!account) return;
  const token = await issueToken(db, { accountId: account.id, email: account.email }, 'reset-password', now);
  await send(config, passwordResetMail(account.email, link(config, resetPasswordPath, token)));
}
