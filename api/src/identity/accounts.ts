import { randomUUID } from 'node:crypto';
import { EMAIL_PATTERN } from '@riffline/contracts';
import type { Db } from '@riffline/db';
import { hashPassword, verifyPassword } from './passwords.ts';

export interface IdentityAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export const MIN_PASSWORD_LENGTH = 8;

export class AccountError extends Error {
  constructor(
    readonly field: 'email' | 'password' | 'firstName' | 'lastName' | 'currentPassword',
    message: string,
  ) {
    super(message);
  }
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

function present(row: Record<string, string>): IdentityAccount {
  return { id: row.id!, email: row.email!, firstName: row.firstName!, lastName: row.lastName! };
}

export async function findAccount(db: Db, id: string): Promise<IdentityAccount | undefined> {
  const row = await db('identity_accounts').first('id', 'email', 'firstName', 'lastName').where({ id });
  return row ? present(row) : undefined;
}

export async function createAccount(
  db: Db,
  input: { email: string; password: string; firstName: string; lastName: string; id?: string },
): Promise<IdentityAccount> {
  const email = normalizeEmail(input.email);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName) throw new AccountError('firstName', 'First name is required');
  if (!lastName) throw new AccountError('lastName', 'Last name is required');
  if (!EMAIL_PATTERN.test(email) || email.length > 254)
    throw new AccountError('email', 'Invalid email address');
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AccountError('password', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (input.password.length > 1024) throw new AccountError('password', 'Password is too long');
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db('identity_accounts')
      .insert({ id: input.id ?? randomUUID(), email, firstName, lastName, passwordHash })
      .returning(['id', 'email', 'firstName', 'lastName']);
    return present(row);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') {
      throw new AccountError('email', 'An account with this email already exists');
    }
    throw error;
  }
}

/** The account when the email and password match, else undefined (never says which one was wrong). */
export async function authenticate(
  db: Db,
  email: string,
  password: string,
): Promise<IdentityAccount | undefined> {
  const row = await db('identity_accounts')
    .first('id', 'email', 'firstName', 'lastName', 'passwordHash')
    .whereRaw('lower(email) = ?', [normalizeEmail(email)]);
  if (!row) {
    // Spend the same time as a real check so timing does not reveal which emails exist.
    await verifyPassword(password, DUMMY_HASH);
    return undefined;
  }
  return (await verifyPassword(password, row.passwordHash)) ? present(row) : undefined;
}

export async function changePassword(db: Db, id: string, current: string, next: string): Promise<void> {
  const row = await db('identity_accounts').first('passwordHash').where({ id });
  if (!row) throw new AccountError('currentPassword', 'Your password is managed by your sign-in provider');
  if (!(await verifyPassword(current, row.passwordHash))) {
    throw new AccountError('currentPassword', 'Current password is incorrect');
  }
  if (next.length < MIN_PASSWORD_LENGTH) {
    throw new AccountError('password', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (next.length > 1024) throw new AccountError('password', 'Password is too long');
  await db('identity_accounts')
    .where({ id })
    .update({ passwordHash: await hashPassword(next), updatedAt: new Date() });
}

const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
