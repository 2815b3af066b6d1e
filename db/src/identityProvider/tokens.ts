import { affectedRows, type Db } from '../connection.ts';

/** What an emailed link of the embedded identity provider is for. */
export type IdentityTokenPurpose = 'verify-email' | 'reset-password';

/** Whose link it is and the address it was sent to. */
export interface IdentityTokenOwner {
  accountId: string;
  email: string;
}

/** Stores a link's token by its hash (the token itself is never stored). */
export async function insertIdentityToken(
  db: Db,
  token: IdentityTokenOwner & { tokenHash: string; purpose: IdentityTokenPurpose; expiresAt: Date },
): Promise<void> {
  await db('identity_tokens').insert(token);
}

/** The owner of an unused token that has not expired by `now`, without using it. */
export async function findIdentityToken(
  db: Db,
  tokenHash: string,
  purpose: IdentityTokenPurpose,
  now: Date,
): Promise<IdentityTokenOwner | undefined> {
  const row = await db('identity_tokens')
    .first('accountId', 'email')
    .where({ tokenHash, purpose })
    .whereNull('usedAt')
    .andWhere('expiresAt', '>', now);
  return row ? { accountId: row.accountId, email: row.email } : undefined;
}

/**
 * Uses a token once: in one statement, so of two requests with the same link only one gets its owner.
 * The account's other unused links of the same purpose are used up with it (the newest proof wins, older
 * emails stop working).
 */
export async function useIdentityToken(
  db: Db,
  tokenHash: string,
  purpose: IdentityTokenPurpose,
  now: Date,
): Promise<IdentityTokenOwner | undefined> {
  const [row] = await db('identity_tokens')
    .where({ tokenHash, purpose })
    .whereNull('usedAt')
    .andWhere('expiresAt', '>', now)
    .update({ usedAt: now })
    .returning(['accountId', 'email']);
  if (!row) return undefined;
  await db('identity_tokens')
    .where({ accountId: row.accountId, purpose })
    .whereNull('usedAt')
    .update({ usedAt: now });
  return { accountId: row.accountId, email: row.email };
}

/** Deletes the account's tokens that expired or were used by `now`; returns how many went. */
export async function purgeIdentityTokens(db: Db, accountId: string, now: Date): Promise<number> {
  return affectedRows(
    await db('identity_tokens')
      .where({ accountId })
      .andWhere((q) => q.whereNotNull('usedAt').orWhere('expiresAt', '<=', now))
      .delete(),
  );
}
