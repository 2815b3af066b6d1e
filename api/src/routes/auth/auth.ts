import type { Handler } from '../route.ts';
import { ValidationError } from '../../errors.ts';
import { changeCurrency } from '../../commands/users/currencyChanger.ts';
import { changePassword } from '../../commands/users/passwordChanger.ts';
import { userSignIn } from '../../commands/users/userSignIn.ts';
import type { PendingSignIn } from '../../auth/relyingParty.ts';
import { presentUser } from '../../presenters/user.ts';
import type { ChangePasswordInput, LoginInput, UpdateCurrencyInput } from './schema.ts';

/** GET /api/login: off to the issuer with PKCE; state, nonce and verifier wait in the session. */
export const login: Handler<LoginInput> = async (ctx, { auth }) => {
  const { query } = ctx.state.input;
  const { url, pending } = await auth.relyingParty.start(query.returnTo ?? '/');
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
  await ctx.session.regenerate();
  ctx.redirect(pending.returnTo);
};

/** GET /api/logout: our session ends at once; the issuer's too where it supports RP-initiated logout. */
export const logout: Handler<unknown> = async (ctx, { auth }) => {
  const idToken = (ctx.session?.idToken as string | undefined) ?? null;
  const wasSignedIn = Boolean(ctx.session?.userId);
  ctx.session = null;
  const endSession = wasSignedIn ? await auth.relyingParty.endSessionUrl(idToken) : null;
  ctx.redirect(endSession ?? '/');
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
  await changePassword(db, config.identity, ctx.state.user!, ctx.state.input.body);
  return { message: 'Password updated' };
};
