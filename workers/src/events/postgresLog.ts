import {
  consumerLag,
  eventsAfterPosition,
  readConsumerPosition,
  saveConsumerPosition,
  type Db,
} from '@riffline/db';
import type { Logger } from 'pino';
import { deliverBatch, retryPolicy, type RetryPolicy } from './deliver.ts';
import type { ConsumerGroup, EventLog, EventSubscriber, Subscription } from './log.ts';
import { pollLoop } from './pollLoop.ts';

/**
 * The embedded event log: the outbox itself. The relay's positions are the log; each consumer group
 * keeps how far it has read in `consumer_positions` and tails `events` by position (never by id), a batch
 * at a time (deliverBatch: its handling and the new position in one transaction). An event whose handler
 * keeps failing is retried in place (deliver) and then parked; the position moves past it.
 */
export function postgresLog(
  db: Db,
  logger: Logger,
  options: { idleMs?: number; batchSize?: number; retry?: RetryPolicy } = {},
): EventLog {
  // Consumers run beside the relay, which wakes them after each batch; the pause only bounds a missed wake.
  const idleMs = options.idleMs ?? 2_000;
  const batchSize = options.batchSize ?? 100;
  const retry = options.retry ?? retryPolicy(5);
  const subscriptions = new Set<Subscription & { wake(): void }>();

  const subscriber: EventSubscriber = {
    async subscribe(consumer: ConsumerGroup) {
      let position: string | null = null;
      const stopping = new AbortController();
      const delivery = { db, logger, retry, signal: stopping.signal };
      const loop = pollLoop(
        async () => {
          position ??= await readConsumerPosition(db, consumer.group);
          const events = await eventsAfterPosition(db, position, batchSize);
          try {
            // The batch's handling and the group's new position commit together.
            await deliverBatch(delivery, consumer, events, (conn, last) =>
              saveConsumerPosition(conn, consumer.group, last.position),
            );
          } catch (error) {
            position = null; // read again: part of the batch may be done
            throw error;
          }
          if (events.length) position = events.at(-1)!.position;
          return events.length === batchSize ? 'more' : 'idle';
        },
        {
          idleMs,
          onError: (error, failures) => {
            // A stop ends the pause between attempts; the event is delivered again at the next start.
            if (stopping.signal.aborted) return;
            logger.error(
              { err: error, group: consumer.group, after: position, failures },
              'consumer: reading the log failed, retrying',
            );
          },
        },
      );
      const subscription = {
        wake: () => loop.wake(),
        async stop() {
          stopping.abort();
          await loop.stop();
          subscriptions.delete(subscription);
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },
    async lags(groups: readonly string[]) {
      const lags: Record<string, number> = {};
      for (const group of groups) lags[group] = await consumerLag(db, group);
      return lags;
    },
  };
  return {
    kind: 'postgres',
    publisher: null,
    subscriber,
    wakeConsumers() {
      for (const subscription of subscriptions) subscription.wake();
    },
    async close() {
      await Promise.all([...subscriptions].map((s) => s.stop()));
    },
  };
}
