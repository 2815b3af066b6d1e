import { affectedRows, type Db } from '../connection.ts';

/** An account's authenticator app as stored: the secrets encrypted by the API, never readable here. */
export interface StoredSecondFactor {
  /** The confirmed secret (encrypted), while the app is on. */
  secret: string | null;
  enabledAt: Date | null;
  /** The last TOTP time step accepted: a code of that step or an earlier one is refused. */
  lastTimeStep: number | null;
  /** A secret being set up (encrypted), until its first code confirms it. */
  pendingSecret: string | null;
  pendingAt: Date | null;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
}

/** The account's second factor, or undefined when the account does not exist. */
export async function findSecondFactor(db: Db, accountId: string): Promise<StoredSecondFactor | undefined> {
  const row = await db('identity_accounts')
    .first('totpSecret', 'totpEnabledAt', 'totpLastTimeStep', 'totpPendingSecret', 'totpPendingAt')
    .where({ id: accountId });
  if (!row) return undefined;
  const counted = await db('identity_recovery_codes')
    .where({ accountId })
    .whereNull('usedAt')
    .count({ count: '*' })
    .first();
  return {
    secret: row.totpSecret ?? null,
    enabledAt: row.totpEnabledAt ? new Date(row.totpEnabledAt) : null,
    lastTimeStep: row.totpLastTimeStep === null ? null : Number(row.totpLastTimeStep),
    pendingSecret: row.totpPendingSecret ?? null,
    pendingAt: row.totpPendingAt ? new Date(row.totpPendingAt) : null,
    recoveryCodesLeft: Number(counted?.count ?? 0),
  };
}

/** Whether the account signs in with an authenticator app. */
export async function hasSecondFactor(db: Db, accountId: string): Promise<boolean> {
  const row = await db('identity_accounts').first('id').where({ id: accountId }).whereNotNull('totpSecret');
  return Boolean(row);
}

/** Keeps a secret being set up, replacing any earlier one not confirmed. */
export async function setPendingSecondFactor(
  db: Db,
  accountId: string,
  pendingSecret: string,
  now: Date,
): Promise<void> {
  await db('identity_accounts')
    .where({ id: accountId })
    .update({ totpPendingSecret: pendingSecret, totpPendingAt: now, updatedAt: now });
}

/**
 * Turns the app on with the secret being set up and replaces the recovery codes, provided the secret set up
 * is still `pendingSecret` (so two confirmations of one set-up cannot both succeed). Run in a transaction.
 */
export async function enableSecondFactor(
  db: Db,
  accountId: string,
  {
    pendingSecret,
    timeStep,
    recoveryCodeHashes,
    now,
  }: {
    pendingSecret: string;
    timeStep: number;
    recoveryCodeHashes: string[];
    now: Date;
  },
): Promise<boolean> {
  const updated = await db('identity_accounts')
    .where({ id: accountId, totpPendingSecret: pendingSecret })
    .whereNull('totpSecret')
    .update({
      totpSecret: pendingSecret,
      totpEnabledAt: now,
      totpLastTimeStep: timeStep,
      totpPendingSecret: null,
      totpPendingAt: null,
      updatedAt: now,
    });
  if (affectedRows(updated) === 0) return false;
  await db('identity_recovery_codes').where({ accountId }).delete();
  await db('identity_recovery_codes').insert(
    recoveryCodeHashes.map((codeHash) => ({ accountId, codeHash, createdAt: now })),
  );
  return true;
}

/** Turns the app off and forgets its recovery codes; returns whether it was on. */
export async function disableSecondFactor(db: Db, accountId: string, now: Date): Promise<boolean> {
  const updated = await db('identity_accounts').where({ id: accountId }).whereNotNull('totpSecret').update({
    totpSecret: null,
    totpEnabledAt: null,
    totpLastTimeStep: null,
    totpPendingSecret: null,
    totpPendingAt: null,
    updatedAt: now,
  });
  await db('identity_recovery_codes').where({ accountId }).delete();
  return affectedRows(updated) > 0;
}

/**
 * Records a TOTP time step as used, in one statement, provided it is later than the last one: of two
 * sign-ins with the same code only one gets through.
 */
export async function useTimeStep(db: Db, accountId: string, timeStep: number): Promise<boolean> {
  const updated = await db('identity_accounts')
    .where({ id: accountId })
    .whereNotNull('totpSecret')
    .andWhere((q) => q.whereNull('totpLastTimeStep').orWhere('totpLastTimeStep', '<', timeStep))
    .update({ totpLastTimeStep: timeStep });
  return affectedRows(updated) > 0;
}

/** Uses a recovery code once: in one statement, so of two sign-ins with the same code only one succeeds. */
export async function useRecoveryCode(
  db: Db,
  accountId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const updated = await db('identity_recovery_codes')
    .where({ accountId, codeHash })
    .whereNull('usedAt')
    .update({ usedAt: now });
  return affectedRows(updated) > 0;
}
