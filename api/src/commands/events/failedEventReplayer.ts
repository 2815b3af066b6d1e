import { FailedEvent, requestReplay, type Db, type FailedEventState, type User } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

const notReplayable: Record<Exclude<FailedEventState, 'parked'>, string> = {
  retrying: 'This event is still being retried: only a parked event can be replayed',
  replay_requested: 'A replay of this event is already requested',
  replayed: 'This event was already replayed',
};

/**
 * An admin asks for a parked event to be delivered again to the consumer group that parked it. The API
 * runs no handler: in one transaction the dead letter becomes `replay_requested` and
 * `failedEvent.replayRequested` is appended; the group's own consumer (workers) handles it, exactly once,
 * and marks the row `replayed`, or parks it again with the new error.
 */
export async function replayFailedEvent(db: Db, admin: User, id: string): Promise<FailedEvent> {
  return db.transaction(async (trx) => {
    const request = await requestReplay(trx, id, admin.id);
    if (request.outcome === 'missing') throw NotFoundError('Failed event not found');
    if (request.outcome === 'not parked') throw ConflictError(notReplayable[request.state]);
    return (await FailedEvent.query(trx).findById(id).withGraphFetched('event'))!;
  });
}
