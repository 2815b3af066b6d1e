import { affectedRows, type Db } from '../connection.ts';

/** A signed-in browser's session: koa-session's data and when it lapses. */
export interface StoredSession {
  sess: Record<string, unknown>;
  expire: Date;
}

/** The session with this id, expired or not (the caller decides on its own clock). */
export async function findSession(db: Db, sid: string): Promise<StoredSession | undefined> {
  const row = await db('sessions').first('sess', 'expire').where({ sid });
  // jsonb arrives parsed (pg and PGlite)
  return row ? { sess: row.sess as Record<string, unknown>, expire: new Date(row.expire) } : undefined;
}

/** Creates or replaces the session. */
export async function saveSession(
  db: Db,
  sid: string,
  sess: Record<string, unknown>,
  expire: Date,
): Promise<void> {
  await db('sessions')
    .insert({ sid, sess: JSON.stringify(sess), expire })
    .onConflict('sid')
    .merge();
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db('sessions').where({ sid }).delete();
}

/**
 * Deletes every session signed in as `userId` (its `sess.userId`), except the one with id `exceptSid`;
 * returns how many went.
 */
export async function deleteSessionsOfUser(db: Db, userId: string, exceptSid?: string): Promise<number> {
  const query = db('sessions').whereRaw("sess->>'userId' = ?", [userId]);
  if (exceptSid) query.whereNot({ sid: exceptSid });
  return affectedRows(await query.delete());
}

/** Deletes the sessions that lapsed by `now`; returns how many went. */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<number> {
  return affectedRows(await db('sessions').where('expire', '<=', now).delete());
}
