import { isSafeText, unsafeTextMessage } from '@riffline/contracts';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import { ValidationError } from '../errors.ts';

/** The first string (value or key) anywhere in the input that no text of ours may hold, by its path. */
function unsafeTextPath(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (!isSafeText(key)) return path;
    const found = unsafeTextPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Parses params, query and body with one zod schema (`z.object({ params?, query?, body? })`) and puts the
 * result on `ctx.state.input`. Handlers read only that; a failure is a 400 naming every issue.
 */
export function validate<S extends z.ZodType>(schema: S): Middleware<{ input: z.infer<S> }> {
  return async (ctx, next) => {
    const params = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
    const input = { params, query: ctx.query, body: ctx.request.body ?? {} };
    const parsed = schema.parse(input);
    // Text fields' schemas refuse these with their labels; this catches any string they do not cover (a
    // search term, an id, a key), so that a NUL byte never reaches the database.
    const unsafe = unsafeTextPath(parsed, []);
    if (unsafe) {
      const message = unsafeTextMessage(unsafe.slice(1).join('.') || 'The request');
      throw ValidationError(message, [{ path: unsafe.join('.'), message }]);
    }
    ctx.state.input = parsed;
    await next();
  };
}
