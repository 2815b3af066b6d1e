import { affectedRows, type Db } from '@riffline/db';

/**
 * koa-session's external store on the `sessions` table (sid, sess, expire): the cookie carries only the
 * signed session id, so sessions survive restarts and are shared by every API process.
 */
export function sessionStore(db: Db) {
  return {
    async get(sid: string): Promise<Record<string, unknown> | undefined> {
      const row = await db('sessions').first('sess', 'expire').where({ sid });
      if (!row) return undefined;
      if (new Date(row.expire).getTime() <= Date.now()) {
        await db('sessions').where({ sid }).delete();
        return undefined;
      }
      return row.sess; // jsonb arrives parsed (pg and PGlite)
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number | 'session'): Promise<void> {
      const ttl = typeof maxAge === 'number' ? maxAge : 24 * 3_600_000;
      await db('sessions')
        .insert({ sid, sess: JSON.stringify(sess), expire: new Date(Date.now() + ttl) })
        .onConflict('sid')
        .merge();
    },
    async destroy(sid: string): Promise<void> {
      await db('sessions').where({ sid }).delete();
    },
  };
}

/** Deletes expired sessions; returns how many went. */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  return affectedRows(await db('sessions').where('expire', '<=', new Date()).delete());
}
