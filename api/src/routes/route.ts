import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { ApiDeps } from '../context.ts';
import { HttpError } from '../errors.ts';
import { requireAdmin, requireApproved, requireEarner, requireUser } from '../middleware/auth.ts';
import { rateLimit, type RateLimitOptions } from '../middleware/rateLimit.ts';
import { requireAdminSecondFactor, requireRecentSecondFactor } from '../middleware/secondFactor.ts';
import { validate } from '../middleware/validate.ts';

/**
 * Who may call a route: anyone, a signed-in user, an approved artist (or admin), someone with earnings (an
 * approved artist, an admin, or a collaborator who accepted a share of a release split), an admin.
 */
export type Audience = 'public' | 'user' | 'approved' | 'earner' | 'admin';

export type RequestSchema = z.ZodObject<{
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}>;

/** A handler reads only `ctx.state.input`, what the route's schema let through. */
export type Handler<I> = (ctx: Context & { state: { input: I } }, deps: ApiDeps) => unknown;

export interface RouteDef<S extends RequestSchema = RequestSchema> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Koa-style path under /api, e.g. `/admin/applications/:id`. */
  path: string;
  summary: string;
  tag: string;
  audience: Audience;
  request?: S;
  response?: z.ZodType;
  /** The success status (200 unless said). */
  status?: number;
  /** A browser navigation answered with a redirect rather than JSON. */
  redirect?: boolean;
  /** ra-data-simple-rest list: answers an array with Content-Range. */
  list?: boolean;
  rateLimit?: RateLimitOptions;
  /**
   * Error statuses the handler itself may answer beyond those the OpenAPI document derives from the rest of
   * the definition (e.g. 409 on a conflict); documentation only.
   */
  errors?: number[];
  /**
   * The body is a file, sent raw (not JSON) and read by the handler as a stream: the same-origin check
   * lets it through without JSON, the JSON parser leaves it alone, and the OpenAPI document describes it.
   */
  upload?: Upload;
  /**
   * Called by another server (a payment gateway), never by a browser: it has no session and sends no
   * Origin, so the same-origin check does not apply to it. The handler proves each call instead, by the
   * signature in `signatureHeader` over the raw body. Its body must still be JSON (415 otherwise).
   */
  webhook?: { signatureHeader: string };
  /**
   * The route moves money or guards a second factor: it needs a sign-in with a second factor within the
   * last 10 minutes (403 with a `reason` otherwise; middleware/secondFactor.ts, docs/security.md).
   */
  stepUp?: true;
  handler: Handler<z.infer<S>>;
}

export interface Upload {
  /** The media types it takes (documentation: the bytes decide, never the Content-Type). */
  mediaTypes: string[];
  /** The largest body accepted (413 past it). */
  maxBytes: number;
  /** A multipart/form-data upload: the form field that carries the file. */
  field?: string;
}

export const defineRoute = <S extends RequestSchema>(def: RouteDef<S>): RouteDef =>
  def as unknown as RouteDef;

const gates = (deps: ApiDeps): Record<Audience, Middleware | null> => ({
  public: null,
  user: requireUser,
  approved: requireApproved,
  earner: requireEarner(deps.db),
  admin: requireAdmin,
});

const closeUnlessBodyRead: Middleware = async (ctx, next) => {
  try {
    await next();
  } finally {
    if (!ctx.req.complete) ctx.set('Connection', 'close');
  }
};

function pathMatcher(defs: RouteDef[]): (path: string) => boolean {
  const patterns = defs.map((def) => new RegExp(`^/api${def.path.replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`));
  return (path) => patterns.some((pattern) => pattern.test(path));
}

/** Whether `/api/…` is the path of an upload route (its body is a raw file, not JSON). */
export const uploadPathMatcher = (defs: RouteDef[]) => pathMatcher(defs.filter((def) => def.upload));

/** Whether `/api/…` is the path of a webhook (another server calls it: no same-origin check). */
export const webhookPathMatcher = (defs: RouteDef[]) => pathMatcher(defs.filter((def) => def.webhook));

/** A webhook's body is JSON; the same-origin check, which says so for every other route, passes it by. */
const jsonBodyOnly: Middleware = async (ctx, next) => {
  const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || Boolean(ctx.get('Transfer-Encoding'));
  if (hasBody && !ctx.is('application/json')) throw new HttpError(415, 'Request body must be JSON');
  await next();
};

/**
 * Mounts routes so each reads like a sentence: gate (and, for admins, their second factor when the platform
 * requires it) → validate → step-up → rate limit → handler. The same list feeds
 * the OpenAPI document, so what is served and what is documented cannot drift apart.
 */
export function mountRoutes(router: Router, defs: RouteDef[], deps: ApiDeps): void {
  const gateOf = gates(deps);
  for (const def of defs) {
    const chain: Middleware[] = [];
    // An upload refused before its body was read (401, 404, 413 …) closes the connection after the
    // answer, rather than reading and discarding what may be hundreds of megabytes.
    if (def.upload) chain.push(closeUnlessBodyRead);
    // The gate first: a signed-out call to a signed-in route is a 401, and never spends the client
    // address's allowance (every browser behind one address shares it).
    const gate = gateOf[def.audience];
    if (gate) chain.push(gate);
    // An admin route, while the platform setting `require_admin_second_factor` is on, also needs the admin's
    // second factor (403 `second_factor_enrolment_required` otherwise; docs/security.md).
    if (def.audience === 'admin') chain.push(requireAdminSecondFactor(deps.config, deps.db));
    if (def.webhook) chain.push(jsonBodyOnly);
    // Then validation, before the rate limit: a request refused as invalid (400) never reaches the
    // handler, so it does no work and writes nothing that a limit would need to bound, and spends none of
    // the caller's allowance. Someone correcting a form sees what is wrong instead of a 429, and garbage
    // from one browser cannot use up the allowance of the others behind the same address. Valid requests
    // (a wrong current password included) count, and get 429 past the limit.
    if (def.request) chain.push(validate(def.request) as Middleware);
    // After validation, so that a form with mistakes is told about them before being sent to sign in again.
    if (def.stepUp) chain.push(requireRecentSecondFactor(deps.config, deps.db, deps.clock));
    if (def.rateLimit) {
      const name = deps.rateLimitNamespace
        ? `${deps.rateLimitNamespace}:${def.rateLimit.name}`
        : def.rateLimit.name;
      chain.push(rateLimit(deps.db, deps.clock, { ...def.rateLimit, name }));
    }
    chain.push(async (ctx) => {
      // The route's success status first; a handler may still choose another (200 for "already there").
      if (def.status) ctx.status = def.status;
      const result = await def.handler(ctx as Context & { state: { input: never } }, deps);
      if (result !== undefined) ctx.body = result;
    });
    router[def.method](def.path, ...chain);
  }
}
