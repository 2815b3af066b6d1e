import type { EventPayload, EventType } from '@riffline/contracts';
import type { DbTransaction, PositionedEvent } from '@riffline/db';

/** An outbox event once the relay has given it its place in the log. */
export type LoggedEvent = PositionedEvent;

/** A logged event of one type, its payload as the catalog defines it. */
export interface TypedEvent<T extends EventType> extends LoggedEvent {
  type: T;
  payload: EventPayload<T>;
}

export type EventHandler<T extends EventType> = (event: TypedEvent<T>, trx: DbTransaction) => Promise<void>;

/**
 * A consumer group (DESIGN.md §2: projections, notifications, exports, delivery) and what it does with
 * the event types it cares about. Handler code does not know which log feeds it.
 */
export interface ConsumerGroup {
  group: string;
  handlers: { [T in EventType]?: EventHandler<T> };
  /**
   * A projection's bulk path, optional: the events of a batch that have a handler and were claimed (each
   * once, in log order), handled together in the batch's transaction (one lock, one write for them all).
   * If it throws, the batch rolls back and its events go through `handlers` instead, with their retries
   * and dead letters, so the two must have the same effect.
   */
  handleBatch?(events: LoggedEvent[], trx: DbTransaction): Promise<void>;
  /**
   * A pause an event must wait out before it is handled (a store's pause before a resend), optional: waited
   * before the event's transaction opens, so no connection is held meanwhile (on PGlite, the only one).
   */
  waitBefore?(event: LoggedEvent): Promise<void>;
  /**
   * Told how each event it was given ended, once that is committed: `handled` (its writes and its
   * `processed_events` row committed), `skipped` (a repeat, or no handler), `parked` (a dead letter). The
   * place for work that must follow the commit, never precede it (wake the mail delivery).
   */
  delivered?(event: LoggedEvent, outcome: 'handled' | 'skipped' | 'parked'): void;
}

export interface Subscription {
  stop(): Promise<void>;
}

/** Where the relay puts positioned events (Kafka's producer). */
export interface EventPublisher {
  /** Runs inside the relay's transaction, so events are positioned only if they reached the log. */
  publish(events: LoggedEvent[]): Promise<void>;
}

/** Where consumer groups read the log from. */
export interface EventSubscriber {
  subscribe(consumer: ConsumerGroup): Promise<Subscription>;
  /** Per group: the events logged that it has not read yet (consumer lag; Kafka: summed over partitions). */
  lags(groups: readonly string[]): Promise<Record<string, number>>;
}

/**
 * The event log behind the outbox: Kafka when KAFKA_BROKERS is set, else the outbox itself (the Postgres
 * log), as the two sides that use it: the relay publishes, consumer groups subscribe.
 */
export interface EventLog {
  readonly kind: 'kafka' | 'postgres';
  /** Null on the Postgres log: an event positioned in the outbox is on the log. */
  readonly publisher: EventPublisher | null;
  readonly subscriber: EventSubscriber;
  /** The Postgres log's consumers, woken by the relay once it committed a batch (Kafka's: the broker feeds them). */
  readonly wakeConsumers?: () => void;
  close(): Promise<void>;
}
