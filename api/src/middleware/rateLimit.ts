import type { Db } from '@riffline/db';
import type { Context, Middleware } from 'koa';
import { check, hit, record } from '../session/rateLimiter.ts';
import type { Clock } from '../context.ts';
import { RateLimitError } from '../errors.ts';

export interface RateLimitOptions {
  /** Names the limit; the key is `<name>:<user id or client address>` unless `key` says otherwise. */
  name: string;
  limit: number;
  windowMs: number;
  key?: (ctx: Context) => string;
  message?: string;
  /**
   * What spends the allowance: `every` request that passed validation (sign-in attempts: a wrong password
   * counts), or only those that `succeed` (uploads, exports: a call refused as not yours changes nothing,
   * not even a counter). Counting after the fact lets a burst of concurrent calls pass the limit by at most
   * their number.
   */
  count?: 'every' | 'succeed';
}

/** 429 `{message}` with Retry-After once a client passes `limit` requests in the window. */
export function rateLimit(db: Db, clock: Clock, options: RateLimitOptions): Middleware {
  return async (ctx, next) => {
    const key = `${options.name}:${options.key ? options.key(ctx) : (ctx.state.user?.id ?? ctx.ip)}`;
    const afterwards = options.count === 'succeed';
    const result = afterwards
      ? await check(db, key, options.limit, clock())
      : await hit(db, key, options.limit, options.windowMs, clock());
    if (!result.allowed) {
      ctx.set('Retry-After', String(result.retryAfterSeconds));
      throw RateLimitError(options.message);
    }
    await next();
    if (afterwards && ctx.status < 400) await record(db, key, options.windowMs, clock());
  };
}
