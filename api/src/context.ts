import type { Config, Db, Storage } from '@riffline/db';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { AuthServices } from './session/index.ts';

/** What time it is for the API's own timekeeping (rate-limit windows, session expiry, sweeps). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** What every part of the API is built from; created once at boot (or per test). */
export interface AppDeps {
  config: Config;
  db: Db;
  storage: Storage;
  logger: Logger;
  /** Real time unless a test moves it (to pass a rate-limit window without waiting). */
  clock: Clock;
  /** Prefixes rate-limit keys, so servers sharing a database (tests) keep separate counters. */
  rateLimitNamespace?: string;
  /** Metrics served at GET /metrics beside the API's own (the workers', when one process runs both). */
  extraMetrics?: Registry[];
}

/** AppDeps plus the sign-in services, which need the database to start (keys, secrets). */
export interface ApiDeps extends AppDeps {
  auth: AuthServices;
}
