import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Db } from '@riffline/db';

/**
 * Secrets that must stay the same across restarts and processes but need no operator when running on
 * embedded defaults: generated once, kept in `app_secrets`. Configured values (SESSION_KEYS) win.
 */
export async function secret<T>(db: Db, name: string, generate: () => T): Promise<T> {
  await db('app_secrets')
    .insert({ name, value: JSON.stringify(generate()) })
    .onConflict('name')
    .ignore();
  const row = await db('app_secrets').first('value').where({ name });
  return row.value as T; // jsonb comes back parsed from pg and PGlite alike
}

const randomKey = () => randomBytes(32).toString('base64url');

export async function sessionKeys(db: Db, configured: string[]): Promise<string[]> {
  if (configured.length) return configured;
  return secret(db, 'session_keys', () => [randomKey()]);
}

export async function embeddedClientSecret(db: Db): Promise<string> {
  return secret(db, 'oidc_client_secret', randomKey);
}

/** The embedded provider's signing key (RS256), as a private JWK. */
export async function signingKeys(db: Db): Promise<object[]> {
  return secret(db, 'oidc_signing_keys', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' });
    return [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }];
  });
}
