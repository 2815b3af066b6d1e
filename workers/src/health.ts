import type http from 'node:http';
import { Kafka, logLevel } from 'kafkajs';
import { pingOutbox, type Config, type Db } from '@riffline/db';
import type { WorkersHealth } from './runtime.ts';

/** Up means the database and the event log answer; parked events are reported, they do not make it down. */
export const healthy = (report: WorkersHealth) => report.db === 'ok' && report.events === 'ok';

/**
 * The workers' `GET /health`: the report as JSON, 200 while healthy, else 503 naming the part in trouble.
 * Each check has its own timeout (HEALTH_CHECK_TIMEOUT_MS), so a part that hangs is named within a second.
 */
export function serveHealth(workers: { health(): Promise<WorkersHealth> }) {
  return async (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const report = await workers.health();
    res
      .writeHead(healthy(report) ? 200 : 503, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
      })
      .end(JSON.stringify(report));
  };
}

/** The workers' event log: the Kafka cluster when configured, else the Postgres outbox they tail. */
export function eventLogCheck(config: Pick<Config, 'kafka'>, db: Db): () => Promise<unknown> {
  if (config.kafka.brokers.length === 0) return () => pingOutbox(db);
  const kafka = new Kafka({
    clientId: `${config.kafka.clientId}-health`,
    brokers: config.kafka.brokers,
    logLevel: logLevel.NOTHING,
    // The check gives up sooner (its own timeout); these end, soon after, the attempt it left behind.
    connectionTimeout: 2000,
    requestTimeout: 2000,
    retry: { retries: 0 },
  });
  return async () => {
    const admin = kafka.admin();
    try {
      await admin.connect();
      await admin.describeCluster();
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  };
}
