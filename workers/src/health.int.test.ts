import pino from 'pino';
import { describe, expect } from 'vitest';
import { loadConfig, type Mailer } from '@riffline/db';
import { dbTest } from '#test/support/db.ts';
import { failEvent, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { healthy, startWorkers } from './runtime.ts';

const test = dbTest.extend('workers', { scope: 'file', auto: true }, async ({ db }, { onCleanup }) => {
  const mailer: Mailer = { transport: 'outbox', send: async () => ({ messageId: 'unused' }), close() {} };
  const workers = await startWorkers({
    config: loadConfig({}),
    db,
    logger: pino({ level: 'silent' }),
    mailer,
  });
  onCleanup(() => workers.stop());
  return workers;
});
// Its own database: the workers relay and handle every event they find.
test.override({ freshDb: true });

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
