import {
  purgeExpiredOidcPayloads,
  purgeExpiredRateLimits,
  purgeExpiredSessions,
  type Db,
} from '@riffline/db';

/** Deletes the sessions, identity-provider payloads and rate-limit windows that expired by `now`. */
export async function sweepExpired(db: Db, now = new Date()) {
  return {
    sessions: await purgeExpiredSessions(db, now),
    oidcPayloads: await purgeExpiredOidcPayloads(db, now),
    rateLimits: await purgeExpiredRateLimits(db, now),
  };
}
