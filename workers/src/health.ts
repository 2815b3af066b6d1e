import { Kafka, logLevel } from 'kafkajs';
import { pingOutbox, type Config, type Db } from '@riffline/db';

/** The workers' event log: the Kafka cluster when configured, else the Postgres outbox they tail. */
export function eventLogCheck(config: Pick<Config, 'kafka'>, db: Db): () => Promise<unknown> {
  if (config.kafka.brokers.length === 0) return () => pingOutbox(db);
  const kafka = new Kafka({
    clientId: `${config.kafka.clientId}-health`,
    brokers: config.kafka.brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 2000,
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
