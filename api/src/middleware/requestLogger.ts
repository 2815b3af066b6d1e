import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/**
 * One log line per request (pino), with a request id that is also sent back as X-Request-Id. The
 * request's own logger (`ctx.state.logger`, a child carrying `reqId`) is made when something asks for it:
 * most requests only write their one line.
 */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const id = randomUUID();
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, 'logger', {
      get: () => (child ??= logger.child({ reqId: id })),
      set: (value: Logger) => (child = value),
      configurable: true,
      enumerable: true,
    });
    ctx.set('X-Request-Id', id);
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      // The identity provider's emailed links carry their single-use token in the query: never logged.
      const url = ctx.originalUrl.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
      const line = { method: ctx.method, url, status: ctx.status, ms };
      if (ctx.status >= 500) ctx.state.logger.error(line, 'request failed');
      else if (child) child.info(line, 'request');
      else logger.info({ reqId: id, ...line }, 'request');
    }
  };
}
