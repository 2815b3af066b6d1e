import { affectedRows, type Db } from '../connection.ts';

/** What oidc-provider keeps of one of its models (session, interaction, grant, code, token …). */
export interface OidcPayloadRow {
  payload: Record<string, unknown>;
  expiresAt: Date | null;
  consumedAt: Date | null;
}

/** The columns oidc-provider looks its payloads up by, besides their type. */
export type OidcPayloadLookup = { id: string } | { uid: string } | { userCode: string };

/** Creates or replaces a payload of oidc-provider's `oidc_payloads` store. */
export async function upsertOidcPayload(
  db: Db,
  row: {
    type: string;
    id: string;
    payload: Record<string, unknown>;
    grantId: string | null;
    userCode: string | null;
    uid: string | null;
    expiresAt: Date | null;
  },
): Promise<void> {
  await db('oidc_payloads')
    .insert({ ...row, payload: JSON.stringify(row.payload) })
    .onConflict(['type', 'id'])
    .merge();
}

/** The payload of this type found by id, uid or user code, expired or not (the caller decides). */
export async function findOidcPayload(
  db: Db,
  type: string,
  lookup: OidcPayloadLookup,
): Promise<OidcPayloadRow | undefined> {
  const row = await db('oidc_payloads')
    .first('payload', 'consumedAt', 'expiresAt')
    .where({ type, ...lookup });
  if (!row) return undefined;
  return {
    payload: row.payload as Record<string, unknown>, // jsonb arrives parsed (pg and PGlite)
    expiresAt: row.expiresAt ? new Date(row.expiresAt) : null,
    consumedAt: row.consumedAt ? new Date(row.consumedAt) : null,
  };
}

export async function consumeOidcPayload(db: Db, type: string, id: string, at: Date): Promise<void> {
  await db('oidc_payloads').where({ type, id }).update({ consumedAt: at });
}

export async function deleteOidcPayload(db: Db, type: string, id: string): Promise<void> {
  await db('oidc_payloads').where({ type, id }).delete();
}

/** Deletes every payload of one grant (its tokens, codes and the grant itself). */
export async function deleteOidcGrant(db: Db, grantId: string): Promise<void> {
  await db('oidc_payloads').where({ grantId }).delete();
}

/**
 * Deletes everything the provider keeps for one account: its sessions (so the provider asks for the password
 * again), grants, codes and tokens. Returns how many payloads went.
 */
export async function deleteOidcPayloadsOfAccount(db: Db, accountId: string): Promise<number> {
  return affectedRows(await db('oidc_payloads').whereRaw("payload->>'accountId' = ?", [accountId]).delete());
}

/** Deletes the payloads that expired by `now`; returns how many went. */
export async function purgeExpiredOidcPayloads(db: Db, now: Date): Promise<number> {
  return affectedRows(await db('oidc_payloads').where('expiresAt', '<=', now).delete());
}
