import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import type { Config, Db } from '@riffline/db';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { hit, resetFamily } from '../session/rateLimiter.ts';
import { verifyEmail } from '../commands/users/emailVerifier.ts';
import { resetPassword } from '../commands/users/passwordResetter.ts';
import type { Clock } from '../context.ts';
import { AccountError, emailProblem, newPasswordProblem } from './accounts.ts';
import { sendPasswordResetLink } from './links.ts';
import { echo, formValue, html } from './pages.ts';
import { peekToken } from './tokens.ts';
import {
  errorPage,
  emailVerifiedPage,
  forgotPasswordPage,
  isInteractionUid,
  passwordResetDonePage,
  resetLinkUnusablePage,
  resetPasswordPage,
  resetRequestedPage,
  verifyLinkUnusablePage,
} from './views.ts';

const HOUR = 3_600_000;
/** Reset requests per client address and per email an hour; reset and verification link uses per address. */
const RESET_REQUESTS_PER_ADDRESS = 20;
const RESET_REQUESTS_PER_EMAIL = 5;
const LINK_USES_PER_ADDRESS = 60;

interface RecoveryDeps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  limitKey: (key: string) => string;
  sameOrigin: Middleware;
}

/**
 * The sign-in lockout's keys (interactions.ts counts them; a password reset clears them all): the
 * account's, and the account's from one address. The address follows a unit separator, which a sign-in
 * email cannot hold (the form refuses control characters), so no typed email can name another's key.
 */
export const signInFailuresKey = (email: string) => `signin-failures:email:${email}`;
export const SIGN_IN_ADDRESS_SEPARATOR = '\u001F';
export const signInFailuresFromKey = (email: string, address: string) =>
  `${signInFailuresKey(email)}${SIGN_IN_ADDRESS_SEPARATOR}ip:${address}`;

const form = bodyParser({ enableTypes: ['form'], formLimit: '16kb' });
const queryToken = (ctx: Context) => (typeof ctx.query.token === 'string' ? ctx.query.token : '');

/**
 * The embedded provider's 'Forgot your password?' pages and the targets of its emailed links:
 *
 *   GET/POST /oidc/forgot-password   ask for a reset link (the same answer whether or not an account exists)
 *   GET/POST /oidc/reset-password    the link's page: choose a new password (every session of the account ends)
 *   GET      /oidc/verify-email      the verification link: proves the address
 */
export function recoveryRoutes(
  router: Router,
  { config, db, clock, logger, limitKey, sameOrigin }: RecoveryDeps,
) {
  if (config.identity.mode !== 'embedded') throw new Error('the embedded identity provider is off');
  const providerName = config.identity.providerName;
  const tooMany = () => errorPage(providerName, 'Too many attempts from here. Wait an hour and try again.');

  /** A fixed-window limit per key; answers 429 with `page` and returns false once it is passed. */
  async function withinLimit(ctx: Context, key: string, limit: number, page: () => string) {
    const result = await hit(db, limitKey(key), limit, HOUR, clock());
    if (result.allowed) return true;
    ctx.set('Retry-After', String(result.retryAfterSeconds));
    html(ctx, 429, page());
    return false;
  }

  router.get('/forgot-password', (ctx) => {
    const uid = isInteractionUid(ctx.query.uid) ? ctx.query.uid : undefined;
    html(ctx, 200, forgotPasswordPage(providerName, uid));
  });

  router.post('/forgot-password', form, sameOrigin, async (ctx) => {
    const uidValue = formValue(ctx, 'uid');
    const uid = isInteractionUid(uidValue) ? uidValue : undefined;
    const rawEmail = formValue(ctx, 'email');
    const values = { email: echo(rawEmail).trim() };
    const problem = emailProblem(rawEmail);
    if (problem)
      return html(ctx, 400, forgotPasswordPage(providerName, uid, { values, errors: { email: problem } }));
    const email = rawEmail.trim().toLowerCase();
    const tooManyRequests = () =>
      forgotPasswordPage(providerName, uid, {
        values,
        message: 'Too many reset requests. Wait an hour and try again.',
      });
    if (!(await withinLimit(ctx, `password-reset:ip:${ctx.ip}`, RESET_REQUESTS_PER_ADDRESS, tooManyRequests)))
      return;
    if (!(await withinLimit(ctx, `password-reset:email:${email}`, RESET_REQUESTS_PER_EMAIL, tooManyRequests)))
      return;
    // The answer never waits for the lookup or the mail, so neither its words nor its timing tell whether
    // an account has this address.
    void sendPasswordResetLink(db, config, email, clock()).catch((error: unknown) =>
      logger.error({ err: error }, 'password reset email not sent'),
    );
    html(ctx, 200, resetRequestedPage(providerName, uid));
  });

  router.get('/reset-password', async (ctx) => {
    const token = queryToken(ctx);
    if (!(await peekToken(db, token, 'reset-password', clock()))) {
      return html(ctx, 400, resetLinkUnusablePage(providerName));
    }
    html(ctx, 200, resetPasswordPage(providerName, token));
  });

  router.post('/reset-password', form, sameOrigin, async (ctx) => {
    if (!(await withinLimit(ctx, `identity-links:ip:${ctx.ip}`, LINK_USES_PER_ADDRESS, tooMany))) return;
    const token = formValue(ctx, 'token');
    const password = formValue(ctx, 'password');
    if (!(await peekToken(db, token, 'reset-password', clock()))) {
      return html(ctx, 400, resetLinkUnusablePage(providerName));
    }
    const problem = newPasswordProblem(password);
    if (problem)
      return html(ctx, 400, resetPasswordPage(providerName, token, { errors: { password: problem } }));
    let owner;
    try {
      owner = await resetPassword(db, token, password, clock());
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      return html(ctx, 400, resetPasswordPage(providerName, token, { errors: { password: error.message } }));
    }
    if (!owner) return html(ctx, 400, resetLinkUnusablePage(providerName));
    // Whoever locked the sign-in out with wrong passwords, from wherever, the owner is back in with the new one.
    await resetFamily(db, limitKey(signInFailuresKey(owner.email.toLowerCase())), SIGN_IN_ADDRESS_SEPARATOR);
    html(ctx, 200, passwordResetDonePage(providerName));
  });

  router.get('/verify-email', async (ctx) => {
    if (!(await withinLimit(ctx, `identity-links:ip:${ctx.ip}`, LINK_USES_PER_ADDRESS, tooMany))) return;
    const verified = await verifyEmail(db, queryToken(ctx), clock());
    if (!verified) return html(ctx, 400, verifyLinkUnusablePage(providerName));
    html(ctx, 200, emailVerifiedPage(providerName, verified.email));
  });
}
