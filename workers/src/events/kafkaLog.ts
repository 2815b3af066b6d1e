import { aggregates, familyOf } from '@riffline/contracts';
import type { Config, Db } from '@riffline/db';
import { Kafka, logLevel, type Consumer, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import { deliverBatch, retryPolicy, type RetryPolicy } from './deliver.ts';
import type {
  ConsumerGroup,
  EventLog,
  EventPublisher,
  EventSubscriber,
  LoggedEvent,
  Subscription,
} from './log.ts';

const families = [...new Set(Object.values(aggregates))];

export const topicOf = (prefix: string, aggregateType: string) => `${prefix}.${familyOf(aggregateType)}`;

/**
 * The event log on Kafka: one topic per aggregate family (`<prefix>.releases`, `.wallet`, …), keyed by
 * aggregate id so one aggregate's events stay in order on one partition, written by an idempotent
 * producer. Each consumer group is a Kafka consumer group `<client id>.<group>`; offsets are committed after
 * the handler's transaction, and `processed_events` makes a redelivery harmless. A handler that throws is
 * retried in place and then parked (deliver): eachBatch never hands a handler's error to kafkajs, which
 * would stop the group for good on a TypeError.
 */
export async function kafkaLog(
  config: Pick<Config, 'kafka'>,
  db: Db,
  logger: Logger,
  options: { retry?: RetryPolicy } = {},
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
  const retry = options.retry ?? retryPolicy(5);
  // Few retries here: the workers' start loop retries opening the log, and a stop must not wait long.
  const admin = kafka.admin({ retry: { retries: 1 } });
  await admin.connect();
  try {
    await admin.createTopics({
      topics: topics.map((topic) => ({ topic, numPartitions: config.kafka.partitions ?? 1 })),
      waitForLeaders: true,
    });
  } finally {
    await admin.disconnect();
  }

  let producer: Producer | null = null;
  const consumers = new Set<Consumer>();

  const publisher: EventPublisher = {
    async publish(events: LoggedEvent[]) {
      if (!producer) {
        const created = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
        await created.connect();
        producer = created;
      }
      // In sends of at most SEND_BYTES, one after the other (the idempotent producer keeps their order):
      // the broker refuses a partition's batch over 1 MB (message.max.bytes), and a relay step of 1,000
      // events of over a kilobyte each would make one. A send that fails fails the step, which is sent again.
      for (const chunk of bySize(events, (e) => JSON.stringify(e), SEND_BYTES)) {
        const byTopic = new Map<string, { key: string; value: string; headers: { type: string } }[]>();
        for (const { item: event, text } of chunk) {
          const topic = topicOf(topicPrefix, event.aggregateType);
          const messages = byTopic.get(topic) ?? [];
          messages.push({ key: event.aggregateId, value: text, headers: { type: event.type } });
          byTopic.set(topic, messages);
        }
        await producer.sendBatch({
          acks: -1,
          timeout: 10_000,
          topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
        });
      }
    },
  };
  const subscriber: EventSubscriber = {
    async subscribe(group: ConsumerGroup): Promise<Subscription> {
      const consumer = kafka.consumer({
        groupId: `${clientId}.${group.group}`,
        maxWaitTimeInMs: 200,
        // While the broker is away the consumer asks again every second at most, and restarts at most a
        // second after its retries run out (kafkajs waits its last backoff, up to 30 s by default): it
        // handles again within about a second of the broker's return. A member that died without leaving
        // is out of the group 10 s after its last heartbeat (handlers heartbeat while they run).
        sessionTimeout: 10_000,
        retry: { initialRetryTime: 300, maxRetryTime: 1_000, retries: 30 },
      });
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
      const stopping = new AbortController();
      await consumer.run({
        // A partition's fetched messages are handled in one transaction (deliverBatch), then its offset
        // moves past them all.
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary }) => {
          const events = batch.messages.map((message) => {
            const event = JSON.parse(String(message.value)) as LoggedEvent;
            event.occurredAt = new Date(event.occurredAt);
            return event;
          });
          try {
            await deliverBatch({ db, logger, retry, signal: stopping.signal, heartbeat }, group, events);
          } catch (error) {
            // The machinery failed (the database is away, a rebalance, a stop): the offset stays, and kafkajs
            // retries the batch and, past its retries, restarts the consumer.
            if (!stopping.signal.aborted) {
              logger.error(
                { err: error, group: group.group, events: events.length, first: events[0]?.id },
                'consumer: delivery failed, retrying',
              );
            }
            throw retriable(error);
          }
          if (batch.messages.length) resolveOffset(batch.lastOffset());
          await commitOffsetsIfNecessary();
        },
      });
      await joined;
      consumers.add(consumer);
      return {
        async stop() {
          stopping.abort();
          consumers.delete(consumer);
          await consumer.disconnect();
        },
      };
    },
    async lags(groups: readonly string[]) {
      const admin = kafka.admin({ retry: { retries: 0 } });
      await admin.connect();
      try {
        const partitions = await Promise.all(
          topics.map(async (topic) => ({ topic, offsets: await admin.fetchTopicOffsets(topic) })),
        );
        const lags: Record<string, number> = {};
        for (const group of groups) {
          const committed = new Map<string, bigint>();
          for (const { topic, partitions: ps } of await admin.fetchOffsets({
            groupId: `${clientId}.${group}`,
            topics,
          })) {
            for (const p of ps) committed.set(`${topic}/${p.partition}`, BigInt(p.offset));
          }
          let lag = 0n;
          for (const { topic, offsets } of partitions) {
            for (const p of offsets) {
              // No committed offset yet (-1): the group starts from the beginning of what is kept.
              const read = committed.get(`${topic}/${p.partition}`) ?? -1n;
              const from = read >= 0n ? read : BigInt(p.low);
              if (BigInt(p.high) > from) lag += BigInt(p.high) - from;
            }
          }
          lags[group] = Number(lag);
        }
        return lags;
      } finally {
        await admin.disconnect();
      }
    },
  };
  return {
    kind: 'kafka',
    publisher,
    subscriber,
    async close() {
      await Promise.all([...consumers].map((c) => c.disconnect()));
      consumers.clear();
      await (producer as Producer | null)?.disconnect();
    },
  };
}

/** What one send to the broker carries at most (the values' bytes): half its default 1 MB limit. */
export const SEND_BYTES = 512 * 1024;

/**
 * Cuts `items`, in order, into runs whose texts add up to at most `maxBytes` (an item larger than that
 * goes alone); each item comes with its text, made once.
 */
export function bySize<T>(
  items: readonly T[],
  textOf: (item: T) => string,
  maxBytes: number,
): { item: T; text: string }[][] {
  const runs: { item: T; text: string }[][] = [];
  let run: { item: T; text: string }[] = [];
  let bytes = 0;
  for (const item of items) {
    const text = textOf(item);
    const size = Buffer.byteLength(text);
    if (run.length && bytes + size > maxBytes) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push({ item, text });
    bytes += size;
  }
  if (run.length) runs.push(run);
  return runs;
}

/**
 * kafkajs retries an error from eachMessage, and restarts the consumer past its retries, unless the error
 * looks like a bug (TypeError, RangeError …): then the group stops for good. Errors that reach it from
 * here are the machinery's, never a handler's, so each is handed over as retriable; kafkajs' own errors
 * (a rebalance) pass as they are.
 */
function retriable(error: unknown): unknown {
  if (error instanceof Error && error.name.startsWith('KafkaJS')) return error;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new Error(message, { cause: error });
}
