import {
  expireStaleOrders,
  purgeExpiredOidcPayloads,
  purgeExpiredRateLimits,
  purgeExpiredSessions,
  type Db,
} from '@riffline/db';

/**
 * Deletes the sessions, identity-provider payloads and rate-limit windows that expired by `now`, and
 * expires coin top-ups left pending longer than `orderTtlMs`.
 */
export async function sweepExpired(db: Db, now = new Date(), orderTtlMs = 30 * 60_000) {
  return {
    sessions: await purgeExpiredSessions(db, now),
    oidcPayloads: await purgeExpiredOidcPayloads(db, now),
    rateLimits: await purgeExpiredRateLimits(db, now),
    recharges: await expireStaleOrders(db, new Date(now.getTime() - orderTtlMs)),
  };
}
