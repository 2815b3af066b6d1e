import { createHash, randomBytes } from 'node:crypto';
import {
  findIdentityToken,
  insertIdentityToken,
  purgeIdentityTokens,
  useIdentityToken,
  type Db,
  type IdentityTokenOwner,
  type IdentityTokenPurpose,
} from '@riffline/db';

/** How long an emailed link works. */
export const TOKEN_LIFETIME_MS: Record<IdentityTokenPurpose, number> = {
  'verify-email': 24 * 3_600_000,
  'reset-password': 3_600_000,
};

// 32 random bytes in the link; only their SHA-256 is stored, so a copy of the database opens nothing.
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A token shaped like ours: anything else is refused before it reaches the database. */
const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** A new single-use token for the account's link; returns the token to put in the link (never stored). */
export async function issueToken(
  db: Db,
  owner: IdentityTokenOwner,
  purpose: IdentityTokenPurpose,
  now: Date,
): Promise<string> {
  await purgeIdentityTokens(db, owner.accountId, now);
  const token = randomBytes(32).toString('base64url');
  await insertIdentityToken(db, {
    ...owner,
    tokenHash: hashOf(token),
    purpose,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/** Whose link this is, while it is unused and unexpired at `now`; does not use it. */
export async function peekToken(
  db: Db,
  token: string,
  purpose: IdentityTokenPurpose,
  now: Date,
): Promise<IdentityTokenOwner | undefined> {
  if (!looksLikeToken(token)) return undefined;
  return findIdentityToken(db, hashOf(token), purpose, now);
}

/** Uses the link once (the account's other links of the purpose with it); undefined when it cannot. */
export async function useToken(
  db: Db,
  token: string,
  purpose: IdentityTokenPurpose,
  now: Date,
): Promise<IdentityTokenOwner | undefined> {
  if (!looksLikeToken(token)) return undefined;
  return useIdentityToken(db, hashOf(token), purpose, now);
}
