import { deleteSession, findSessionWithUser, saveSession, type Db, type User } from '@riffline/db';
import { systemClock, type Clock } from '../context.ts';

/** The session cookie's name (with its signature in `riffline.sid.sig`). */
export const SESSION_COOKIE = 'riffline.sid';

/**
 * koa-session's external store on the `sessions` table (sid, sess, expire): the cookie carries only the
 * signed session id, so sessions survive restarts and are shared by every API process.
 *
 * Reading a session reads its user in the same query and hands it on as the session's `_user`, which
 * `loadUser` takes instead of asking again (koa-session neither saves nor hashes `_` keys).
 */
/** The session's key for the user read with it: `null` when its `userId` names nobody any more. */
export const SESSION_USER = '_user';

/** The user read with the session, when it is still the one the session names. */
export function userReadWithSession(
  session: Record<string, unknown> | null | undefined,
): User | null | undefined {
  const user = session?.[SESSION_USER] as User | null | undefined;
  if (user === undefined) return undefined;
  return user === null || user.id === session?.userId ? user : undefined;
}

export function sessionStore(db: Db, clock: Clock = systemClock) {
  return {
    async get(sid: string): Promise<Record<string, unknown> | undefined> {
      const session = await findSessionWithUser(db, sid);
      if (!session) return undefined;
      if (session.expire.getTime() <= clock().getTime()) {
        await deleteSession(db, sid);
        return undefined;
      }
      return { ...session.sess, [SESSION_USER]: session.user ?? null };
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number | 'session'): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 3_600_000;
      await saveSession(db, sid, sess, new Date(clock().getTime() + ttl));
    },
    async destroy(sid: string): Promise<void> {
      await deleteSession(db, sid);
    },
  };
}
