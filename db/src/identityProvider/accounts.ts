import { affectedRows, type Db } from '../connection.ts';

/** An account of the embedded identity provider (its id is the subject it issues, users.id alike). */
export interface IdentityAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The owner proved the address by opening a link sent to it. */
  emailVerified: boolean;
}

const columns = ['id', 'email', 'firstName', 'lastName', 'emailVerified'] as const;

function present(row: Record<string, unknown>): IdentityAccount {
  return {
    id: row.id as string,
    email: row.email as string,
    firstName: row.firstName as string,
    lastName: row.lastName as string,
    emailVerified: Boolean(row.emailVerified),
  };
}

export async function findIdentityAccount(db: Db, id: string): Promise<IdentityAccount | undefined> {
  const row = await db('identity_accounts')
    .first(...columns)
    .where({ id });
  return row ? present(row) : undefined;
}

/** The account with this email in any case, with its password hash, for checking a sign-in. */
export async function findIdentityAccountByEmail(
  db: Db,
  email: string,
): Promise<(IdentityAccount & { passwordHash: string }) | undefined> {
  const row = await db('identity_accounts')
    .first(...columns, 'passwordHash')
    .whereRaw('lower(email) = ?', [email.toLowerCase()]);
  return row ? { ...present(row), passwordHash: row.passwordHash } : undefined;
}

/** Inserts an account; an email already taken (any case) fails with Postgres code 23505. */
export async function insertIdentityAccount(
  db: Db,
  account: Omit<IdentityAccount, 'emailVerified'> & { emailVerified?: boolean; passwordHash: string },
): Promise<IdentityAccount> {
  const [row] = await db('identity_accounts')
    .insert({ ...account, emailVerified: account.emailVerified ?? false })
    .returning([...columns]);
  return present(row);
}

export async function findPasswordHash(db: Db, id: string): Promise<string | undefined> {
  const row = await db('identity_accounts').first('passwordHash').where({ id });
  return row ? (row.passwordHash as string) : undefined;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db('identity_accounts').where({ id }).update({ passwordHash, updatedAt: new Date() });
}

/**
 * Marks the account's address verified, provided it is still `email` (any case); returns whether it did.
 * A link sent to an address the account no longer has proves nothing about the one it has now.
 */
export async function markIdentityEmailVerified(db: Db, id: string, email: string): Promise<boolean> {
  const updated = await db('identity_accounts')
    .where({ id })
    .whereRaw('lower(email) = ?', [email.toLowerCase()])
    .update({ emailVerified: true, updatedAt: new Date() });
  return affectedRows(updated) > 0;
}
