import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { connect, HEALTH_CHECK_TIMEOUT_MS, loadConfig, type Db, type Mailer } from '@riffline/db';
import { uniqueName } from '#test/support/database.ts';
import { dbTest, useFreshDb } from '#test/support/db.ts';
import { failEvent, pollUntil, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { startFreezingProxy, type FreezingProxy } from '#test/support/freezingProxy.ts';
import { serveHealth } from './health.ts';
import { healthy, startWorkers } from './runtime.ts';

const mailer: Mailer = { transport: 'outbox', send: async () => ({ messageId: 'unused' }), close() {} };

const test = dbTest
  .extend('workers', { scope: 'file', auto: true }, async ({ db }, { onCleanup }) => {
    const workers = await startWorkers({
      config: loadConfig({}),
      db,
      logger: pino({ level: 'silent' }),
      mailer,
    });
    onCleanup(() => workers.stop());
    return workers;
  })
  // Its own database: the workers relay and handle every event they find.
  .extend({ freshDb: true });

describe("the workers' health", () => {
  test("reports each group's lag and dead letters, and stays up with parked events", async ({
    db,
    workers,
  }) => {
    await failEvent(db, { group: 'notifications', attempts: 5 });
    await failEvent(db, { group: 'notifications', attempts: 1, maxAttempts: 5 });
    const last = await failEvent(db, { group: 'another group', attempts: 5 });
    // Each group reads the log at its own pace: wait until every group asserted below has passed it.
    for (const group of ['notifications', 'exports', 'reports']) {
      await waitUntilGroupPassed({ db, group }, last.event.id);
    }

    const report = await workers.health();
    expect(report).toEqual({
      db: 'ok',
      events: 'ok',
      // Every group the workers run (others added later too), with only its own dead letters.
      consumers: expect.objectContaining({
        notifications: { lag: 0, parked: 1, retrying: 1 },
        exports: { lag: 0, parked: 0, retrying: 0 },
        reports: { lag: 0, parked: 0, retrying: 0 },
      }),
    });
    expect(Object.keys(report.consumers)).not.toContain('another group');
    expect(healthy(report)).toBe(true);
  });
});

describe.skipIf(!inject('databaseUrl'))("the workers' GET /health while a part hangs", () => {
  // A frozen connection never fails by itself: each check's own timeout is what answers, within a second.
  const timedOut = `timed out after ${HEALTH_CHECK_TIMEOUT_MS} ms`;
  let fresh!: { db: Db; url: string };
  useFreshDb((db, url) => (fresh = { db, url: url! }));

  /** The workers on `db` and `config`, their GET /health on a loopback port. */
  async function serve(db: Db, env: Record<string, string> = {}) {
    const workers = await startWorkers({
      config: loadConfig(env),
      db,
      logger: pino({ level: 'silent' }),
      mailer,
    });
    const server = http.createServer(serveHealth(workers));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
    return {
      workers,
      /** GET /health; a request that hangs fails the test (the client gives up long after any check). */
      async health() {
        const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      },
      async close() {
        await workers.stop();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  /** Polls until the workers report themselves up. */
  const up = (health: () => Promise<{ status: number }>) =>
    pollUntil(
      'the workers did not report themselves up',
      async () => ((await health()).status === 200 ? true : undefined),
      () => 'still 503',
    );

  it('names the database (and the Postgres event log in it) while PostgreSQL hangs', async () => {
    const target = new URL(fresh.url);
    const proxy = await startFreezingProxy(target.hostname, Number(target.port || 5432));
    const url = new URL(fresh.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const fragile = connect(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: url.toString(), DATABASE_POOL_MAX: '6' }),
    );
    let running: Awaited<ReturnType<typeof serve>> | undefined;
    try {
      running = await serve(fragile);
      await up(running.health);
      // The database's next answer, and everything after it, stays in the relay.
      void proxy.freezeWhen(() => true);
      const down = await running.health();
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ db: timedOut, events: timedOut });
      proxy.thaw();
      await up(running.health);
    } finally {
      proxy.thaw();
      await running?.close();
      await fragile.destroy();
      await proxy.close();
    }
  });

  it.skipIf(!inject('kafkaBrokers'))('names the event log while Kafka hangs', async () => {
    const [host, port] = inject('kafkaBrokers')![0]!.split(':');
    let proxy: FreezingProxy | undefined;
    let running: Awaited<ReturnType<typeof serve>> | undefined;
    try {
      proxy = await startFreezingProxy(host!, Number(port));
      running = await serve(fresh.db, {
        KAFKA_BROKERS: `127.0.0.1:${proxy.port}`,
        KAFKA_TOPIC_PREFIX: uniqueName('workers-health'),
      });
      expect(running.workers.eventLog).toBe('kafka');
      await up(running.health);
      void proxy.freezeWhen(() => true);
      const down = await running.health();
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ db: 'ok', events: timedOut });
      proxy.thaw();
      await up(running.health);
    } finally {
      proxy?.thaw();
      await running?.close();
      await proxy?.close();
    }
  });
});
