import type { Context } from 'koa';
import { PENDING_SIGN_IN_MS } from '@riffline/contracts';
import type { ApiDeps } from '../../context.ts';
import type { Handler } from '../route.ts';
import { ValidationError } from '../../errors.ts';
import { changeCurrency } from '../../commands/users/currencyChanger.ts';
import { changePassword } from '../../commands/users/passwordChanger.ts';
import { userSignIn } from '../../commands/users/userSignIn.ts';
import type { PendingSignIn } from '../../session/relyingParty.ts';
import { isAcceptedPayee } from '@riffline/db';
import { presentUser } from '../../presenters/user.ts';
import { allowFormTo, isSameSiteNavigation, signOutPage, wantsPage } from './signOutPage.ts';
import type { ChangePasswordInput, LoginInput, UpdateCurrencyInput } from './schema.ts';

/**
 * GET /api/login: off to the issuer with PKCE; state, nonce and verifier wait in the session. `screen=signup`
 * asks the issuer for its create-account form first (`prompt=create`, where the issuer supports it);
 * `stepUp=1` asks it to authenticate again, second factor included (`prompt=login`, `max_age=0`).
 */
export const login: Handler<LoginInput> = async (ctx, { auth }) => {
  const { query } = ctx.state.input;
  const { url, pending } = await auth.relyingParty.start(query.returnTo ?? '/', {
    screen: query.screen ?? 'signin',
    stepUp: query.stepUp === '1',
  });
  // A visitor who is not signed in gets a short-lived session that only carries the pending sign-in: an
  // anonymous click on Login must not leave a session row for the full sign-in lifetime.
  if (!ctx.session!.userId) ctx.session!.maxAge = PENDING_SIGN_IN_MS;
  ctx.session!.pendingSignIn = pending;
  ctx.redirect(url);
};

/** GET /api/callback: code exchanged, user upserted, session regenerated (new id), back to the app. */
export const callback: Handler<unknown> = async (ctx, { auth, config, db, logger }) => {
  const pending = ctx.session?.pendingSignIn as PendingSignIn | undefined;
  if (ctx.query.error === 'access_denied') {
    delete ctx.session!.pendingSignIn;
    return ctx.redirect('/');
  }
  if (!pending) throw ValidationError('This sign-in link has expired. Please sign in again.');
  let claims;
  try {
    claims = await auth.relyingParty.finish(new URL(ctx.originalUrl, config.publicUrl), pending);
  } catch (error) {
    logger.warn({ err: error }, 'sign-in callback refused');
    delete ctx.session!.pendingSignIn;
    throw ValidationError('Sign-in failed. Please sign in again.');
  }
  const user = await userSignIn(db, claims, config.adminEmails);
  // amr and auth_time say whether and when a second factor was used: the step-up the routes moving money
  // ask for (middleware/secondFactor.ts).
  ctx.session = {
    userId: user.id,
    idToken: claims.idToken,
    signedInAt: new Date().toISOString(),
    amr: claims.amr,
    authTime: claims.authTime,
  };
  ctx.session.maxAge = config.session.maxAgeMs; // the pending sign-in's session was short-lived
  await ctx.session.regenerate();
  ctx.redirect(pending.returnTo);
};

/**
 * Ends this browser's session at once; answers where to go next: the issuer's sign-out where it supports
 * RP-initiated logout (for a browser that was signed in), else /.
 */
async function endSession(ctx: Context, auth: ApiDeps['auth']): Promise<string> {
  const idToken = (ctx.session?.idToken as string | undefined) ?? null;
  const wasSignedIn = Boolean(ctx.session?.userId);
  ctx.session = null;
  const endSession = wasSignedIn ? await auth.relyingParty.endSessionUrl(idToken) : null;
  return endSession ?? '/';
}

/**
 * POST /api/logout: the apps' sign-out (`fetch`, answered `{redirectTo}`). The sign-out page's form
 * (GET /api/logout from another site) posts here as a navigation: that browser is sent on itself.
 */
export const logout: Handler<unknown> = async (ctx, { auth }) => {
  const redirectTo = await endSession(ctx, auth);
  if (!wantsPage(ctx)) return { redirectTo };
  ctx.redirect(redirectTo);
  ctx.status = 303;
};

/**
 * GET /api/logout (SPEC §2: logout is a browser navigation). Sent by this site, it signs out as POST does
 * and goes on to where POST would send the browser. From anywhere else it signs nobody out: a signed-in
 * browser gets a page whose Sign out button posts from this site; a signed-out one goes to /.
 */
export const logoutNavigation: Handler<unknown> = async (ctx, { auth, config }) => {
  if (isSameSiteNavigation(ctx, config.publicUrl)) return ctx.redirect(await endSession(ctx, auth));
  if (!ctx.session?.userId) return ctx.redirect('/');
  const idToken = (ctx.session.idToken as string | undefined) ?? null;
  allowFormTo(ctx, await auth.relyingParty.endSessionUrl(idToken), config.publicUrl);
  ctx.status = 200;
  ctx.type = 'html';
  ctx.body = signOutPage;
};

export const currentUser: Handler<unknown> = async (ctx, { db }) => {
  ctx.set('Cache-Control', 'no-store');
  const user = ctx.state.user!;
  return { ...presentUser(user), isPayee: await isAcceptedPayee(db, user) };
};

export const provider: Handler<unknown> = (_ctx, { auth, config }) => ({
  name: auth.relyingParty.providerName,
  embedded: config.identity.mode === 'embedded',
});

export const updateCurrency: Handler<UpdateCurrencyInput> = async (ctx, { db }) =>
  presentUser(await changeCurrency(db, ctx.state.user!, ctx.state.input.body.currency));

export const updatePassword: Handler<ChangePasswordInput> = async (ctx, { db, config }) => {
  // Every other sign-in of the user ends; this browser's session (its id in the store) stays.
  await changePassword(db, config.identity, ctx.state.user!, ctx.state.input.body, {
    keepSessionId: ctx.session?.externalKey,
  });
  return { message: 'Password updated' };
};
