import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@riffline/contracts';
import { useRecoveryCode, useTimeStep, type Db, type StoredSecondFactor } from '@riffline/db';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';
import { secret } from '../session/secrets.ts';

/**
 * The embedded provider's authenticator apps (RFC 6238: SHA-1, 30-second steps, 6 digits, what every app
 * reads from an otpauth URI) and recovery codes. Secrets are kept encrypted with a key of their own in
 * `app_secrets`, so that a copy of the accounts table alone (an export, a backup of one table) does not
 * give away anyone's codes.
 */

/** A code of the step before or after the server's is accepted too: phones' clocks drift. */
const TOLERANCE_SECONDS = 30;
const PERIOD_SECONDS = 30;
/** A set-up not confirmed within this long must be started again. */
export const PENDING_ENROLMENT_MS = 30 * 60_000;

const encryptionKey = async (db: Db) =>
  Buffer.from(
    await secret(db, 'second_factor_key', () => randomBytes(32).toString('base64url')),
    'base64url',
  );

export async function encryptSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(db), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export async function decryptSecret(db: Db, stored: string): Promise<string> {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unreadable second-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', await encryptionKey(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

/** A new secret with what an app needs to take it: the otpauth URI and its QR code as a data URL. */
export async function newTotpSecret(issuer: string, label: string) {
  const plain = generateSecret();
  const otpauthUri = generateURI({ issuer, label, secret: plain });
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, {
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 240,
  });
  return { secret: plain, otpauthUri, qrCodeDataUrl };
}

/** The time step a code of `secret` matches at `now` (within the tolerance), or null. */
export function matchingTimeStep(plainSecret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret: plainSecret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    period: PERIOD_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Recovery codes as shown: ten letters and digits in two groups (about 50 bits each), e.g. `k7m2p-9xq4h`. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32 signs: no l, o, 0 or 1, no bias
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: typed in any case, with or without its dash and spaces. */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/**
 * Checks a code typed at sign-in: an app's 6-digit code (a step later than the last one used), or an
 * unused recovery code, which is then used up. True when it signs in.
 */
export async function verifySignInCode(
  db: Db,
  accountId: string,
  factor: StoredSecondFactor,
  typed: string,
  now: Date,
): Promise<boolean> {
  const code = typed.replace(/\s/g, '');
  if (!factor.secret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = matchingTimeStep(await decryptSecret(db, factor.secret), code, now);
    return step !== null && (await useTimeStep(db, accountId, step));
  }
  if (!/^[A-Za-z0-9-]{10,11}$/.test(code)) return false;
  return useRecoveryCode(db, accountId, recoveryCodeHash(code), now);
}
