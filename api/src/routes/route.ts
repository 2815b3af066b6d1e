import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { ApiDeps } from '../context.ts';
import { requireAdmin, requireApproved, requireUser } from '../middleware/auth.ts';
import { rateLimit, type RateLimitOptions } from '../middleware/rateLimit.ts';
import { validate } from '../middleware/validate.ts';

/** Who may call a route: anyone, a signed-in user, an approved artist (or admin), an admin. */
export type Audience = 'public' | 'user' | 'approved' | 'admin';

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
  handler: Handler<z.infer<S>>;
}

export const defineRoute = <S extends RequestSchema>(def: RouteDef<S>): RouteDef =>
  def as unknown as RouteDef;

const gates: Record<Audience, Middleware | null> = {
  public: null,
  user: requireUser,
  approved: requireApproved,
  admin: requireAdmin,
};

/**
 * Mounts routes so each reads like a sentence: gate → rate limit → validate → handler. The same list feeds
 * the OpenAPI document, so what is served and what is documented cannot drift apart.
 */
export function mountRoutes(router: Router, defs: RouteDef[], deps: ApiDeps): void {
  for (const def of defs) {
    const chain: Middleware[] = [];
    // The gate first: a signed-out call to a signed-in route is a 401, and never spends the client
    // address's allowance (every browser behind one address shares it).
    const gate = gates[def.audience];
    if (gate) chain.push(gate);
    if (def.rateLimit) {
      const name = deps.rateLimitNamespace
        ? `${deps.rateLimitNamespace}:${def.rateLimit.name}`
        : def.rateLimit.name;
      chain.push(rateLimit(deps.db, deps.clock, { ...def.rateLimit, name }));
    }
    if (def.request) chain.push(validate(def.request) as Middleware);
    chain.push(async (ctx) => {
      // The route's success status first; a handler may still choose another (200 for "already there").
      if (def.status) ctx.status = def.status;
      const result = await def.handler(ctx as Context & { state: { input: never } }, deps);
      if (result !== undefined) ctx.body = result;
    });
    router[def.method](def.path, ...chain);
  }
}
