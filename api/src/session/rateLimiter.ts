import {
  clearRateLimit,
  clearRateLimitFamily,
  countHit,
  hitsInWindow,
  openWindow,
  refundHit,
  type Db,
} from '@riffline/db';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter in Postgres (`rate_limits`), shared by every API process. One statement per hit:
 * the window restarts when it has passed. `now` comes from the API's clock, which alone decides when a
 * window starts and ends.
 */
export async function hit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<RateLimitResult> {
  const { hits, resetAt } = await countHit(db, key, now, windowMs);
  return { allowed: hits <= limit, hits, retryAfterSeconds: secondsUntil(resetAt, now) };
}

const secondsUntil = (resetAt: Date, now: Date) =>
  Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));

/**
 * Whether one more hit would still be within `limit`, without counting it: for limits that count only
 * what succeeds (`record` then adds it).
 */
export async function check(db: Db, key: string, limit: number, now = new Date()): Promise<RateLimitResult> {
  const window = await openWindow(db, key, now);
  const hits = window?.hits ?? 0;
  return { allowed: hits < limit, hits, retryAfterSeconds: window ? secondsUntil(window.resetAt, now) : 0 };
}

/** Counts a hit that succeeded (see `check`). */
export async function record(db: Db, key: string, windowMs: number, now = new Date()): Promise<void> {
  await countHit(db, key, now, windowMs);
}

/** How many hits the key has in its current window, without adding one. */
export async function peek(db: Db, key: string, now = new Date()): Promise<number> {
  return hitsInWindow(db, key, now);
}

export async function reset(db: Db, key: string): Promise<void> {
  await clearRateLimit(db, key);
}

/** Resets `key` and every key made of it, `separator` and more (see clearRateLimitFamily). */
export async function resetFamily(db: Db, key: string, separator: string): Promise<void> {
  await clearRateLimitFamily(db, key, separator);
}

/** Takes one hit back, for an attempt that was counted up front and turned out not to count. */
export async function refund(db: Db, key: string): Promise<void> {
  await refundHit(db, key);
}
