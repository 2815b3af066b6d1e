import { aggregates, familyOf } from '@riffline/contracts';
import type { Config, Db } from '@riffline/db';
import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import { handleOnce } from './handleOnce.ts';
import type { ConsumerGroup, EventLog, LoggedEvent, Subscription } from './log.ts';

const families = [...new Set(Object.values(aggregates))];

export const topicOf = (prefix: string, aggregateType: string) => `${prefix}.${familyOf(aggregateType)}`;

/**
 * The event log on Kafka: one topic per aggregate family (`<prefix>.releases`, `.wallet`, …), keyed by
 * aggregate id so one aggregate's events stay in order on one partition, written by an idempotent
 * producer. Each consumer group is a Kafka consumer group `<client id>.<group>`; offsets are committed after
 * the handler's transaction, and `processed_events` makes a redelivery harmless.
 */
export async function kafkaLog(
  config: Pick<Config, 'kafka'>,
  db: Db,
  logger: Logger,
  options: { partitions?: number } = {},
): Promise<EventLog> {
  const { brokers, clientId, topicPrefix } = config.kafka;
  const kafka = new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    logCreator: () => (entry) =>
      logger.warn({ kafka: entry.namespace, ...entry.log }, String(entry.log.message ?? 'kafka')),
  });
  const topics = families.map((family) => `${topicPrefix}.${family}`);
  // Few retries here: the workers' start loop retries opening the log, and a stop must not wait long.
  const admin = kafka.admin({ retry: { retries: 1 } });
  await admin.connect();
  try {
    await admin.createTopics({
      topics: topics.map((topic) => ({ topic, numPartitions: options.partitions ?? 3 })),
      waitForLeaders: true,
    });
  } finally {
    await admin.disconnect();
  }

  let producer: Producer | null = null;
  const consumers = new Set<Consumer>();

  return {
    kind: 'kafka',
    async publish(events: LoggedEvent[]) {
      if (!producer) {
        const created = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
        await created.connect();
        producer = created;
      }
      const byTopic = new Map<string, LoggedEvent[]>();
      for (const event of events) {
        const topic = topicOf(topicPrefix, event.aggregateType);
        byTopic.set(topic, [...(byTopic.get(topic) ?? []), event]);
      }
      await producer.sendBatch({
        acks: -1,
        timeout: 10_000,
        topicMessages: [...byTopic].map(([topic, list]) => ({
          topic,
          messages: list.map((event) => ({
            key: event.aggregateId,
            value: JSON.stringify(event),
            headers: { type: event.type },
          })),
        })),
      });
    },
    published() {
      // Kafka consumers are fed by the broker.
    },
    async subscribe(group: ConsumerGroup): Promise<Subscription> {
      const consumer = kafka.consumer({ groupId: `${clientId}.${group.group}`, maxWaitTimeInMs: 200 });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
      await consumer.run({
        eachMessage: async ({ message }) => {
          const event = JSON.parse(String(message.value)) as LoggedEvent;
          event.occurredAt = new Date(event.occurredAt);
          try {
            await handleOnce(db, group, event);
          } catch (error) {
            logger.error(
              { err: error, group: group.group, event: event.id },
              'consumer: handling failed, retrying',
            );
            throw error;
          }
        },
      });
      await joined;
      consumers.add(consumer);
      return {
        async stop() {
          consumers.delete(consumer);
          await consumer.disconnect();
        },
      };
    },
    async close() {
      await Promise.all([...consumers].map((c) => c.disconnect()));
      consumers.clear();
      await (producer as Producer | null)?.disconnect();
    },
  };
}
