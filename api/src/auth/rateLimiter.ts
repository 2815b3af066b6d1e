import { affectedRows, type Db } from '@riffline/db';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter in Postgres (`rate_limits`), shared by every API process. One statement per hit:
 * the window restarts when it has passed.
 */
export async function hit(db: Db, key: string, limit: number, windowMs: number): Promise<RateLimitResult> {
  const resetAt = new Date(Date.now() + windowMs);
  const { rows } = await db.raw(
    `insert into rate_limits (key, hits, reset_at) values (?, 1, ?)
     on conflict (key) do update set
       hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
       reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
     returning hits, reset_at as "resetAt"`,
    [key, resetAt],
  );
  const row = rows[0] as { hits: number | string; resetAt: string | Date };
  const hits = Number(row.hits);
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(row.resetAt).getTime() - Date.now()) / 1000));
  return { allowed: hits <= limit, hits, retryAfterSeconds };
}

/** How many hits the key has in its current window, without adding one. */
export async function peek(db: Db, key: string): Promise<number> {
  const row = await db('rate_limits').first('hits').where({ key }).andWhere('reset_at', '>', new Date());
  return row ? Number(row.hits) : 0;
}

export async function reset(db: Db, key: string): Promise<void> {
  await db('rate_limits').where({ key }).delete();
}

export async function purgeExpiredLimits(db: Db): Promise<number> {
  return affectedRows(await db('rate_limits').where('reset_at', '<=', new Date()).delete());
}
