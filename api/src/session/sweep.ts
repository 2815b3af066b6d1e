import {
  expireStaleOrders,
  purgeEvents,
  purgeProcessedEvents,
  purgeExpiredOidcPayloads,
  purgeExpiredRateLimits,
  purgeExpiredSessions,
  type Db,
  type RetentionPolicy,
} from '@riffline/db';

/**
 * Deletes the sessions, identity-provider payloads and rate-limit windows that expired by `now`, expires
 * coin top-ups left pending longer than `orderTtlMs`, and lets go of the pipeline's rows the retention
 * policy no longer keeps.
 */
export async function sweepExpired(
  db: Db,
  now = new Date(),
  orderTtlMs = 30 * 60_000,
  retention: RetentionPolicy = { processedDays: 7, eventDays: 0 },
) {
  return {
    sessions: await purgeExpiredSessions(db, now),
    oidcPayloads: await purgeExpiredOidcPayloads(db, now),
    rateLimits: await purgeExpiredRateLimits(db, now),
    recharges: await expireStaleOrders(db, new Date(now.getTime() - orderTtlMs)),
    processedEvents: await purgeProcessedEvents(db, now, retention),
    events: await purgeEvents(db, now, retention),
  };
}
