import type { EventPayload, EventType } from '@riffline/contracts';
import {
  claimable,
  claimEvent,
  claimForReplay,
  failureReport,
  markReplayed,
  markReplayFailed,
  takeReplayRequest,
  type Db,
} from '@riffline/db';
import type { Logger } from 'pino';
import type { ConsumerGroup, EventHandler, LoggedEvent, OutsideWork, TypedEvent } from './log.ts';

/** The group's handler for an event type, if it has one. */
export const handlerOf = (consumer: ConsumerGroup, type: string) =>
  consumer.handlers[type as EventType] as EventHandler<EventType> | undefined;

/** The group's work outside the transaction for an event type, if it has any. */
const outsideWorkOf = (consumer: ConsumerGroup, type: string) =>
  consumer.outside?.[type as EventType] as OutsideWork<EventType> | undefined;

/** Whether the group handles this type of event, in its transaction, outside it, or both. */
export const handles = (consumer: ConsumerGroup, type: string) =>
  Boolean(handlerOf(consumer, type) ?? outsideWorkOf(consumer, type));

/** The event types a group handles. */
export const typesHandled = (consumer: ConsumerGroup) => [
  ...new Set([...Object.keys(consumer.handlers), ...Object.keys(consumer.outside ?? {})]),
];

/**
 * The group's work outside a transaction (ConsumerGroup.outside), in log order, for those of `events` that
 * have some and that the group has neither handled nor parked. Answers the first that failed, with its
 * error, and stops there.
 */
export async function runOutside(
  db: Db,
  consumer: ConsumerGroup,
  events: readonly LoggedEvent[],
): Promise<{ index: number; error: unknown } | undefined> {
  if (!events.some((e) => outsideWorkOf(consumer, e.type))) return undefined;
  const open = await claimable(
    db,
    consumer.group,
    events.map((e) => e.id),
  );
  for (const [index, event] of events.entries()) {
    const work = outsideWorkOf(consumer, event.type);
    if (!work || !open.has(String(event.id))) continue;
    try {
      await work(event as TypedEvent<EventType>);
    } catch (error) {
      return { index, error };
    }
  }
  return undefined;
}

/**
 * Runs a group's handler for one event exactly once in effect: the handler's writes and the
 * `processed_events(group, event)` row commit together, so a redelivered event changes nothing. A handler
 * that throws rolls both back and the event is delivered again. The group's work outside the transaction
 * (ConsumerGroup.outside) runs first, and may run again on a repeat: it is idempotent. Returns false when
 * it was a repeat (or an event the group parked: only a replay handles that one).
 *
 * `failedEvent.replayRequested` addressed to this group is the group's own business whatever its handlers:
 * see replayOnce.
 */
export async function handleOnce(
  db: Db,
  consumer: ConsumerGroup,
  event: LoggedEvent,
  logger?: Logger,
): Promise<boolean> {
  if (event.type === 'failedEvent.replayRequested') return replayOnce(db, consumer, event, logger);
  if (!handles(consumer, event.type)) return false;
  const failed = await runOutside(db, consumer, [event]);
  if (failed) throw failed.error;
  return db.transaction(async (trx) => {
    if (!(await claimEvent(trx, consumer.group, event.id))) return false;
    await handlerOf(consumer, event.type)?.(event as TypedEvent<EventType>, trx);
    return true;
  });
}

/**
 * An admin's replay of a parked event, delivered to the group it names on the group's own consumer (so it
 * never runs beside the group's other handling). In the transaction that handles the request: the dead
 * letter is locked, the parked event is claimed and handled in a savepoint, and the row becomes `replayed`;
 * a handler that throws again rolls the savepoint back (its writes with it) and parks the row again with
 * the new error. Either way the request itself is handled once.
 */
async function replayOnce(
  db: Db,
  consumer: ConsumerGroup,
  request: LoggedEvent,
  logger?: Logger,
): Promise<boolean> {
  const { group } = request.payload as EventPayload<'failedEvent.replayRequested'>;
  if (group !== consumer.group) return false;
  const failedEventId = request.aggregateId;
  // The parked event's work outside a transaction goes first; its failure is the replay's.
  let outsideFailed: { error: unknown } | undefined;
  const waiting = await takeReplayRequest(db, failedEventId, consumer.group);
  const work = waiting && outsideWorkOf(consumer, waiting.type);
  if (work)
    await work(waiting as TypedEvent<EventType>).catch((error: unknown) => (outsideFailed = { error }));
  return db.transaction(async (trx) => {
    if (!(await claimEvent(trx, consumer.group, request.id))) return false;
    const parked = await takeReplayRequest(trx, failedEventId, consumer.group);
    if (!parked) return true;
    try {
      if (outsideFailed) throw outsideFailed.error;
      await trx.transaction(async (savepoint) => {
        if (!(await claimForReplay(savepoint, consumer.group, parked.id))) return;
        await handlerOf(consumer, parked.type)?.(parked as TypedEvent<EventType>, savepoint);
      });
      await markReplayed(trx, failedEventId);
      logger?.info(
        { group, event: parked.id, failedEvent: failedEventId },
        'consumer: parked event replayed',
      );
    } catch (error) {
      await markReplayFailed(trx, failedEventId, failureReport(error));
      logger?.error(
        { err: error, group, event: parked.id, failedEvent: failedEventId },
        'consumer: the replay failed, the event stays parked',
      );
    }
    return true;
  });
}
