import type { EventType } from '@riffline/contracts';
import { claimEvents, failureReport, recordFailedAttempt, type Db } from '@riffline/db';
import type { Logger } from 'pino';
import { handleOnce, handlerOf } from './handleOnce.ts';
import type { ConsumerGroup, LoggedEvent, TypedEvent } from './log.ts';

/** How a consumer group retries an event whose handler throws before it parks it (a dead letter). */
export interface RetryPolicy {
  /** Attempts in all, the first included (EVENT_MAX_ATTEMPTS); the last failure parks the event. */
  maxAttempts: number;
  /** The pause after the `attempt`-th failure (1, 2, …) before the next attempt. */
  delayMs(attempt: number): number;
}

/** 500 ms after the first failure, doubling, at most 30 s: 0.5 + 1 + 2 + 4 s before the 5th attempt. */
export const exponentialBackoff =
  (firstMs = 500, maxMs = 30_000) =>
  (attempt: number) =>
    Math.min(firstMs * 2 ** (attempt - 1), maxMs);

export const retryPolicy = (maxAttempts: number): RetryPolicy => ({
  maxAttempts,
  delayMs: exponentialBackoff(),
});

export interface Delivery {
  db: Db;
  logger: Logger;
  retry: RetryPolicy;
  /** Aborted when the subscription stops: a pause between attempts ends, and deliver throws. */
  signal: AbortSignal;
  /**
   * Kafka: tells the broker the member is alive, while a handler runs (a store report's import may take
   * longer than the session timeout, which would otherwise hand the partition to another member and
   * deliver the event again) and while it waits between attempts.
   */
  heartbeat?: () => Promise<void>;
  /** How often a running handler heartbeats (HANDLER_HEARTBEAT_MS unless a test says otherwise). */
  heartbeatEveryMs?: number;
}

export type Delivered = 'handled' | 'skipped' | 'parked';

/**
 * Hands one event to its group (handleOnce) until it is handled or parked, the same on both logs. A
 * handler that throws rolls its writes back; the attempt is counted in `failed_events` (so counts survive
 * a restart) and the event is tried again after a growing pause, in place: the group's later events wait,
 * so an aggregate's events stay in order. The `maxAttempts`-th failure parks it with its error and the
 * group moves on to the next event. Throws only when the machinery fails (the failure could not be
 * recorded: the database is away) or the subscription stops; the caller then retries the event later.
 */
export async function deliver(
  delivery: Delivery,
  consumer: ConsumerGroup,
  event: LoggedEvent,
): Promise<Delivered> {
  const { db, logger } = delivery;
  for (;;) {
    let thrown: unknown;
    let outcome: Delivered | undefined;
    const beating = keepAlive(delivery);
    try {
      outcome = (await handleOnce(db, consumer, event, logger)) ? 'handled' : 'skipped';
    } catch (error) {
      thrown = error;
    } finally {
      clearInterval(beating);
    }
    if (outcome) return told(delivery, consumer, event, outcome);
    if ((await failedAttempt(delivery, consumer, event, thrown)) === 'parked') return 'parked';
  }
}

/**
 * Counts a failed attempt at `event` in `failed_events`: the last one parks it (and the group is told),
 * any other waits out the pause before the next attempt. Answers which.
 */
async function failedAttempt(
  delivery: Delivery,
  consumer: ConsumerGroup,
  event: LoggedEvent,
  thrown: unknown,
): Promise<'parked' | 'again'> {
  const { db, logger, retry } = delivery;
  const { attempts, state } = await recordFailedAttempt(db, {
    group: consumer.group,
    eventId: event.id,
    maxAttempts: retry.maxAttempts,
    failure: failureReport(thrown),
  });
  const context = { err: thrown, group: consumer.group, event: event.id, type: event.type, attempts };
  if (state === 'parked') {
    logger.error(context, 'consumer: handling failed, event parked as a dead letter');
    told(delivery, consumer, event, 'parked');
    return 'parked';
  }
  const pauseMs = retry.delayMs(attempts);
  logger.warn({ ...context, retryInMs: pauseMs }, 'consumer: handling failed, retrying');
  await pause(pauseMs, delivery);
  return 'again';
}

/** A handler's error inside a batch, with the event it came from (null: the group's `handleBatch`). */
class BatchHandlerFailed extends Error {
  constructor(
    readonly index: number | null,
    readonly failure: unknown,
  ) {
    super('a handler failed inside a batch');
  }
}

/**
 * Hands a batch of events, in log order, to its group in one transaction: the claims of every event in
 * one statement, then each claimed event's handler, and `within(trx)` (the Postgres log saves its read
 * position there), all committing together; then the group hears how each ended. Five round trips per
 * event become one, plus a few per batch. A handler that throws rolls the batch back, and it goes on
 * as deliver would have: the events before the failing one again as a batch, the failing one through
 * deliver (this failure is its first counted attempt: a handler is not called more often than one at a
 * time would be), then the rest. A group with a bulk path (`handleBatch`) gets the claimed events in one
 * call; if that throws, the batch is handled again with the group's one-event handlers. A replay request
 * (its own transaction shape) goes through deliver.
 */
export async function deliverBatch(
  delivery: Delivery,
  consumer: ConsumerGroup,
  events: readonly LoggedEvent[],
  within?: (conn: Db, last: LoggedEvent) => Promise<void>,
): Promise<void> {
  if (!events.length) return;
  const replayAt = events.findIndex((e) => e.type === 'failedEvent.replayRequested');
  if (replayAt >= 0) {
    await deliverBatch(delivery, consumer, events.slice(0, replayAt), within);
    await deliver(delivery, consumer, events[replayAt]!);
    await within?.(delivery.db, events[replayAt]!);
    await deliverBatch(delivery, consumer, events.slice(replayAt + 1), within);
    return;
  }
  const { db } = delivery;
  let handled: Set<string>;
  const beating = keepAlive(delivery);
  try {
    for (const event of events) if (handlerOf(consumer, event.type)) await consumer.waitBefore?.(event);
    handled = await db.transaction(async (trx) => {
      const handlerFor = (e: LoggedEvent) => handlerOf(consumer, e.type);
      const claimed = await claimEvents(
        trx,
        consumer.group,
        events.filter((e) => handlerFor(e)).map((e) => e.id),
      );
      // The same event may come twice in one batch (a relay that crashed after the broker's ack publishes
      // its batch again): a claim is used once.
      const unhandled = new Set(claimed);
      const together: LoggedEvent[] = [];
      for (const [index, event] of events.entries()) {
        if (!unhandled.delete(event.id)) continue;
        if (consumer.handleBatch) {
          together.push(event);
          continue;
        }
        try {
          await handlerFor(event)!(event as TypedEvent<EventType>, trx);
        } catch (error) {
          throw new BatchHandlerFailed(index, error);
        }
      }
      if (together.length) {
        try {
          await consumer.handleBatch!(together, trx);
        } catch (error) {
          throw new BatchHandlerFailed(null, error);
        }
      }
      await within?.(trx, events.at(-1)!);
      return claimed;
    });
  } catch (error) {
    if (!(error instanceof BatchHandlerFailed)) throw error;
    if (error.index === null) {
      // Which event the bulk path failed on is unknown: the same events again, one handler each.
      delivery.logger.warn(
        { err: error.failure, group: consumer.group, events: events.length },
        'consumer: the batch handler failed, handling the events one by one',
      );
      await deliverBatch(delivery, { ...consumer, handleBatch: undefined }, events, within);
      return;
    }
    await deliverBatch(delivery, consumer, events.slice(0, error.index), within);
    const failing = events[error.index]!;
    if ((await failedAttempt(delivery, consumer, failing, error.failure)) === 'again') {
      await deliver(delivery, consumer, failing);
    }
    await within?.(db, failing);
    await deliverBatch(delivery, consumer, events.slice(error.index + 1), within);
    return;
  } finally {
    clearInterval(beating);
  }
  const seen = new Set<string>();
  for (const event of events) {
    const first = !seen.has(event.id);
    seen.add(event.id);
    told(delivery, consumer, event, first && handled.has(event.id) ? 'handled' : 'skipped');
  }
}

/** How often a running handler's member heartbeats (kafkajs sends at most one per heartbeatInterval). */
export const HANDLER_HEARTBEAT_MS = 3_000;

/** Heartbeats while a handler runs; a heartbeat that fails (a rebalance under way) is only logged. */
function keepAlive(delivery: Delivery): ReturnType<typeof setInterval> | undefined {
  const { heartbeat, logger } = delivery;
  if (!heartbeat) return undefined;
  return setInterval(() => {
    heartbeat().catch((err: unknown) => logger.warn({ err }, 'consumer: heartbeat during handling failed'));
  }, delivery.heartbeatEveryMs ?? HANDLER_HEARTBEAT_MS);
}

/** Tells the group how the event ended (after its commit); a hook that throws is logged, never retried. */
function told(
  { logger }: Delivery,
  consumer: ConsumerGroup,
  event: LoggedEvent,
  outcome: Delivered,
): Delivered {
  try {
    consumer.delivered?.(event, outcome);
  } catch (error) {
    logger.error({ err: error, group: consumer.group, event: event.id }, 'consumer: delivered hook failed');
  }
  return outcome;
}

/** Waits `ms`, heartbeating every second when asked to; rejects at once when the signal aborts. */
async function pause(ms: number, { signal, heartbeat }: Pick<Delivery, 'signal' | 'heartbeat'>) {
  const until = Date.now() + ms;
  for (;;) {
    signal.throwIfAborted();
    const left = until - Date.now();
    if (left <= 0) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.min(left, heartbeat ? 1_000 : left));
      signal.addEventListener('abort', done, { once: true });
    });
    signal.throwIfAborted();
    await heartbeat?.();
  }
}
