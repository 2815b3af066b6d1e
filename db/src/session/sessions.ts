import { affectedRows, type Db } from '../connection.ts';
import { User } from '../models/User.ts';
import { preparedStatement } from '../prepared.ts';
import { isAcceptedPayeeSql } from '../splits/invites.ts';

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

/**
 * The session with this id and, in the same query, the user it is signed in as (`sess.userId`), if that
 * user still exists, with whether they are an accepted payee (`isPayee`): one round trip per signed-in request instead of two. It runs on every API request
 * that carries a session cookie, so its SQL is written once rather than built by the query builder each
 * time and is kept prepared on PostgreSQL (prepared.ts); the user's columns are renamed by a table made
 * once per column name.
 */
export async function findSessionWithUser(
  db: Db,
  sid: string,
): Promise<(StoredSession & { user: User | undefined }) | undefined> {
  const [row] = await SESSION_WITH_USER.rows<Record<string, unknown>>(db, [sid]);
  if (!row) return undefined;
  const user: Record<string, unknown> = {};
  for (const column in row)
    if (column !== 'session_data' && column !== 'session_expire') user[camel(column)] = row[column];
  return {
    sess: row.session_data as Record<string, unknown>,
    expire: new Date(row.session_expire as string | Date),
    user: user.id ? User.fromDatabaseJson(user) : undefined,
  };
}

const SESSION_WITH_USER = preparedStatement(
  'session-with-user',
  `select "s"."sess" as "session_data", "s"."expire" as "session_expire", "u".*,
    ${isAcceptedPayeeSql('"u"."id"')} as "is_payee"
  from "sessions" as "s" left join "users" as "u" on "u"."id" = "s"."sess"->>'userId'
  where "s"."sid" = ? limit 1`,
);

const camelNames = new Map<string, string>();
const camel = (column: string): string => {
  let name = camelNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    camelNames.set(column, name);
  }
  return name;
};

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
