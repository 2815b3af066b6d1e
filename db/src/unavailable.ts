/**
 * Whether an error means the database cannot be reached right now (down, restarting, out of connections),
 * as opposed to a bad query: the API answers the first with 503 and Retry-After, and logs the details.
 */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
/** SQLSTATE: connection exceptions (class 08), shutdowns and "cannot connect now" (57P01-57P03), too many connections. */
const unavailableStates = /^(08...|57P0[123]|53300)$/;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined,
      depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (networkCodes.has(code) || unavailableStates.test(code)) return true;
    if (e.name === 'KnexTimeoutError') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      /Connection terminated|connection terminated unexpectedly|Client has encountered a connection error/i.test(
        message,
      )
    ) {
      return true;
    }
    if (Array.isArray((e as { errors?: unknown }).errors)) {
      // AggregateError from a dual-stack connect (IPv4 and IPv6 both refused).
      if ((e as unknown as { errors: unknown[] }).errors.some(isDatabaseUnavailable)) return true;
    }
  }
  return false;
}
