import type { Middleware } from 'koa';
import { AuthorizationError, HttpError } from '../errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing API requests must come from our own pages: Origin (or, failing that, Referer) must be the
 * public URL's origin, and a body must be JSON unless the route takes uploads.
 */
export function sameOriginOnly(
  publicUrl: string,
  isUpload: (path: string) => boolean = () => false,
): Middleware {
  const expected = new URL(publicUrl).origin;
  return async (ctx, next) => {
    if (SAFE.has(ctx.method) || !(ctx.path === '/api' || ctx.path.startsWith('/api/'))) return next();
    let source = ctx.get('Origin');
    if (!source && ctx.get('Referer')) {
      try {
        source = new URL(ctx.get('Referer')).origin;
      } catch {
        source = '';
      }
    }
    if (source !== expected) throw AuthorizationError('Cross-site request refused');
    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || Boolean(ctx.get('Transfer-Encoding'));
    if (hasBody && !ctx.is('application/json') && !isUpload(ctx.path)) {
      throw new HttpError(415, 'Request body must be JSON');
    }
    await next();
  };
}
