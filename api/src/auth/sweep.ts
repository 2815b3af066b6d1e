import type { Db } from '@riffline/db';
import { purgeExpiredPayloads } from '../identity/adapter.ts';
import { purgeExpiredLimits } from './rateLimiter.ts';
import { purgeExpiredSessions } from './sessionStore.ts';

/** Deletes expired sessions, identity-provider payloads and rate-limit windows. */
export async function sweepExpired(db: Db) {
  return {
    sessions: await purgeExpiredSessions(db),
    oidcPayloads: await purgeExpiredPayloads(db),
    rateLimits: await purgeExpiredLimits(db),
  };
}
