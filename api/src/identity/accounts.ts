import { randomUUID } from 'node:crypto';
import { EMAIL_PATTERN } from '@riffline/contracts';
import {
  findIdentityAccountByEmail,
  findPasswordHash,
  insertIdentityAccount,
  setPasswordHash,
  type Db,
  type IdentityAccount,
} from '@riffline/db';
import { hashPassword, verifyPassword } from './passwords.ts';

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
    return await insertIdentityAccount(db, {
      id: input.id ?? randomUUID(),
      email,
      firstName,
      lastName,
      passwordHash,
    });
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
  const found = await findIdentityAccountByEmail(db, normalizeEmail(email));
  if (!found) {
    // Spend the same time as a real check so timing does not reveal which emails exist.
    await verifyPassword(password, DUMMY_HASH);
    return undefined;
  }
  const { passwordHash, ...account } = found;
  return (await verifyPassword(password, passwordHash)) ? account : undefined;
}

export async function changePassword(db: Db, id: string, current: string, next: string): Promise<void> {
  const passwordHash = await findPasswordHash(db, id);
  if (!passwordHash) {
    throw new AccountError('currentPassword', 'Your password is managed by your sign-in provider');
  }
  if (!(await verifyPassword(current, passwordHash))) {
    throw new AccountError('currentPassword', 'Current password is incorrect');
  }
  if (next.length < MIN_PASSWORD_LENGTH) {
    throw new AccountError('password', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (next.length > 1024) throw new AccountError('password', 'Password is too long');
  await setPasswordHash(db, id, await hashPassword(next));
}

const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
