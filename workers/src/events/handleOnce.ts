import type { EventType } from '@riffline/contracts';
import { claimEvent, type Db } from '@riffline/db';
import type { ConsumerGroup, EventHandler, LoggedEvent, TypedEvent } from './log.ts';

/**
 * Runs a group's handler for one event exactly once in effect: the handler's writes and the
 * `processed_events(group, event)` row commit together, so a redelivered event changes nothing. A handler
 * that throws rolls both back and the event is delivered again. Returns false when it was a repeat.
 */
export async function handleOnce(db: Db, consumer: ConsumerGroup, event: LoggedEvent): Promise<boolean> {
  const handler = consumer.handlers[event.type as EventType] as EventHandler<EventType> | undefined;
  if (!handler) return false;
  return db.transaction(async (trx) => {
    if (!(await claimEvent(trx, consumer.group, event.id))) return false;
    await handler(event as TypedEvent<EventType>, trx);
    return true;
  });
}
