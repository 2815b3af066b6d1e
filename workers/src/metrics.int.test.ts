import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { appendEvent, connect, loadConfig, type Mailer } from '@riffline/db';
import { freePort } from '../../infra/lib/ports.ts';
import { dbTest, unique } from '#test/support/db.ts';
import { appendMarker, failEvent, pollUntil, waitUntilGroupPassed } from '#test/support/eventLog.ts';
import { buildArtist } from '#test/support/factories.ts';
import { hasSeries, sample } from '#test/support/metrics.ts';
import type { ConsumerGroup } from './events/log.ts';
import { postgresLog } from './events/postgresLog.ts';
import { relayOnce } from './events/relay.ts';
import { serveMetrics, workersMetrics } from './metrics.ts';
import { startWorkers } from './runtime.ts';

const logger = pino({ level: 'silent' });

// Its own database: the backlog and the lags count every event in it.
const test = dbTest.extend({ freshDb: true });
async function serve(handler: ReturnType<typeof serveMetrics>) {
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the workers' metrics", () => {
  test('the outbox backlog, relay lag, consumer lag, and events processed and parked per type move', async ({
    db,
  }) => {
    const group = 'metrics-test';
    const log = postgresLog(db, logger);
    const metrics = workersMetrics({
      db,
      logger,
      groups: () => [group],
      lags: () => log.subscriber.lags([group]),
    });
    const scrape = () => metrics.registry.metrics();

    // Three committed events the relay has not moved yet.
    for (let i = 0; i < 3; i++) await appendMarker(db);
    let text = await scrape();
    expect(sample(text, 'riffline_outbox_backlog_events')).toBe(3);
    expect(sample(text, 'riffline_relay_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(hasSeries(text, 'riffline_relay_lag_seconds')).toBe(true);

    // Relayed: the backlog is gone and the group, which read nothing yet, lags by all of them.
    while ((await relayOnce(db, log)) > 0);
    text = await scrape();
    expect(sample(text, 'riffline_outbox_backlog_events')).toBe(0);
    expect(sample(text, 'riffline_relay_lag_seconds')).toBe(0);
    expect(sample(text, 'riffline_consumer_lag_events', { group })).toBe(3);

    // The group reads them: each counted by type and outcome, and its lag falls to 0.
    const consumer: ConsumerGroup = metrics.counted({
      group,
      handlers: { 'setting.changed': async () => undefined },
    });
    const subscription = await log.subscriber.subscribe(consumer);
    try {
      const last = await appendMarker(db);
      while ((await relayOnce(db, log)) > 0);
      await waitUntilGroupPassed({ db, group }, last.id);
    } finally {
      await subscription.stop();
    }
    text = await scrape();
    expect(sample(text, 'riffline_consumer_lag_events', { group })).toBe(0);
    expect(
      sample(text, 'riffline_events_processed_total', { group, type: 'setting.changed', outcome: 'handled' }),
    ).toBe(4);

    // Dead letters, by group and event type.
    await failEvent(db, { group, attempts: 5 });
    await failEvent(db, { group, attempts: 1, maxAttempts: 5 });
    text = await scrape();
    expect(sample(text, 'riffline_events_parked', { group, type: 'setting.changed' })).toBe(1);
    expect(sample(text, 'riffline_events_retrying', { group, type: 'setting.changed' })).toBe(1);
  });

  test('GET /metrics of a running workers process counts the notifications it handled and mailed', async ({
    db,
  }) => {
    const sent: string[] = [];
    const mailer: Mailer = {
      transport: 'outbox',
      send: async (mail) => {
        sent.push(mail.to);
        return { messageId: mail.messageId ?? 'x' };
      },
      close() {},
    };
    const workers = await startWorkers({ config: loadConfig({}), db, logger, mailer });
    const endpoint = await serve(serveMetrics(loadConfig({}), workers.metrics, logger));
    try {
      const labels = { group: 'notifications', type: 'wallet.paymentCompleted', outcome: 'handled' };
      const scrape = async () => {
        const res = await fetch(endpoint.url);
        expect(res.status).toBe(200);
        return res.text();
      };
      const before = sample(await scrape(), 'riffline_events_processed_total', labels);

      const artist = await buildArtist(db, { isApproved: true });
      const event = await db.transaction((trx) =>
        appendEvent(trx, {
          type: 'wallet.paymentCompleted',
          aggregateId: unique('order'),
          payload: { userId: artist.id, orderId: unique('order'), coinsAdded: '25.00' },
        }),
      );
      await waitUntilGroupPassed({ db, group: 'notifications' }, event.id);
      await pollUntil(
        'the mail was not sent',
        async () => (sent.includes(artist.email!) ? true : undefined),
        () => `sent to ${sent.join(', ')}`,
      );
      const text = await pollUntil(
        'the mail backlog did not empty',
        async () => {
          const now = await scrape();
          return sample(now, 'riffline_mail_pending') === 0 ? now : undefined;
        },
        () => 'mail pending',
      );
      expect(sample(text, 'riffline_events_processed_total', labels)).toBe(before + 1);
      expect(hasSeries(text, 'riffline_consumer_lag_events', { group: 'notifications' })).toBe(true);
      expect(hasSeries(text, 'riffline_outbox_backlog_events')).toBe(true);
      expect(hasSeries(text, 'riffline_mail_failed')).toBe(true);
    } finally {
      await endpoint.close();
      await workers.stop();
    }
  });

  test('a database that does not answer reads NaN, never a made-up 0', async () => {
    const away = connect(loadConfig({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/x` }));
    try {
      const metrics = workersMetrics({
        db: away,
        logger,
        groups: () => ['notifications'],
        lags: async () => {
          throw new Error('the log is away too');
        },
      });
      const text = await metrics.registry.metrics();
      // prom-client writes `Nan`; Prometheus reads NaN in any case.
      expect(text).toMatch(/^riffline_outbox_backlog_events nan$/im);
      expect(text).toMatch(/^riffline_mail_pending nan$/im);
      expect(hasSeries(text, 'riffline_consumer_lag_events', { group: 'notifications' })).toBe(false);
    } finally {
      await away.destroy();
    }
  });

  test('with METRICS_TOKEN, GET /metrics asks for the bearer token', async ({ db }) => {
    const token = 'workers-metrics-0123456789';
    const metrics = workersMetrics({ db, logger, groups: () => [], lags: async () => null });
    const endpoint = await serve(
      serveMetrics(loadConfig({ METRICS_TOKEN: token }), metrics.registry, logger),
    );
    try {
      const refused = await fetch(endpoint.url);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'Unauthorized' });
      const allowed = await fetch(endpoint.url, { headers: { authorization: `Bearer ${token}` } });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toContain('# TYPE riffline_events_processed_total counter');
    } finally {
      await endpoint.close();
    }
  });
});
