import { bodyParser } from '@koa/bodyparser';
import Koa, { type Middleware } from 'koa';
import mount from 'koa-mount';
import session from 'koa-session';
import { createAuthServices } from './session/index.ts';
import { CookieKeys } from './session/cookieKeys.ts';
import { SESSION_COOKIE, sessionStore } from './session/sessionStore.ts';
import type { ApiDeps, AppDeps } from './context.ts';
import { interactionRouter } from './identityProvider/interactions.ts';
import { sandboxEnabled } from './payments/index.ts';
import { sandboxRouter } from './payments/sandboxPages.ts';
import { apiFallback } from './middleware/apiFallback.ts';
import { loadUser } from './middleware/auth.ts';
import { sameOriginOnly } from './middleware/csrf.ts';
import { errorHandler } from './middleware/errorHandler.ts';
import { apiMetrics } from './metrics/index.ts';
import { requestLogger } from './middleware/requestLogger.ts';
import { securityHeaders } from './middleware/securityHeaders.ts';
import { allRoutes, apiRouter } from './routes/index.ts';
import { uploadPathMatcher, webhookPathMatcher } from './routes/route.ts';
import { smartLinkRouter } from './smartlinks/router.ts';
import { serveWebApps, type WebApp } from './static.ts';

/** API answers are personal or change often: never stored by a browser or proxy unless a route says so. */
const noStoreByDefault: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  await next();
};

const under =
  (prefix: string, middleware: Middleware): Middleware =>
  async (ctx, next) =>
    ctx.path === prefix || ctx.path.startsWith(`${prefix}/`) ? middleware(ctx, next) : next();

export interface CreatedApp {
  app: Koa;
  deps: ApiDeps;
  /** The /api router, for tools that list what is served (the OpenAPI check). */
  router: ReturnType<typeof apiRouter>;
}

export async function createApp(appDeps: AppDeps, webApps?: WebApp[]): Promise<CreatedApp> {
  const auth = await createAuthServices(appDeps);
  const deps: ApiDeps = { ...appDeps, auth };
  const { config, db } = deps;

  // X-Forwarded-For is believed only for the configured number of proxies in front of us, counted from the
  // socket: its last N entries. With none configured the socket's address is the client's.
  const hops = config.trustProxyHops;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  app.keys = new CookieKeys(auth.keys); // Keygrip's signatures at a fraction of its cost per request
  app.silent = true; // the error middleware logs what matters
  const api = apiRouter(deps);
  const metrics = apiMetrics(config, deps.extraMetrics);

  app.use(metrics.timing);
  app.use(requestLogger(deps.logger));
  app.use(errorHandler());
  app.use(securityHeaders(config.https, deps.storage.origin ? [deps.storage.origin] : []));
  app.use(metrics.endpoint); // before the session: a scrape never touches the session store
  app.use(
    session(
      {
        key: SESSION_COOKIE,
        maxAge: config.session.maxAgeMs,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.https,
        signed: true,
        rolling: false,
        renew: true,
        store: sessionStore(db, deps.clock),
      },
      app,
    ),
  );
  app.use(under('/api', noStoreByDefault));
  // Uploads (a raw file body, streamed by their handler) need the same Origin but not JSON, and the JSON
  // parser never touches their body.
  const isUpload = uploadPathMatcher(allRoutes());
  const jsonBody = bodyParser({ enableTypes: ['json'], jsonLimit: '1mb' });
  // A webhook is called by another server, with no Origin and no session: it proves itself by the
  // signature over its body (routes/public/payment), never by where it comes from.
  const isWebhook = webhookPathMatcher(allRoutes());
  const sameOrigin = sameOriginOnly(config.publicUrl, isUpload);
  app.use(under('/api', (ctx, next) => (isWebhook(ctx.path) ? next() : sameOrigin(ctx, next))));
  app.use(under('/api', (ctx, next) => (isUpload(ctx.path) ? next() : jsonBody(ctx, next))));
  app.use(under('/api', loadUser(db)));
  app.use(apiFallback());
  app.use(api.routes());
  app.use(api.allowedMethods());

  if (auth.identityProvider) {
    const interactions = interactionRouter(config, db, auth.identityProvider, {
      clock: deps.clock,
      logger: deps.logger,
      rateLimitNamespace: deps.rateLimitNamespace,
    });
    app.use(under('/oidc/interaction', bodyParser({ enableTypes: ['form'], formLimit: '16kb' })));
    app.use(interactions.routes());
    app.use(mount('/oidc', auth.identityProvider));
  }

  if (sandboxEnabled(config)) {
    // The embedded payment gateway's own page (a real gateway's would be on its own site).
    app.use(under('/sandbox-pay', bodyParser({ enableTypes: ['form'], formLimit: '1kb' })));
    app.use(sandboxRouter(db).routes());
  }

  // SmartLinks' public pages and the fans' emailed links: HTML forms, outside /api.
  app.use(under('/l', bodyParser({ enableTypes: ['form'], formLimit: '4kb' })));
  app.use(under('/fans', bodyParser({ enableTypes: ['form'], formLimit: '4kb' })));
  const smartLinks = smartLinkRouter(deps);
  app.use(smartLinks.routes());
  app.use(smartLinks.allowedMethods());

  app.use(serveWebApps(webApps));
  return { app, deps, router: api };
}
