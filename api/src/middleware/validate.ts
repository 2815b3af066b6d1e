import type { Middleware } from 'koa';
import type { z } from 'zod';

/**
 * Parses params, query and body with one zod schema (`z.object({ params?, query?, body? })`) and puts the
 * result on `ctx.state.input`. Handlers read only that; a failure is a 400 naming every issue.
 */
export function validate<S extends z.ZodType>(schema: S): Middleware<{ input: z.infer<S> }> {
  return async (ctx, next) => {
    const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
    ctx.state.input = schema.parse({ params, query: ctx.query, body: ctx.request.body ?? {} });
    await next();
  };
}
