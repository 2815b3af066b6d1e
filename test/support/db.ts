import { afterAll, beforeAll, inject } from 'vitest';
import { connect, loadConfig, migrateLatest, type Db } from '../../db/src/index.ts';
import { createDatabase, dropDatabase, uniqueName } from './database.ts';

/**
 * A connection to this run's migrated test database (PostgreSQL), or a fresh migrated in-memory PGlite
 * when the run has no server. Close it in afterAll.
 */
export async function openTestDb(): Promise<Db> {
  const url = inject('databaseUrl');
  if (url) return connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATABASE_POOL_MAX: '4' }));
  const db = connect(loadConfig({ NODE_ENV: 'test' }), { pglite: 'memory' });
  await migrateLatest(db);
  return db;
}

/** Unique suffix for rows a test creates, so tests never depend on each other's data. */
export function unique(prefix = 't'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** For one test file: opens this run's test database before the tests and closes it after them. */
export function useTestDb(ready: (db: Db) => void): void {
  let db: Db | undefined;
  beforeAll(async () => {
    db = await openTestDb();
    ready(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });
}

/**
 * For suites that need the whole database to themselves (the relay moves every unpublished event it
 * sees): a fresh migrated database on this run's server, dropped after; in-memory PGlite without one.
 * `ready` gets the connection and its URL (null on PGlite).
 */
export function useFreshDb(ready: (db: Db, url: string | null) => void): void {
  let db: Db | undefined;
  let dropped: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const server = inject('databaseServerUrl');
    if (!server) {
      db = connect(loadConfig({ NODE_ENV: 'test' }), { pglite: 'memory' });
      await migrateLatest(db);
      ready(db, null);
      return;
    }
    const name = uniqueName('riffline_fresh');
    const url = await createDatabase(server, name);
    dropped = () => dropDatabase(server, name);
    db = connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATABASE_POOL_MAX: '6' }));
    await migrateLatest(db);
    ready(db, url);
  });
  afterAll(async () => {
    await db?.destroy();
    await dropped?.();
  });
}
