import { afterAll, beforeAll, inject, test } from 'vitest';
import { connect, loadConfig, migrateLatest, type Db } from '../../db/src/index.ts';
import { createDatabase, dropDatabase, uniqueName } from './database.ts';

/**
 * A connection to this run's migrated test database (PostgreSQL), or a fresh migrated in-memory PGlite
 * when the run has no server. Close it in afterAll.
 */
export async function openTestDb(): Promise<Db> {
  const url = inject('databaseUrl');
  if (url) return connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATABASE_POOL_MAX: '4' }));
  return openEmbeddedDb();
}

/**
 * A fresh migrated in-memory PGlite (the embedded database of `make start`): for a suite that proves the
 * same behaviour on both drivers. Destroy it in afterAll.
 */
export async function openEmbeddedDb(): Promise<Db> {
  const db = connect(loadConfig({ NODE_ENV: 'test' }), { pglite: 'memory' });
  await migrateLatest(db);
  return db;
}

export { unique } from './database.ts';

/**
 * A fresh migrated database on this run's server, for a suite that needs the whole database to itself
 * (the relay moves every unpublished event it sees); in-memory PGlite without a server. `url` is null on
 * PGlite. `close` destroys the connection and drops the database.
 */
export async function openFreshDb(): Promise<{ db: Db; url: string | null; close(): Promise<void> }> {
  const server = inject('databaseServerUrl');
  if (!server) {
    const db = await openEmbeddedDb();
    return { db, url: null, close: () => db.destroy() };
  }
  const name = uniqueName('riffline_fresh');
  const url = await createDatabase(server, name);
  const db = connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATABASE_POOL_MAX: '6' }));
  const close = async () => {
    await db.destroy();
    await dropDatabase(server, name);
  };
  try {
    await migrateLatest(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, url, close };
}

/**
 * For the suites of one `describe` (or file) that need a database of their own: `useFreshDb` opens one
 * before them and drops it after. `ready` gets the connection and its URL (null on PGlite).
 */
export function useFreshDb(ready: (db: Db, url: string | null) => void): void {
  let fresh: Awaited<ReturnType<typeof openFreshDb>> | undefined;
  beforeAll(async () => {
    fresh = await openFreshDb();
    ready(fresh.db, fresh.url);
  });
  afterAll(async () => {
    await fresh?.close();
  });
}

/**
 * `dbTest` is vitest's `test` with `db`: one connection per test file to this run's migrated test
 * database, closed after the file. A file whose suites need the database to themselves says
 * `const test = dbTest.extend({ freshDb: true })` at its top and runs its tests with it: `db` is then a
 * fresh database, dropped after the file (never `dbTest.override`, which would reach the files after it).
 *
 *   dbTest('inserts', async ({ db }) => { ... });
 */
export const dbTest = test
  .extend('freshDb', { scope: 'file' }, false as boolean)
  .extend('db', { scope: 'file' }, async ({ freshDb }, { onCleanup }) => {
    if (freshDb) {
      const fresh = await openFreshDb();
      onCleanup(() => fresh.close());
      return fresh.db;
    }
    const db = await openTestDb();
    onCleanup(() => db.destroy());
    return db;
  });

/** How many sessions of this database wait for a lock another holds (PostgreSQL). */
export async function waitingOnLocks(db: Db): Promise<number> {
  const { rows } = (await db.raw(
    "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  )) as { rows: { n: number }[] };
  return rows[0]?.n ?? 0;
}
