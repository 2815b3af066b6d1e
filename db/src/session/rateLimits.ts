import { affectedRows, type Db } from '../connection.ts';

/** A key's fixed window after a hit: how many hits it holds and when it ends. */
export interface RateLimitWindow {
  hits: number;
  resetAt: Date;
}

/**
 * Counts one hit for `key` in `rate_limits`, in one statement shared by every API process: a window that
 * has ended by `now` starts again at one hit and ends `windowMs` later. `now` is the caller's clock, the
 * same one that decides expiry everywhere else here, never the database's.
 */
export async function countHit(db: Db, key: string, now: Date, windowMs: number): Promise<RateLimitWindow> {
  const { rows } = await db.raw(
    `insert into rate_limits (key, hits, reset_at) values (:key, 1, :resetAt)
     on conflict (key) do update set
       hits = case when rate_limits.reset_at <= :now then 1 else rate_limits.hits + 1 end,
       reset_at = case when rate_limits.reset_at <= :now then excluded.reset_at else rate_limits.reset_at end
     returning hits, reset_at as "resetAt"`,
    { key, now, resetAt: new Date(now.getTime() + windowMs) },
  );
  const row = rows[0] as { hits: number | string; resetAt: string | Date };
  return { hits: Number(row.hits), resetAt: new Date(row.resetAt) };
}

/** The window of `key` still open at `now`, without adding a hit; null when there is none. */
export async function openWindow(db: Db, key: string, now: Date): Promise<RateLimitWindow | null> {
  const row = (await db('rate_limits')
    .first('hits', 'reset_at as resetAt')
    .where({ key })
    .andWhere('reset_at', '>', now)) as { hits: number | string; resetAt: string | Date } | undefined;
  return row ? { hits: Number(row.hits), resetAt: new Date(row.resetAt) } : null;
}

/** The hits `key` has in a window still open at `now`, without adding one. */
export async function hitsInWindow(db: Db, key: string, now: Date): Promise<number> {
  return (await openWindow(db, key, now))?.hits ?? 0;
}

/** Takes back one hit of `key`'s window (never below zero), for a hit that turned out not to count. */
export async function refundHit(db: Db, key: string): Promise<void> {
  await db('rate_limits')
    .where({ key })
    .andWhere('hits', '>', 0)
    .update({ hits: db.raw('hits - 1') });
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db('rate_limits').where({ key }).delete();
}

/**
 * Deletes `key` and every key that extends it past `separator` (`key` + `separator` + anything): a
 * family of windows kept per part, such as an account's sign-in failures per address.
 */
export async function clearRateLimitFamily(db: Db, key: string, separator: string): Promise<void> {
  const prefix = key + separator;
  // starts_with rather than LIKE: a key may hold % or _ (an email can), which LIKE takes as wildcards.
  await db('rate_limits').where({ key }).orWhereRaw('starts_with(key, ?)', [prefix]).delete();
}

/** Deletes the windows that ended by `now`; returns how many went. */
export async function purgeExpiredRateLimits(db: Db, now: Date): Promise<number> {
  return affectedRows(await db('rate_limits').where('reset_at', '<=', now).delete());
}
