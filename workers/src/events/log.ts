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
   * Told how each event it was given ended, once that is committed: `handled` (its writes and its
   * `processed_events` row committed), `skipped` (a repeat, or no handler), `parked` (a dead letter). The
   * place for work that must follow the commit, never precede it (wake the mail delivery).
   */
  delivered?(event: LoggedEvent, outcome: 'handled' | 'skipped' | 'parked'): void;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * The event log behind the outbox: Kafka when KAFKA_BROKERS is set, else the outbox itself (the Postgres
 * log). `publish` runs inside the relay's transaction, so events are positioned only if they reached
 * the log.
 */
export interface EventLog {
  readonly kind: 'kafka' | 'postgres';
  publish(events: LoggedEvent[]): Promise<void>;
  /** Told by the relay once a published batch has committed. */
  published(): void;
  subscribe(consumer: ConsumerGroup): Promise<Subscription>;
  /** Per group: the events logged that it has not read yet (consumer lag; Kafka: summed over partitions). */
  lags(groups: readonly string[]): Promise<Record<string, number>>;
  close(): Promise<void>;
}
