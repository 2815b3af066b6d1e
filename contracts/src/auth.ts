import { z } from 'zod';
import { isSafeText } from './common.ts';
import { currencies } from './enums.ts';

/** GET /api/auth/provider: what the 'Continue with …' button says. */
export const AuthProviderResponse = z.object({ name: z.string(), embedded: z.boolean() });
export type AuthProviderResponse = z.infer<typeof AuthProviderResponse>;

/** POST /api/logout: where the browser goes next (the issuer's sign-out, or the landing page). */
export const LogoutResponse = z.object({ redirectTo: z.string() });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** How long a started sign-in may take before its pending state is dropped (the session row is swept). */
export const PENDING_SIGN_IN_MS = 10 * 60_000;

/** PATCH /api/auth/user/currency */
export const CurrencyBody = z.object({
  currency: z.enum(currencies, { error: `Currency must be one of ${currencies.join(', ')}` }),
});
export type CurrencyBody = z.infer<typeof CurrencyBody>;

/** POST /api/auth/password (embedded accounts). */
export const PasswordChangeBody = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, 'Password must be at least 8 characters')
    .max(1024, 'Password is too long'),
});
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

/**
 * Which of the identity provider's forms `GET /api/login` opens first: `signin` (the default) or `signup`,
 * the create-account form ('Continue with …' on /apply). The person can still switch to the other.
 */
export const loginScreens = ['signin', 'signup'] as const;
export const LoginScreen = z.enum(loginScreens, { error: 'screen must be signin or signup' });
export type LoginScreen = z.infer<typeof LoginScreen>;

/** A path on this site to come back to after signing in: never another origin (`//host`) or a backslash. */
export const ReturnToPath = z
  .string()
  .max(2000, 'returnTo must be a path on this site')
  .regex(/^\/(?!\/)[^\s\\]*$/, 'returnTo must be a path on this site')
  .refine(isSafeText, 'returnTo must be a path on this site');
