import { z } from 'zod';
import { AuthProviderResponse, LogoutResponse, UserResponse } from '@riffline/contracts';
import { defineRoute } from '../route.ts';
import * as handlers from './auth.ts';
import { sendVerificationEmail } from './verification.ts';
import { secondFactorRoutes } from './secondFactor.ts';
import { ChangePasswordSchema, LoginSchema, UpdateCurrencySchema } from './schema.ts';

const tag = 'Sign-in';

export const authRoutes = [
  defineRoute({
    method: 'get',
    path: '/login',
    summary: 'Browser navigation: sign in at the identity provider (authorization code + PKCE)',
    tag,
    audience: 'public',
    redirect: true,
    request: LoginSchema,
    rateLimit: {
      name: 'login',
      limit: 60,
      windowMs: 60_000,
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
    },
    handler: handlers.login,
  }),
  defineRoute({
    method: 'get',
    path: '/callback',
    summary: "The identity provider's redirect back: the session starts and the browser returns to the app",
    tag,
    audience: 'public',
    redirect: true,
    errors: [400, 409],
    handler: handlers.callback,
  }),
  defineRoute({
    method: 'get',
    path: '/logout',
    summary:
      'Browser navigation: sign out. Sent by this site (`Sec-Fetch-Site` same-origin or none, else a `Referer` on it), the session ends and the browser goes where POST /api/logout would send it; from another site a signed-in browser gets a page (200, HTML) whose Sign out button posts to POST /api/logout',
    tag,
    audience: 'public',
    redirect: true,
    handler: handlers.logoutNavigation,
  }),
  defineRoute({
    method: 'post',
    path: '/logout',
    summary:
      "End the session (a same-origin POST, so another site cannot sign anyone out); `redirectTo` is the issuer's sign-out where it has one, else /. A form's submit (a navigation that accepts HTML) is sent there instead (303)",
    tag,
    audience: 'public',
    response: LogoutResponse,
    handler: handlers.logout,
  }),
  defineRoute({
    method: 'get',
    path: '/auth/provider',
    summary: "The identity provider's name for the 'Continue with …' button",
    tag,
    audience: 'public',
    response: AuthProviderResponse,
    handler: handlers.provider,
  }),
  defineRoute({
    method: 'get',
    path: '/auth/user',
    summary: 'The signed-in user (401 when signed out)',
    tag,
    audience: 'user',
    response: UserResponse,
    handler: handlers.currentUser,
  }),
  defineRoute({
    method: 'patch',
    path: '/auth/user/currency',
    summary: 'Set the preferred currency',
    tag,
    audience: 'user',
    request: UpdateCurrencySchema,
    response: UserResponse,
    handler: handlers.updateCurrency,
  }),
  defineRoute({
    method: 'post',
    path: '/auth/password',
    summary: 'Change the password of an embedded-provider account',
    tag,
    audience: 'user',
    request: ChangePasswordSchema,
    response: z.object({ message: z.string() }),
    rateLimit: {
      name: 'password-change',
      limit: 10,
      windowMs: 15 * 60_000,
    },
    handler: handlers.updatePassword,
  }),
  defineRoute({
    method: 'post',
    path: '/auth/verification-email',
    summary: "Email a new link that verifies the signed-in user's address (embedded-provider accounts)",
    tag,
    audience: 'user',
    response: z.object({ message: z.string() }),
    rateLimit: {
      name: 'verification-email',
      limit: 5,
      windowMs: 60 * 60_000,
      message: 'Too many verification emails. Please wait an hour and try again.',
    },
    handler: sendVerificationEmail,
  }),
  ...secondFactorRoutes,
];
