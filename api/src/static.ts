import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import send from 'koa-send';
import { isArtistAppPath } from '@riffline/contracts';
import { repoRoot } from '@riffline/db';
import { SESSION_COOKIE } from './session/sessionStore.ts';

export interface WebApp {
  prefix: string;
  dist: string;
  /**
   * Whether the app has a page at a path (under its prefix): any other path still gets its index.html, which
   * shows the app's 'Page Not Found', with 404. Without it every path is a page (the admin console's
   * routes are its resources, known only in the browser).
   */
  isPage?: (path: string) => boolean;
}

export const builtWebApps: WebApp[] = [
  { prefix: '/admin', dist: path.join(repoRoot, 'web-admin', 'dist') },
  { prefix: '', dist: path.join(repoRoot, 'web-artist', 'dist'), isPage: isArtistAppPath },
];

const precompressed = { brotli: true, gzip: true };

/**
 * The dashboard's first requests (web-artist/src/main.tsx asks them as soon as the sign-in check says an
 * approved artist is in), as preloads; the browser suite checks each is fetched once, by its preload.
 */
const dashboardData = [
  '/api/user/coins',
  '/api/releases?limit=200',
  '/api/analytics?days=30',
  '/api/dashboard/growth',
  '/api/royalties',
].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`);

/**
 * Serves the built web apps: the admin console under /admin, the artist app at /. A path that is not a
 * file gets the app's index.html so client-side routes work; one the app has no page for is answered 404,
 * with the same index.html (the app shows its own 'Page Not Found').
 */
export function serveWebApps(apps: WebApp[] = builtWebApps): Middleware {
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api') || !['GET', 'HEAD'].includes(ctx.method)) return next();
    const app = apps.find((a) => ctx.path === a.prefix || ctx.path.startsWith(`${a.prefix}/`));
    if (!app || !fs.existsSync(path.join(app.dist, 'index.html'))) return next();
    const rel = ctx.path.slice(app.prefix.length) || '/';
    const file = path.join(app.dist, path.normalize(rel));
    // The build's precompressed `.br` / `.gz` go to browsers that accept them (koa-send picks them).
    ctx.vary('Accept-Encoding');
    if (rel !== '/' && file.startsWith(app.dist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const immutable = rel.startsWith('/assets/');
      await send(ctx, rel, {
        ...precompressed,
        root: app.dist,
        immutable,
        maxAge: immutable ? 31_536_000_000 : 0,
      });
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    // A signed-in browser opening the artist app's `/` (the dashboard, in the entry script) gets the
    // dashboard's figures asked beside the script, as index.html asks for /api/auth/user (the app's
    // requests take them).
    if (app.prefix === '' && rel === '/' && ctx.cookies.get(SESSION_COOKIE)) {
      ctx.set('Link', dashboardData.join(', '));
    }
    await send(ctx, 'index.html', { ...precompressed, root: app.dist });
    if (app.isPage && !app.isPage(rel)) ctx.status = 404;
  };
}
