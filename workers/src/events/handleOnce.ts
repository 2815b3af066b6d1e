import type { EventPayload, EventType } from '@riffline/contracts';
import {
  claimEvent,
  claimForReplay,
  failureReport,
  markReplayed,
  markReplayFailed,
  takeReplayRequest,
  type Db,
} from '@riffline/db';
import type { Logger } from 'pino';
import type { ConsumerGroup, EventHandler, LoggedEvent, TypedEvent } from './log.ts';

/** The group's handler for an event type, if it has one. */
export const handlerOf = (consumer: ConsumerGroup, type: string) =>
  consumer.handlers[type as EventType] as EventHandler<EventType> | undefined;

/**
 * Runs a group's handler for one event exactly once in effect: the handler's writes and the
 * `processed_events(group, event)` row commit together, so a redelivered event changes nothing. A handler
 * that throws rolls both back and the event is delivered again. Returns false when it was a repeat (or
 * an event the group parked: only a replay handles that one).
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
  const handler = handlerOf(consumer, event.type);
  if (!handler) return false;
  await consumer.waitBefore?.(event);
  return db.transaction(async (trx) => {
    if (!(await claimEvent(trx, consumer.group, event.id))) return false;
    await handler(event as TypedEvent<EventType>, trx);
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
  return db.transaction(async (trx) => {
    if (!(await claimEvent(trx, consumer.group, request.id))) return false;
    const parked = await takeReplayRequest(trx, failedEventId, consumer.group);
    if (!parked) return true;
    try {
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
