import type { Context, Middleware } from 'koa';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { metricsAccess, type Config } from '@riffline/db';

export interface ApiMetrics {
  registry: Registry;
  /** Times every request (outermost, so error answers count too). */
  timing: Middleware;
  /** `GET /metrics`, outside /api. */
  endpoint: Middleware;
}

const prefixes = ['/api', '/oidc', '/sandbox-pay', '/admin'];

/**
 * The route a request matched as its pattern (`/api/releases/:id`), never the raw path, so the label's
 * values stay few: a path no route matched counts under its area (`/api/*`, `/oidc/*`), the web apps'
 * pages and assets under `/*`.
 */
export function routeLabel(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === '/metrics') return '/metrics';
  const prefix = prefixes.find((p) => ctx.path === p || ctx.path.startsWith(`${p}/`));
  return prefix ? `${prefix}/*` : '/*';
}

/**
 * The API's Prometheus metrics: a latency histogram of HTTP requests by method, route pattern and status,
 * and (outside tests) the process's own metrics. `extra` registries are served beside them: `make start`
 * runs the workers in the same process and shows their metrics here too.
 */
export function apiMetrics(config: Pick<Config, 'env' | 'metrics'>, extra: Registry[] = []): ApiMetrics {
  const registry = new Registry();
  // Not in tests: each test server would add its own event-loop and GC observers to the one process.
  if (config.env !== 'test') collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'riffline_http_request_duration_seconds',
    help: 'HTTP requests to the API and web apps, by method, route pattern and status, in seconds',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const timing: Middleware = async (ctx, next) => {
    const end = duration.startTimer();
    try {
      await next();
    } finally {
      end({ method: ctx.method, route: routeLabel(ctx), status: String(ctx.status) });
    }
  };

  const endpoint: Middleware = async (ctx, next) => {
    if (ctx.path !== '/metrics' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('Cache-Control', 'no-store');
    const access = metricsAccess(config, { address: ctx.ip, authorization: ctx.get('Authorization') });
    if (access !== 'allowed') {
      if (access === 'unauthorized') ctx.set('WWW-Authenticate', 'Bearer');
      ctx.status = access === 'unauthorized' ? 401 : 404;
      ctx.body = { message: access === 'unauthorized' ? 'Unauthorized' : 'Not Found' };
      return;
    }
    const texts = await Promise.all([registry, ...extra].map((r) => r.metrics()));
    ctx.type = registry.contentType;
    ctx.body = texts.join('');
  };

  return { registry, timing, endpoint };
}
