import type { Db } from '@riffline/db';
import type { Context, Middleware } from 'koa';
import { hit } from '../auth/rateLimiter.ts';
import type { Clock } from '../context.ts';
import { RateLimitError } from '../errors.ts';

export interface RateLimitOptions {
  /** Names the limit; the key is `<name>:<user id or client address>` unless `key` says otherwise. */
  name: string;
  limit: number;
  windowMs: number;
  key?: (ctx: Context) => string;
  message?: string;
}

/** 429 `{message}` with Retry-After once a client passes `limit` requests in the window. */
export function rateLimit(db: Db, clock: Clock, options: RateLimitOptions): Middleware {
  return async (ctx, next) => {
    const key = `${options.name}:${options.key ? options.key(ctx) : (ctx.state.user?.id ?? ctx.ip)}`;
    const result = await hit(db, key, options.limit, options.windowMs, clock());
    if (!result.allowed) {
      ctx.set('Retry-After', String(result.retryAfterSeconds));
      throw RateLimitError(options.message);
    }
    await next();
  };
}
