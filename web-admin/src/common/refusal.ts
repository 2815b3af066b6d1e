import { HttpError } from 'react-admin';

/**
 * What the admin reads when the API refuses an action: its own words (a 4xx's `{message}`, e.g. a 409's
 * "This release was purged already."), else the console's fallback text (an i18n key) for anything else.
 */
export function refusalText(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) return fallback;
  const message = (error.body as { message?: unknown } | null)?.message ?? error.message;
  return typeof message === 'string' && message ? message : fallback;
}
