import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../infra/lib/ports.ts';
import { uniqueName } from '#test/support/database.ts';
import { runEntry, waitForHttp } from '#test/support/processes.ts';

const databaseUrl = inject('databaseUrl');
const kafkaBrokers = inject('kafkaBrokers');

async function healthOf(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = path.join(os.tmpdir(), uniqueName('riffline-workers'));
  const proc = runEntry('workers/src/main.ts', {
    ...env,
    // Its own topics and mail outbox: the relay and consumers run against the shared test database.
    KAFKA_TOPIC_PREFIX: uniqueName('workers-main'),
    DATA_DIR: dataDir,
    WORKERS_HEALTH_PORT: String(port),
    LOG_LEVEL: 'warn',
  });
  try {
    const res = await waitForHttp(`http://127.0.0.1:${port}/health`, proc);
    return { status: res.status, body: await res.json() };
  } finally {
    expect(await proc.stop()).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each consumer group's lag (null until the log is open) and dead letters. */
const group = {
  lag: expect.toSatisfy((lag: unknown) => lag === null || Number.isInteger(lag)),
  parked: expect.any(Number),
  retrying: expect.any(Number),
};
const consumers = expect.objectContaining({ notifications: group, exports: group, reports: group });

describe.skipIf(!databaseUrl)('the workers process', () => {
  it('reports db and the Postgres event log ok, and its consumer groups, and shuts down cleanly', async () => {
    expect(await healthOf({ DATABASE_URL: databaseUrl! })).toEqual({
      status: 200,
      body: { db: 'ok', events: 'ok', consumers },
    });
  });

  it.skipIf(!kafkaBrokers)('reports the Kafka event log when KAFKA_BROKERS is set', async () => {
    expect(await healthOf({ DATABASE_URL: databaseUrl!, KAFKA_BROKERS: kafkaBrokers!.join(',') })).toEqual({
      status: 200,
      body: { db: 'ok', events: 'ok', consumers },
    });
  });

  it('reports an unreachable broker as unhealthy', async () => {
    const closed = await freePort();
    const { status, body } = await healthOf({
      DATABASE_URL: databaseUrl!,
      KAFKA_BROKERS: `127.0.0.1:${closed}`,
    });
    expect(status).toBe(503);
    expect(body.db).toBe('ok');
    expect(body.events).not.toBe('ok');
  });
});
