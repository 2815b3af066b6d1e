import type { Middleware } from 'koa';

/** Paths under /api that no route answered get a JSON 404 (or 405 from allowedMethods) instead of HTML. */
export function apiFallback(): Middleware {
  return async (ctx, next) => {
    await next();
    if (!(ctx.path === '/api' || ctx.path.startsWith('/api/')) || ctx.body != null) return;
    const status = ctx.status;
    if (status !== 404 && status !== 405) return;
    ctx.body = { message: status === 404 ? 'Not Found' : 'Method Not Allowed' };
    ctx.status = status; // setting a body alone would turn the status into 200
  };
}
