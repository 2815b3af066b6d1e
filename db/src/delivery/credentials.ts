import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { StoreTargetCredentials } from '@riffline/contracts';
import type { Db } from '../connection.ts';
import { findAppSecret, keepAppSecret } from '../session/appSecrets.ts';

/**
 * The stores' credentials at rest (docs/delivery.md): AES-256-GCM under the key from the environment
 * (DELIVERY_CREDENTIALS_KEY). Without one (`make start`, the tests) a key is generated once and kept in
 * `app_secrets`, which protects nothing against a reader of the database; production requires the variable.
 */
export async function credentialsKey(db: Db, configured: string | undefined): Promise<Buffer> {
  // The configured secret, whatever its form, as the 32 bytes AES-256 takes.
  if (configured) return createHash('sha256').update(configured).digest();
  const stored = await findAppSecret<string>(db, 'delivery_credentials_key');
  // Two processes booting at once may both generate; the first stored wins and both read it.
  const key =
    stored ?? (await keepAppSecret(db, 'delivery_credentials_key', randomBytes(32).toString('base64')));
  return Buffer.from(key, 'base64');
}

const VERSION = 'v1';

export function encryptCredentials(key: Buffer, credentials: Partial<StoreTargetCredentials>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

export function decryptCredentials(key: Buffer, text: string): Partial<StoreTargetCredentials> {
  const [version, body = ''] = text.split(':');
  if (version !== VERSION) throw new Error('The store credentials are in an unknown format');
  const bytes = Buffer.from(body, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as Partial<StoreTargetCredentials>;
}

/** The names of the credentials that are set, never their values. */
export function credentialNames(credentials: Partial<StoreTargetCredentials>) {
  return (['password', 'privateKey', 'accessKeyId', 'secretAccessKey'] as const).filter((k) =>
    Boolean(credentials[k]),
  );
}
