import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject } from 'vitest';
import { startS3 } from '../../../../../infra/s3/s3.ts';
import { apiTest, startTestServer, type TestServer } from '#test/support/api.ts';
import { uniqueName } from '#test/support/database.ts';
import { pollUntil } from '#test/support/eventLog.ts';
import { startFreezingProxy, type FreezingProxy } from '#test/support/freezingProxy.ts';
import {
  check,
  connect,
  createStorage,
  HEALTH_CHECK_TIMEOUT_MS,
  loadConfig,
  type Db,
  type Storage,
} from '@riffline/db';
import { healthReport } from './health.ts';

describe('GET /api/health', () => {
  apiTest('answers 200 with every check ok', async ({ app }) => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ db: 'ok', events: 'ok', storage: 'ok' });
  });

  apiTest('answers 503 naming the failing part, without its error', async ({ app }) => {
    const broken: Storage = {
      ...app.deps.storage,
      check: () => Promise.reject(new Error('disk is read-only')),
    };
    const other = await startTestServer({ storage: broken, db: app.deps.db, keepDb: true });
    try {
      const res = await fetch(`${other.url}/api/health`);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ db: 'ok', events: 'ok', storage: 'error' });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/health while a part hangs', () => {
  // A frozen connection never fails by itself: each check's own timeout is what answers, within a second.
  const timedOut = `timed out after ${HEALTH_CHECK_TIMEOUT_MS} ms`;

  apiTest('a check that never ends is reported as timed out, in under a second', async () => {
    expect(HEALTH_CHECK_TIMEOUT_MS).toBeLessThan(1_000);
    expect(await check(() => new Promise(() => undefined))).toBe(timedOut);
  });

  /** GET /api/health; a request that hangs fails the test (the client gives up long after any check). */
  const health = async (server: TestServer) => {
    const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };
  /** Polls until the API reports every part ok again. */
  const recovered = (server: TestServer) =>
    pollUntil(
      'the health did not come back',
      async () => ((await health(server)).status === 200 ? true : undefined),
      () => 'still 503',
    );

  apiTest.skipIf(!inject('databaseUrl'))('names the database while PostgreSQL hangs', async ({ db }) => {
    const { rows } = (await db.raw('select current_database() as name')) as { rows: { name: string }[] };
    const target = new URL(inject('databaseServerUrl')!);
    const proxy = await startFreezingProxy(target.hostname, Number(target.port || 5432));
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${rows[0]!.name}`;
    const fragile: Db = connect(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: url.toString(), DATABASE_POOL_MAX: '4' }),
    );
    const server = await startTestServer({ db: fragile, keepDb: true });
    try {
      expect(await health(server)).toEqual({ status: 200, body: { db: 'ok', events: 'ok', storage: 'ok' } });
      // The database's next answer, and everything after it, stays in the relay.
      void proxy.freezeWhen(() => true);
      expect(await health(server)).toEqual({
        status: 503,
        body: { db: 'error', events: 'error', storage: 'ok' },
      });
      expect(await healthReport(server.deps)).toEqual({ db: timedOut, events: timedOut, storage: 'ok' });
      proxy.thaw();
      await recovered(server);
    } finally {
      proxy.thaw();
      await server.close();
      await fragile.destroy();
      await proxy.close();
    }
  });

  apiTest('names storage while the S3 server hangs', async ({ db }) => {
    const s3 = await startS3({ directory: path.join(os.tmpdir(), uniqueName('riffline-health-s3')) });
    let proxy: FreezingProxy | undefined;
    let server: TestServer | undefined;
    try {
      const endpoint = new URL(s3.endpoint);
      proxy = await startFreezingProxy(endpoint.hostname, Number(endpoint.port));
      const storage = createStorage(loadConfig({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` }));
      server = await startTestServer({ db, keepDb: true, storage });
      expect(await health(server)).toEqual({ status: 200, body: { db: 'ok', events: 'ok', storage: 'ok' } });
      void proxy.freezeWhen(() => true);
      expect(await health(server)).toEqual({
        status: 503,
        body: { db: 'ok', events: 'ok', storage: 'error' },
      });
      expect(await healthReport(server.deps)).toEqual({ db: 'ok', events: 'ok', storage: timedOut });
      proxy.thaw();
      await recovered(server);
    } finally {
      proxy?.thaw();
      await server?.close();
      await proxy?.close();
      await s3.stop();
    }
  });
});

describe('the API shell', () => {
  apiTest('answers unknown routes under /api with a JSON 404', async ({ app }) => {
    const res = await fetch(`${app.url}/api/no-such-thing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not Found' });
  });

  apiTest('answers a malformed JSON body with a 400 the UI can show', async ({ app }) => {
    const res = await fetch(`${app.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: '{"broken":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  apiTest('answers a wrong method with 405', async ({ app }) => {
    const res = await fetch(`${app.url}/api/health`, { method: 'DELETE', headers: { origin: app.url } });
    expect(res.status).toBe(405);
  });

  apiTest('sends a request id', async ({ app }) => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
