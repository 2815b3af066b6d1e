import Router from '@koa/router';
import type { Config, Db } from '@riffline/db';
import type { Context } from 'koa';
import type Provider from 'oidc-provider';
import { hit, peek, reset } from '../auth/rateLimiter.ts';
import type { Clock } from '../context.ts';
import { AccountError, authenticate, createAccount } from './accounts.ts';
import { logoutScript, signInPage, signUpPage, stylesheet, errorPage } from './views.ts';

/** Failed sign-ins allowed per email (and, more loosely, per address) before the form refuses for a while. */
export const SIGN_IN_FAILURE_LIMIT = 5;
const SIGN_IN_IP_FAILURE_LIMIT = 50;
const FAILURE_WINDOW_MS = 15 * 60_000;
const SIGN_UP_LIMIT_PER_HOUR = 30;

function formValue(ctx: Context, name: string): string {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

/** The sign-in and create-account pages of the embedded provider, at /oidc/interaction/:uid. */
export function interactionRouter(
  config: Config,
  db: Db,
  provider: Provider,
  { clock, rateLimitNamespace }: { clock: Clock; rateLimitNamespace?: string },
): Router {
  const limitKey = (key: string) => (rateLimitNamespace ? `${rateLimitNamespace}:${key}` : key);
  if (config.identity.mode !== 'embedded') throw new Error('the embedded identity provider is off');
  const providerName = config.identity.providerName;
  const router = new Router({ prefix: '/oidc' });

  const html = (ctx: Context, status: number, body: string) => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = body;
  };

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

  /** Same-origin check for the pages' form posts (CSRF); the provider's own endpoints are not affected. */
  const sameOrigin = async (ctx: Context, next: () => Promise<unknown>) => {
    const expected = new URL(config.publicUrl).origin;
    const origin = ctx.get('Origin') || (ctx.get('Referer') ? new URL(ctx.get('Referer')).origin : '');
    if (origin !== expected) return html(ctx, 403, errorPage(providerName, 'Cross-site request refused.'));
    await next();
  };

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
    html(ctx, 200, signInPage(ctx.params.uid!, providerName));
  });

  router.get('/interaction/:uid/signup', async (ctx) => {
    if (!(await details(ctx))) return;
    html(ctx, 200, signUpPage(ctx.params.uid!, providerName));
  });

  router.post('/interaction/:uid/login', sameOrigin, async (ctx) => {
    if (!(await details(ctx))) return;
    const uid = ctx.params.uid!;
    const email = formValue(ctx, 'email').trim().toLowerCase();
    const password = formValue(ctx, 'password');
    const values = { email };
    if (!email || !password) {
      const errors: Record<string, string> = {};
      if (!email) errors.email = 'Email is required';
      if (!password) errors.password = 'Password is required';
      return html(ctx, 400, signInPage(uid, providerName, { values, errors }));
    }
    const emailKey = limitKey(`signin-failures:email:${email}`);
    const ipKey = limitKey(`signin-failures:ip:${ctx.ip}`);
    if (
      (await peek(db, emailKey, clock())) >= SIGN_IN_FAILURE_LIMIT ||
      (await peek(db, ipKey, clock())) >= SIGN_IN_IP_FAILURE_LIMIT
    ) {
      ctx.set('Retry-After', String(FAILURE_WINDOW_MS / 1000));
      return html(
        ctx,
        429,
        signInPage(uid, providerName, {
          values,
          message: 'Too many failed sign-in attempts. Wait 15 minutes and try again, or reset your password.',
        }),
      );
    }
    const account = await authenticate(db, email, password);
    if (!account) {
      await hit(db, emailKey, SIGN_IN_FAILURE_LIMIT, FAILURE_WINDOW_MS, clock());
      await hit(db, ipKey, SIGN_IN_IP_FAILURE_LIMIT, FAILURE_WINDOW_MS, clock());
      return html(ctx, 401, signInPage(uid, providerName, { values, message: 'Invalid email or password' }));
    }
    await reset(db, emailKey);
    await finish(ctx, { login: { accountId: account.id } });
  });

  router.post('/interaction/:uid/signup', sameOrigin, async (ctx) => {
    if (!(await details(ctx))) return;
    const uid = ctx.params.uid!;
    const values = {
      firstName: formValue(ctx, 'firstName'),
      lastName: formValue(ctx, 'lastName'),
      email: formValue(ctx, 'email'),
    };
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
    try {
      const account = await createAccount(db, { ...values, password: formValue(ctx, 'password') });
      await finish(ctx, { login: { accountId: account.id } });
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      const field = error.field === 'currentPassword' ? 'password' : error.field;
      html(ctx, 400, signUpPage(uid, providerName, { values, errors: { [field]: error.message } }));
    }
  });

  router.get('/interaction/:uid/abort', async (ctx) => {
    if (!(await details(ctx))) return;
    await finish(ctx, { error: 'access_denied', error_description: 'The sign-in was cancelled' });
  });

  return router;
}
