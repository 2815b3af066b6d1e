import { randomUUID } from 'node:crypto';
import { EMAIL_PATTERN, isSafeText, unsafeTextMessage } from '@riffline/contracts';
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
/** What the provider's fields hold at most: names, an address (RFC 5321's 254), a password. */
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 1024;

export type AccountField = 'email' | 'password' | 'firstName' | 'lastName' | 'currentPassword';

export class AccountError extends Error {
  constructor(
    readonly field: AccountField,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The provider's fields are single lines: no control character at all (the API's shared rule, which lets
 * multi-line text keep tabs and line breaks, and those too). PostgreSQL cannot store NUL in text.
 */
const isSingleLineText = (value: string) => isSafeText(value) && !/[\t\n\r]/.test(value);

/** The problem with one text field, or undefined: control characters, missing, too long. */
export function textProblem(label: string, value: string, max: number): string | undefined {
  if (!isSingleLineText(value)) return unsafeTextMessage(label);
  if (!value.trim()) return `${label} is required`;
  if (value.length > max) return `${label} must be at most ${max.toLocaleString('en-US')} characters`;
  return undefined;
}

/** The problem with a new password, or undefined. */
export function newPasswordProblem(password: string): string | undefined {
  if (!isSingleLineText(password)) return unsafeTextMessage('Password');
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Password must be at most ${MAX_PASSWORD_LENGTH.toLocaleString('en-US')} characters`;
  }
  return undefined;
}

/** The problem with a password typed to sign in, or undefined (taken as typed: spaces count). */
export function passwordProblem(password: string): string | undefined {
  if (!password) return 'Password is required';
  if (!isSingleLineText(password)) return unsafeTextMessage('Password');
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Password must be at most ${MAX_PASSWORD_LENGTH.toLocaleString('en-US')} characters`;
  }
  return undefined;
}

/** The problem with an address typed into a form, or undefined (format checked only when `format`). */
export function emailProblem(email: string, { format = true } = {}): string | undefined {
  const problem = textProblem('Email', email, MAX_EMAIL_LENGTH);
  if (problem) return problem;
  if (format && !EMAIL_PATTERN.test(email.trim())) return 'Invalid email address';
  return undefined;
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Every problem of a create-account form, keyed by field (empty when there is none). */
export function newAccountProblems(input: NewAccount): Partial<Record<keyof NewAccount, string>> {
  const problems: Partial<Record<keyof NewAccount, string>> = {
    firstName: textProblem('First name', input.firstName, MAX_NAME_LENGTH),
    lastName: textProblem('Last name', input.lastName, MAX_NAME_LENGTH),
    email: emailProblem(input.email),
    password: newPasswordProblem(input.password),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, message]) => message));
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function createAccount(
  db: Db,
  input: NewAccount & { id?: string; emailVerified?: boolean },
): Promise<IdentityAccount> {
  const problems = newAccountProblems(input);
  const [field, message] = Object.entries(problems)[0] ?? [];
  if (field && message) throw new AccountError(field as AccountField, message);
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertIdentityAccount(db, {
      id: input.id ?? randomUUID(),
      email: normalizeEmail(input.email),
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      emailVerified: input.emailVerified ?? false,
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
  await setPassword(db, id, next);
}

/** Sets a new password (checked first) without asking for the current one: a reset link proved the owner. */
export async function setPassword(db: Db, id: string, password: string): Promise<void> {
  const problem = newPasswordProblem(password);
  if (problem) throw new AccountError('password', problem);
  await setPasswordHash(db, id, await hashPassword(password));
}

const DUMMY_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
