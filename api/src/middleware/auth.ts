import { isAcceptedPayee, User, type Db } from '@riffline/db';
import type { Middleware } from 'koa';
import { userReadWithSession } from '../session/sessionStore.ts';
import { AuthenticationError, AuthorizationError } from '../errors.ts';
import { hasArtistArea, isAdmin } from '../policies/users.ts';

declare module 'koa' {
  interface DefaultState {
    user?: User;
  }
}

/**
 * Puts the signed-in user (if any) on ctx.state.user; a session whose user is gone is cleared. The
 * session store reads the user with the session (one query); only a session from elsewhere (no user read
 * with it) costs a query of its own.
 */
export function loadUser(db: Db): Middleware {
  return async (ctx, next) => {
    const userId = ctx.session?.userId as string | undefined;
    if (userId) {
      const read = userReadWithSession(ctx.session);
      const user = read === undefined ? await User.query(db).findById(userId) : read;
      if (user) ctx.state.user = user;
      else ctx.session = null;
    }
    await next();
  };
}

/** 401 `{"message":"Unauthorized"}` when nobody is signed in (the web app's logged-out flow keys on it). */
export const requireUser: Middleware = async (ctx, next) => {
  if (!ctx.state.user) throw AuthenticationError('Unauthorized');
  await next();
};

/** 403 for a signed-in artist whose application has not been approved yet. */
export const requireApproved: Middleware = async (ctx, next) => {
  if (!ctx.state.user) throw AuthenticationError('Unauthorized');
  if (!hasArtistArea(ctx.state.user)) throw AuthorizationError('Your account is awaiting approval');
  await next();
};

/**
 * 403 unless the signed-in user has earnings to see and take: an approved artist or an admin (no query),
 * or a collaborator who accepted a share of someone's release split, with no artist area of their own.
 */
export function requireEarner(db: Db): Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user;
    if (!user) throw AuthenticationError('Unauthorized');
    if (!hasArtistArea(user) && !(await isAcceptedPayee(db, user))) {
      throw AuthorizationError('Your account is awaiting approval');
    }
    await next();
  };
}

export const requireAdmin: Middleware = async (ctx, next) => {
  if (!ctx.state.user) throw AuthenticationError('Unauthorized');
  if (!isAdmin(ctx.state.user)) throw AuthorizationError("You don't have permission to access this page.");
  await next();
};
