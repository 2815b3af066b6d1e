import { affectedRows, type Db } from '../connection.ts';

/**
 * How long the pipeline's own rows are kept (docs/operations.md, "Retention"):
 * - `processed_events` (a consumer group's "already handled" marks) only matter while an event can still
 *   be delivered again: on Kafka while the broker keeps it (24 hours in infra/kafka), on the Postgres log
 *   never after the group's position has passed it. They go after `processedDays` (default 7).
 * - `events` is the audit trail and the source `make replay` rebuilds projections from: kept unless
 *   `eventDays` is set. Then an event goes only when it is published, older than that, behind every
 *   consumer group's stored position, and not a dead letter still waiting for an admin (a parked or
 *   retrying `failed_events` row). Its `processed_events` rows go with it (ON DELETE CASCADE).
 */
export interface RetentionPolicy {
  processedDays: number;
  /** 0 keeps every event. */
  eventDays: number;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** Deletes the processed-event marks older than the policy allows; returns how many went. */
export async function purgeProcessedEvents(db: Db, now: Date, policy: RetentionPolicy): Promise<number> {
  return affectedRows(
    await db('processed_events').where('processed_at', '<', daysBefore(now, policy.processedDays)).delete(),
  );
}

/** Deletes the events the policy lets go (none when `eventDays` is 0); returns how many went. */
export async function purgeEvents(db: Db, now: Date, policy: RetentionPolicy): Promise<number> {
  if (policy.eventDays <= 0) return 0;
  const query = db('events')
    .whereNotNull('position')
    .where('occurred_at', '<', daysBefore(now, policy.eventDays))
    .whereNotExists((q) =>
      q
        .select(db.raw('1'))
        .from('failed_events')
        .whereRaw('failed_events.event_id = events.id')
        .whereIn('failed_events.status', ['retrying', 'parked', 'replay_requested']),
    )
    // Behind every group tailing the Postgres log (with Kafka there are no positions here: the broker's
    // retention, shorter than the policy's, bounds redelivery instead).
    .whereRaw('events.position <= coalesce((select min(position) from consumer_positions), events.position)');
  return affectedRows(await query.delete());
}
