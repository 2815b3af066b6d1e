import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, localStorage } from '../../db/src/index.ts';
import { sessionKeys } from '../../api/src/session/secrets.ts';
import type { AppDeps } from '../../api/src/context.ts';
import { createDeps, startServer, type RunningServer } from '../../api/src/server.ts';
import { freePort } from '../../infra/lib/ports.ts';
import { actor, visitor, type ActorKind } from './actors.ts';
import { dbTest, openTestDb } from './db.ts';
import { uniqueName } from './database.ts';
import type { Person } from './signIn.ts';

export type TestServer = RunningServer;

/** What a production server needs to boot, on this run's database, its public address plain http on loopback. */
export const productionEnv = () => ({
  NODE_ENV: 'production',
  DATABASE_URL: inject('databaseUrl') ?? 'postgres://unused.invalid/x',
  SESSION_KEYS: 'k'.repeat(40),
  DELIVERY_CREDENTIALS_KEY: 'd'.repeat(40),
  OIDC_ALLOW_EMBEDDED_IN_PRODUCTION: 'true',
  LOG_LEVEL: 'silent',
});

/**
 * The real API on a free loopback port, on this run's test database and a throwaway storage folder.
 * PUBLIC_URL is the server's own address, so same-origin checks and the embedded issuer line up.
 */
export async function startTestServer(
  overrides: Partial<AppDeps> & { keepDb?: boolean; env?: Record<string, string>; port?: number } = {},
): Promise<TestServer> {
  const port = overrides.port ?? (await freePort());
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...overrides.env,
  });
  const db = overrides.db ?? (await openTestDb());
  // Signed like the real app's local storage: GET /api/files/… at this server, with its session keys.
  const storage =
    overrides.storage ??
    localStorage(path.join(os.tmpdir(), uniqueName('riffline-api-storage')), {
      baseUrl: config.publicUrl,
      signingKeys: () => sessionKeys(db, config.session.keys),
      clock: overrides.clock,
    });
  const deps = createDeps(config, {
    rateLimitNamespace: uniqueName('t'),
    ...overrides,
    db,
    storage,
  });
  const running = await startServer(deps, port, '127.0.0.1');
  if (!overrides.keepDb) return running;
  // Shares the caller's database: close the server only.
  return { ...running, close: () => running.close({ keepDb: true }) };
}

/**
 * `apiTest` is `dbTest` with the real API on it, for route tests. Per test file (started on first use,
 * stopped after the file): `db`, `app` (the server on that database) and `admin` (a signed-in admin).
 * Per test, each made afresh for the test that names it: `visitor` (not signed in), `artist` (signed in,
 * awaiting approval), `approvedArtist`, `steppedUpArtist` (approved, signed in with an authenticator app
 * just now: the step-up that payouts and payment methods need), and `newActor(kind, fields?, options?)`.
 *
 *   apiTest('403 for an artist', async ({ artist }) => {
 *     expect((await artist.get('/api/admin/stats')).status).toBe(403);
 *   });
 *
 * A file changes the server's environment on a test of its own,
 * `const test = apiTest.extend({ serverEnv: { DATA_DIR: dir } })`, and gets a database of its own with
 * `apiTest.extend({ freshDb: true })`: the files of a vitest worker share this module, and vitest's
 * `override` at a file's top would reach them all.
 */
export const apiTest = dbTest
  .extend('serverEnv', { scope: 'file' }, {} as Record<string, string>)
  .extend('app', { scope: 'file' }, async ({ db, serverEnv }, { onCleanup }) => {
    const app = await startTestServer({ db, keepDb: true, env: serverEnv });
    onCleanup(() => app.close());
    return app;
  })
  .extend('admin', { scope: 'file' }, ({ app, db }) => actor(app, db, 'admin'))
  .extend('visitor', ({ app }) => visitor(app))
  .extend('artist', ({ app, db }) => actor(app, db, 'artist'))
  .extend('approvedArtist', ({ app, db }) => actor(app, db, 'approved'))
  // An approved artist with an authenticator app, signed in with it just now: what moving money asks for.
  .extend('steppedUpArtist', ({ app, db }) => actor(app, db, 'approved', {}, { secondFactor: true }))
  .extend(
    'newActor',
    ({ app, db }) =>
      (kind: ActorKind, fields: Partial<Person> = {}, options: { secondFactor?: boolean } = {}) =>
        actor(app, db, kind, fields, options),
  );
