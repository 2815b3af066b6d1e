import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { findAppSecret, keepAppSecret, type Db } from '@riffline/db';

/**
 * Secrets that must stay the same across restarts and processes but need no operator when running on
 * embedded defaults: generated once, when none is stored, and kept in `app_secrets`. Configured values
 * (SESSION_KEYS) win.
 */
export async function secret<T>(db: Db, name: string, generate: () => T): Promise<T> {
  const stored = await findAppSecret<T>(db, name);
  if (stored !== undefined) return stored;
  // Two processes booting at once may both generate; the first stored wins and both return it.
  return keepAppSecret(db, name, generate());
}

const randomKey = () => randomBytes(32).toString('base64url');

export async function sessionKeys(db: Db, configured: string[]): Promise<string[]> {
  if (configured.length) return configured;
  return secret(db, 'session_keys', () => [randomKey()]);
}

export async function embeddedClientSecret(db: Db): Promise<string> {
  return secret(db, 'oidc_client_secret', randomKey);
}

/** A new RS256 signing key for the embedded provider, as a private JWK. */
export function newSigningKey(): object {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' };
}

/** The embedded provider's signing keys: generated on the first boot only, the same ever after. */
export async function signingKeys(db: Db): Promise<object[]> {
  return secret(db, 'oidc_signing_keys', () => [newSigningKey()]);
}
