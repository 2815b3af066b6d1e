import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Helmet with a Content-Security-Policy the web apps meet without inline scripts. Inline styles stay
 * allowed (MUI writes them at run time). HSTS and `upgrade-insecure-requests` only where the site is served
 * over https (PUBLIC_URL), never on a plain-http stack, whose sign-in form they would send to https.
 * `mediaOrigins`: where signed media links point besides this site (the object store's origin), so the
 * players and artwork may load from there.
 */
export function securityHeaders(https: boolean, mediaOrigins: readonly string[] = []): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...mediaOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  }) as Middleware;
}
