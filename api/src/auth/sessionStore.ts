import { deleteSession, findSession, saveSession, type Db } from '@riffline/db';
import { systemClock, type Clock } from '../context.ts';

/**
 * koa-session's external store on the `sessions` table (sid, sess, expire): the cookie carries only the
 * signed session id, so sessions survive restarts and are shared by every API process.
 */
export function sessionStore(db: Db, clock: Clock = systemClock) {
  return {
    async get(sid: string): Promise<Record<string, unknown> | undefined> {
      const session = await findSession(db, sid);
      if (!session) return undefined;
      if (session.expire.getTime() <= clock().getTime()) {
        await deleteSession(db, sid);
        return undefined;
      }
      return session.sess;
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
