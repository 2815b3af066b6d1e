import { isDatabaseUnavailable } from '@riffline/db';
import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import { HttpError, type Issue } from '../errors.ts';

/** How long a client should wait before retrying while the database is unreachable. */
const RETRY_AFTER_SECONDS = 5;

export function zodIssues(error: ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Maps every error to a JSON body the UI can show. Known errors keep their status and message; body-parser
 * and Koa errors keep their 4xx; anything else is logged and answered with a plain 500.
 */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof HttpError) {
        ctx.status = err.status;
        ctx.body = {
          message: err.message,
          ...(err.issues ? { issues: err.issues } : {}),
          ...(err.reason ? { reason: err.reason } : {}),
        };
        return;
      }
      if (err instanceof ZodError) {
        const issues = zodIssues(err);
        ctx.status = 400;
        ctx.body = { message: issues[0]?.message ?? 'Invalid request', issues };
        return;
      }
      const e = err as {
        status?: number;
        statusCode?: number;
        expose?: boolean;
        message?: string;
        type?: string;
      };
      if (isDatabaseUnavailable(err)) {
        (ctx.state.logger ?? console).error({ err }, 'database unavailable');
        ctx.status = 503;
        ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
        ctx.body = { message: 'Riffline is briefly unavailable. Please try again in a moment.' };
        return;
      }
      if (
        typeof (err as { code?: unknown }).code === 'string' &&
        /^Z_/.test((err as { code: string }).code)
      ) {
        // A body labelled gzip/deflate/br that does not decompress (zlib's Z_DATA_ERROR and friends).
        ctx.status = 400;
        ctx.body = { message: 'The request body could not be decoded' };
        return;
      }
      const status = e.status ?? e.statusCode;
      if (status && status >= 400 && status < 500) {
        ctx.status = status;
        ctx.body = { message: clientMessage(status, err) };
        return;
      }
      (ctx.state.logger ?? console).error({ err }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { message: 'Internal Server Error' };
    }
  };
}

function clientMessage(status: number, err: unknown): string {
  const e = err as { expose?: boolean; message?: string; type?: string };
  if (err instanceof SyntaxError || e.type === 'entity.parse.failed')
    return 'The request body is not valid JSON';
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Unsupported content type';
  return e.expose && e.message ? e.message : 'Bad Request';
}
