import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, DbTransaction } from '../connection.ts';
import { keepAppSecret } from '../session/appSecrets.ts';

/**
 * The links a fan is mailed (docs/smartlinks.md): confirm their address, unsubscribe or be forgotten. Each
 * carries an HMAC of the fan's id and its purpose under a secret kept in the database, so the API and the
 * workers make and check the same link and no token is stored or written to the event log.
 */
export type FanLinkPurpose = 'confirm' | 'unsubscribe';
export const fanLinkPaths: Record<FanLinkPurpose, string> = {
  confirm: '/fans/confirm',
  unsubscribe: '/fans/unsubscribe',
};

async function secret(db: Db | DbTransaction): Promise<Buffer> {
  const kept = await keepAppSecret(db as Db, 'fan-links', randomBytes(32).toString('base64url'));
  return Buffer.from(kept, 'base64url');
}

const tokenOf = (key: Buffer, fanId: string, purpose: FanLinkPurpose) =>
  createHmac('sha256', key).update(`${purpose}:${fanId}`).digest('base64url');

/** What makes fans' links (the secret read once): the full address of a fan's link for `purpose`. */
export async function fanLinks(
  db: Db | DbTransaction,
  publicUrl: string,
): Promise<(fanId: string, purpose: FanLinkPurpose) => string> {
  const key = await secret(db);
  return (fanId, purpose) =>
    `${publicUrl}${fanLinkPaths[purpose]}?fan=${fanId}&token=${tokenOf(key, fanId, purpose)}`;
}

/** Whether `token` is the fan's link token for `purpose` (compared in constant time). */
export async function isFanLinkToken(
  db: Db | DbTransaction,
  fanId: string,
  purpose: FanLinkPurpose,
  token: string,
): Promise<boolean> {
  const expected = Buffer.from(tokenOf(await secret(db), fanId, purpose));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
