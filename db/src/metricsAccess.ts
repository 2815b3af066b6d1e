import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from './config.ts';

/** A client on this machine (IPv4 127/8, IPv6 ::1, or IPv4 loopback mapped into IPv6). */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  Boolean(address) &&
  (address === '::1' || address!.startsWith('127.') || address!.startsWith('::ffff:127.'));

/**
 * Who may read `GET /metrics` (the api's and the workers'): with METRICS_TOKEN set, a request carrying
 * `Authorization: Bearer <token>` from anywhere, and nobody else (a proxy on the same machine cannot open
 * it by accident); without one, clients on this machine only. `unauthorized` answers 401 (a token is
 * configured and this request did not carry it); `hidden` answers 404, as for a path that does not exist.
 */
export function metricsAccess(
  config: Pick<Config, 'metrics'>,
  request: { address: string | undefined; authorization: string | undefined },
): 'allowed' | 'unauthorized' | 'hidden' {
  const { token } = config.metrics;
  if (!token) return isLoopbackAddress(request.address) ? 'allowed' : 'hidden';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const given = request.authorization ?? '';
  return timingSafeEqual(digest(given), digest(`Bearer ${token}`)) ? 'allowed' : 'unauthorized';
}
