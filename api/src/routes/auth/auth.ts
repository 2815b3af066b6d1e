import { PENDING_SIGN_IN_MS } from '@riffline/contracts';
import type { Handler } from '../route.ts';
import { ValidationError } from '../../errors.ts';
import { changeCurrency } from '../../commands/users/currencyChanger.ts';
import { changePassword } from '../../commands/users/passwordChanger.ts';
import { userSignIn } from '../../commands/users/userSignIn.ts';
import type { PendingSignIn } from '../../session/relyingParty.ts';
import { presentUser } from '../../presenters/user.ts';
import type { ChangePasswordInput, LoginInput, UpdateCurrencyInput } from './schema.ts';

/** GET /api/login: off to the issuer with PKCE; state, nonce and verifier wait in the session. */
export const login: Handler<LoginInput> = async (ctx, { auth }) => {
  const { query } = ctx.state.input;
  const { url, pending } = await auth.relyingParty.start(query.returnTo ?? '/');
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
  ctx.session = { userId: user.id, idToken: claims.idToken, signedInAt: new Date().toISOString() };
  ctx.session.maxAge = config.session.maxAgeMs; // the pending sign-in's session was short-lived
  await ctx.session.regenerate();
  ctx.redirect(pending.returnTo);
};

/** POST /api/logout: our session ends at once; the issuer's too where it supports RP-initiated logout. */
export const logout: Handler<unknown> = async (ctx, { auth }) => {
  const idToken = (ctx.session?.idToken as string | undefined) ?? null;
  const wasSignedIn = Boolean(ctx.session?.userId);
  ctx.session = null;
  const endSession = wasSignedIn ? await auth.relyingParty.endSessionUrl(idToken) : null;
  return { redirectTo: endSession ?? '/' };
};

export const currentUser: Handler<unknown> = (ctx) => {
  ctx.set('Cache-Control', 'no-store');
  return presentUser(ctx.state.user!);
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
