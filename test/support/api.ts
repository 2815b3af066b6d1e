import os from 'node:os';
import { afterAll, beforeAll } from 'vitest';
import path from 'node:path';
import { loadConfig, localStorage, type Db } from '../../db/src/index.ts';
import type { AppDeps } from '../../api/src/context.ts';
import { createDeps, startServer, type RunningServer } from '../../api/src/server.ts';
import { freePort } from '../../infra/lib/ports.ts';
import { openTestDb } from './db.ts';
import { uniqueName } from './database.ts';

export type TestServer = RunningServer;

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
  const storage =
    overrides.storage ?? localStorage(path.join(os.tmpdir(), uniqueName('riffline-api-storage')));
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

export interface TestApp {
  db: Db;
  app: TestServer;
}

/**
 * For one test file: opens this run's test database and starts the API on it before the tests, closes
 * both after them. `ready` receives them: `useTestApp((t) => ({ db, app } = t));`
 */
export function useTestApp(
  ready: (t: TestApp) => void,
  options: Parameters<typeof startTestServer>[0] = {},
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    const db = await openTestDb();
    t = { db, app: await startTestServer({ ...options, db, keepDb: true }) };
    ready(t);
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.db.destroy();
  });
}
