import Router from '@koa/router';
import { findSecondFactor, type Config, type Db } from '@riffline/db';
import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import type { Logger } from 'pino';
import { hit, refund, reset } from '../session/rateLimiter.ts';
import type { Clock } from '../context.ts';
import {
  AccountError,
  authenticate,
  createAccount,
  MAX_EMAIL_LENGTH,
  newAccountProblems,
  passwordProblem,
  textProblem,
} from './accounts.ts';
import { sendVerificationLink } from './links.ts';
import { asksToCreateAccount } from './provider.ts';
import { echo, formValue, html, sameOriginForm } from './pages.ts';
import { recoveryRoutes, signInFailuresFromKey, signInFailuresKey } from './recovery.ts';
import { verifySignInCode } from './secondFactor.ts';
import {
  errorPage,
  forgotPasswordHref,
  logoutScript,
  secondFactorPage,
  signInPage,
  signUpPage,
  stylesheet,
} from './views.ts';

/**
 * Failed sign-ins allowed per account from one address before the form refuses that address for a while.
 * Counted per account and address, so that a stranger's guesses lock out the stranger, never the owner
 * signing in from elsewhere.
 */
export const SIGN_IN_FAILURE_LIMIT = 5;
/**
 * Checked passwords allowed per account from all addresses together: a cap on guessing spread over many
 * addresses, far above what one person mistypes (a password reset lifts it, as it lifts the rest).
 */
const SIGN_IN_ACCOUNT_FAILURE_LIMIT = 100;
/** Checked passwords allowed per address, whatever the accounts. */
const SIGN_IN_IP_FAILURE_LIMIT = 50;
const FAILURE_WINDOW_MS = 15 * 60_000;
const SIGN_UP_LIMIT_PER_HOUR = 30;
/** Wrong second-factor codes allowed per account before it must wait: a million codes stay out of reach. */
const SECOND_FACTOR_FAILURE_LIMIT = 5;
/** How long the code step waits after the password was right before the password is asked again. */
const SECOND_FACTOR_STEP_SECONDS = 10 * 60;

/** What the interaction keeps between the password and the code: whose password was right, and when. */
interface PasswordChecked {
  accountId: string;
  at: number;
}
const passwordCheckedOf = (interaction: { lastSubmission?: Record<string, unknown> }, now: Date) => {
  const checked = interaction.lastSubmission?.passwordChecked as PasswordChecked | undefined;
  if (!checked || typeof checked.accountId !== 'string' || typeof checked.at !== 'number') return undefined;
  return now.getTime() / 1000 - checked.at <= SECOND_FACTOR_STEP_SECONDS ? checked : undefined;
};

export interface InteractionOptions {
  clock: Clock;
  logger: Logger;
  rateLimitNamespace?: string;
}

/**
 * The sign-in and create-account pages of the embedded provider, at /oidc/interaction/:uid, and its
 * password-reset and email-verification pages (recovery.ts).
 */
export function interactionRouter(
  config: Config,
  db: Db,
  provider: Provider,
  { clock, logger, rateLimitNamespace }: InteractionOptions,
): Router {
  const limitKey = (key: string) => (rateLimitNamespace ? `${rateLimitNamespace}:${key}` : key);
  if (config.identity.mode !== 'embedded') throw new Error('the embedded identity provider is off');
  const providerName = config.identity.providerName;
  const router = new Router({ prefix: '/oidc' });
  const sameOrigin = sameOriginForm(config.publicUrl, providerName);

  /** The interaction this browser is in, or an error page when it expired or belongs to someone else. */
  async function details(ctx: Context) {
    try {
      const interaction = await provider.interactionDetails(ctx.req, ctx.res);
      if (interaction.uid !== ctx.params.uid) throw new Error('interaction mismatch');
      return interaction;
    } catch {
      html(ctx, 400, errorPage(providerName, 'This sign-in page has expired. Start again from Riffline.'));
      return undefined;
    }
  }

  async function finish(ctx: Context, result: Parameters<Provider['interactionFinished']>[2]) {
    ctx.respond = false; // interactionFinished answers the request itself (303 to the provider)
    await provider.interactionFinished(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
  }

  router.get('/assets/identity.css', (ctx) => {
    ctx.type = 'text/css';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = stylesheet;
  });
  router.get('/assets/logout.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = logoutScript;
  });

  router.get('/interaction/:uid', async (ctx) => {
    const interaction = await details(ctx);
    if (!interaction) return;
    if (interaction.prompt.name !== 'login') {
      // Consent is implied for our own client (loadExistingGrant); anything else goes back to the provider.
      return finish(ctx, {});
    }
    // 'Continue with …' on /apply asks for a new account first (prompt=create); its page links to sign in.
    const uid = ctx.params.uid!;
    if (asksToCreateAccount(interaction.params)) return html(ctx, 200, signUpPage(uid, providerName));
    html(ctx, 200, signInPage(uid, providerName));
  });

  /** The sign-in form whatever was asked first: where the create-account page's 'Sign in' link goes. */
  router.get('/interaction/:uid/login', async (ctx) => {
    const interaction = await details(ctx);
    if (!interaction) return;
    if (interaction.prompt.name !== 'login') return finish(ctx, {});
    html(ctx, 200, signInPage(ctx.params.uid!, providerName));
  });

  router.get('/interaction/:uid/signup', async (ctx) => {
    if (!(await details(ctx))) return;
    html(ctx, 200, signUpPage(ctx.params.uid!, providerName));
  });

  router.post('/interaction/:uid/login', sameOrigin, async (ctx) => {
    if (!(await details(ctx))) return;
    const uid = ctx.params.uid!;
    const rawEmail = formValue(ctx, 'email');
    const password = formValue(ctx, 'password');
    const email = rawEmail.trim().toLowerCase();
    const values = { email: echo(rawEmail).trim() };
    // What cannot be a sign-in is refused before it spends the email's allowance.
    const errors: Record<string, string> = {};
    const emailProblem = textProblem('Email', rawEmail, MAX_EMAIL_LENGTH);
    const problemWithPassword = passwordProblem(password);
    if (emailProblem) errors.email = emailProblem;
    if (problemWithPassword) errors.password = problemWithPassword;
    if (Object.keys(errors).length > 0) {
      return html(ctx, 400, signInPage(uid, providerName, { values, errors }));
    }

    const lockedOut = (retryAfterSeconds: number) => {
      ctx.set('Retry-After', String(retryAfterSeconds));
      html(
        ctx,
        429,
        signInPage(uid, providerName, {
          values,
          message: 'Too many failed sign-in attempts. Wait 15 minutes and try again, or reset your password.',
          messageLink: { text: 'reset your password', href: forgotPasswordHref(uid) },
        }),
      );
    };
    // Each attempt is counted in one statement before its password is checked, so parallel requests
    // cannot all pass a count read before any of them failed: at most each limit's worth are ever checked.
    // The account-and-address count goes first and keeps every attempt; the account's and the address's
    // own counts keep checked passwords only, so that refused attempts do not use them up.
    const now = clock();
    const pairKey = limitKey(signInFailuresFromKey(email, ctx.ip));
    const fromHere = await hit(db, pairKey, SIGN_IN_FAILURE_LIMIT, FAILURE_WINDOW_MS, now);
    if (!fromHere.allowed) return lockedOut(fromHere.retryAfterSeconds);
    const accountKey = limitKey(signInFailuresKey(email));
    const ipKey = limitKey(`signin-failures:ip:${ctx.ip}`);
    for (const [key, limit] of [
      [accountKey, SIGN_IN_ACCOUNT_FAILURE_LIMIT],
      [ipKey, SIGN_IN_IP_FAILURE_LIMIT],
    ] as const) {
      const counted = await hit(db, key, limit, FAILURE_WINDOW_MS, now);
      if (!counted.allowed) {
        await refund(db, key);
        if (key === ipKey) await refund(db, accountKey);
        return lockedOut(counted.retryAfterSeconds);
      }
    }

    const account = await authenticate(db, email, password);
    if (!account) {
      return html(ctx, 401, signInPage(uid, providerName, { values, message: 'Invalid email or password' }));
    }
    // Only an attempt within the limits gets here, so only such a success clears the counts: this
    // address's for the account, the account's, and this attempt's hit on the address.
    await reset(db, pairKey);
    await reset(db, accountKey);
    await refund(db, ipKey);
    const factor = await findSecondFactor(db, account.id);
    if (!factor?.secret) return finish(ctx, { login: { accountId: account.id, amr: ['pwd'] } });
    // The password was right; the code comes next, on this interaction, which remembers whose it was (kept
    // in `lastSubmission`, which the provider itself never reads back: finish() does not merge it).
    const interaction = (await details(ctx))!;
    interaction.lastSubmission = {
      passwordChecked: { accountId: account.id, at: Math.floor(now.getTime() / 1000) },
    };
    await interaction.persist();
    html(ctx, 200, secondFactorPage(uid, providerName));
  });

  router.get('/interaction/:uid/second-factor', async (ctx) => {
    const interaction = await details(ctx);
    if (!interaction) return;
    const uid = ctx.params.uid!;
    if (!passwordCheckedOf(interaction, clock())) return html(ctx, 200, signInPage(uid, providerName));
    html(ctx, 200, secondFactorPage(uid, providerName));
  });

  router.post('/interaction/:uid/second-factor', sameOrigin, async (ctx) => {
    const interaction = await details(ctx);
    if (!interaction) return;
    const uid = ctx.params.uid!;
    const now = clock();
    const checked = passwordCheckedOf(interaction, now);
    if (!checked) {
      return html(
        ctx,
        400,
        signInPage(uid, providerName, { message: 'Your sign-in took too long. Enter your password again.' }),
      );
    }
    const code = formValue(ctx, 'code').trim();
    if (!code || code.length > 64) {
      return html(
        ctx,
        400,
        secondFactorPage(uid, providerName, {
          errors: { code: 'Enter the code from your authenticator app' },
        }),
      );
    }
    const failuresKey = limitKey(`second-factor-failures:account:${checked.accountId}`);
    const counted = await hit(db, failuresKey, SECOND_FACTOR_FAILURE_LIMIT, FAILURE_WINDOW_MS, now);
    if (!counted.allowed) {
      ctx.set('Retry-After', String(counted.retryAfterSeconds));
      return html(
        ctx,
        429,
        secondFactorPage(uid, providerName, {
          message: 'Too many wrong codes. Wait 15 minutes and try again.',
        }),
      );
    }
    const factor = await findSecondFactor(db, checked.accountId);
    if (!factor?.secret) return finish(ctx, { login: { accountId: checked.accountId, amr: ['pwd'] } });
    if (!(await verifySignInCode(db, checked.accountId, factor, code, now))) {
      return html(
        ctx,
        401,
        secondFactorPage(uid, providerName, {
          message: 'That code is not right. Try the newest code from your app, or a recovery code.',
        }),
      );
    }
    await reset(db, failuresKey);
    await finish(ctx, { login: { accountId: checked.accountId, amr: ['pwd', 'otp'] } });
  });

  router.post('/interaction/:uid/signup', sameOrigin, async (ctx) => {
    if (!(await details(ctx))) return;
    const uid = ctx.params.uid!;
    const input = {
      firstName: formValue(ctx, 'firstName'),
      lastName: formValue(ctx, 'lastName'),
      email: formValue(ctx, 'email'),
      password: formValue(ctx, 'password'),
    };
    const values = {
      firstName: echo(input.firstName),
      lastName: echo(input.lastName),
      email: echo(input.email),
    };
    const errors = newAccountProblems(input);
    if (Object.keys(errors).length > 0) {
      return html(ctx, 400, signUpPage(uid, providerName, { values, errors }));
    }
    const limit = await hit(db, limitKey(`signups:ip:${ctx.ip}`), SIGN_UP_LIMIT_PER_HOUR, 3_600_000, clock());
    if (!limit.allowed) {
      ctx.set('Retry-After', String(limit.retryAfterSeconds));
      return html(
        ctx,
        429,
        signUpPage(uid, providerName, {
          values,
          message: 'Too many new accounts from here. Try again later.',
        }),
      );
    }
    let account;
    try {
      account = await createAccount(db, input);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const field = error.field === 'currentPassword' ? 'password' : error.field;
      return html(ctx, 400, signUpPage(uid, providerName, { values, errors: { [field]: error.message } }));
    }
    // Sent alongside: a slow mail server never holds up the sign-up, and if it fails the account stands
    // (the app's banner offers to send the link again).
    void sendVerificationLink(db, config, account, clock()).catch((error: unknown) =>
      logger.error({ err: error }, 'verification email not sent'),
    );
    await finish(ctx, { login: { accountId: account.id, amr: ['pwd'] } });
  });

  router.get('/interaction/:uid/abort', async (ctx) => {
    if (!(await details(ctx))) return;
    await finish(ctx, { error: 'access_denied', error_description: 'The sign-in was cancelled' });
  });

  recoveryRoutes(router, { config, db, clock, logger, limitKey, sameOrigin });
  return router;
}
