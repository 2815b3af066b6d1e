import type { Context, Middleware } from 'koa';
import { errorPage } from './views.ts';

/** Answers one of the provider's pages: HTML, never cached. */
export function html(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}

/** A posted form field as text ('' when missing or not a single value). */
export function formValue(ctx: Context, name: string): string {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const value = body[name];
  return typeof value === 'string' ? value : '';
}

/** What a form shows back of what was typed: control characters left out. */
export const echo = (value: string) => value.replace(/\p{Cc}/gu, '').toWellFormed();

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Same-origin check for the pages' form posts (CSRF): the Origin header, or else the Referer's origin, must
 * be the site's own. A Referer that is not a URL at all is a malformed request (400), never a crash.
 */
export function sameOriginForm(publicUrl: string, providerName: string): Middleware {
  const expected = new URL(publicUrl).origin;
  return async (ctx, next) => {
    const referer = ctx.get('Referer');
    let origin = ctx.get('Origin');
    if (!origin && referer) {
      const parsed = originOf(referer);
      if (parsed === null) {
        return html(
          ctx,
          400,
          errorPage(providerName, 'This request could not be read. Start again from Riffline.'),
        );
      }
      origin = parsed;
    }
    if (origin !== expected) return html(ctx, 403, errorPage(providerName, 'Cross-site request refused.'));
    await next();
  };
}
