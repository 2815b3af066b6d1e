import type { Db, DbTransaction } from '../connection.ts';
import { appendEvent, toStoredEvent, type StoredEvent } from './append.ts';
import type { PositionedEvent } from './relay.ts';

/**
 * Dead letters (`failed_events`): one row per (consumer group, event) whose handler failed.
 * - `retrying`: the group keeps trying the event in place (its later events wait), `attempts` so far;
 * - `parked`: it failed `maxAttempts` times; the group moved on and the row keeps the last error;
 * - `replay_requested`: an admin asked for it again (`failedEvent.replayRequested` is on the log);
 * - `replayed`: the replay handled it (its `processed_events` row committed with the handler's writes).
 * A retried event that then succeeds removes its `retrying` row in the handler's transaction (claimEvent).
 */
export type FailedEventState = 'retrying' | 'parked' | 'replay_requested' | 'replayed';

/** What is kept of an error: `<name>: <message>` and its stack, each bounded. */
export interface FailureReport {
  error: string;
  stack: string | null;
}

const MAX_ERROR = 2_000;
const MAX_STACK = 8_000;

/** Turns anything a handler threw into what a dead letter keeps. */
export function failureReport(thrown: unknown): FailureReport {
  const error =
    thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : `Non-error thrown: ${String(thrown)}`;
  const stack = thrown instanceof Error && thrown.stack ? thrown.stack : null;
  // PostgreSQL refuses NUL in text.
  const clean = (text: string, max: number) => text.replaceAll('\u0000', '').slice(0, max);
  return { error: clean(error, MAX_ERROR), stack: stack === null ? null : clean(stack, MAX_STACK) };
}

/**
 * Counts one failed attempt of `group` at `eventId`, in a statement of its own (the handler's transaction
 * has rolled back): the row is created on the first failure and parked on the `maxAttempts`-th. Answers
 * the attempts so far and whether the group must move on (`parked`).
 */
export async function recordFailedAttempt(
  db: Db,
  {
    group,
    eventId,
    maxAttempts,
    failure,
  }: { group: string; eventId: string; maxAttempts: number; failure: FailureReport },
): Promise<{ attempts: number; state: FailedEventState }> {
  const { rows } = (await db.raw(
    `insert into failed_events as f
       (group_name, event_id, status, attempts, error, stack, parked_at)
     values (:group, :eventId, case when 1 >= :max then 'parked' else 'retrying' end, 1, :error, :stack,
             case when 1 >= :max then now() end)
     on conflict (group_name, event_id) do update set
       attempts = f.attempts + 1,
       error = excluded.error,
       stack = excluded.stack,
       last_failed_at = now(),
       status = case when f.attempts + 1 >= :max then 'parked' else 'retrying' end,
       parked_at = case when f.attempts + 1 >= :max then coalesce(f.parked_at, now()) else f.parked_at end
     returning attempts, status`,
    { group, eventId, max: maxAttempts, error: failure.error, stack: failure.stack },
  )) as { rows: { attempts: number; status: FailedEventState }[] };
  const row = rows[0]!;
  return { attempts: Number(row.attempts), state: row.status };
}

export type ReplayRequest =
  | { outcome: 'requested'; id: string; event: StoredEvent }
  | { outcome: 'missing' }
  | { outcome: 'not parked'; state: Exclude<FailedEventState, 'parked'> };

/**
 * An admin's replay of a parked event, in the caller's transaction: the row becomes `replay_requested`
 * and `failedEvent.replayRequested` is appended, so the group's own consumer delivers the event again
 * (workers never poll state tables for work). Only a parked row can be replayed.
 */
export async function requestReplay(
  trx: DbTransaction,
  id: string,
  actorId: string | null,
): Promise<ReplayRequest> {
  const row = await trx('failed_events').where({ id }).forUpdate().first();
  if (!row) return { outcome: 'missing' };
  if (row.status !== 'parked') {
    return { outcome: 'not parked', state: row.status as Exclude<FailedEventState, 'parked'> };
  }
  await trx('failed_events')
    .where({ id })
    .update({ status: 'replay_requested', replayRequestedAt: trx.fn.now(), replayRequestedBy: actorId });
  const event = await appendEvent(trx, {
    type: 'failedEvent.replayRequested',
    aggregateId: id,
    actorId,
    payload: { group: String(row.groupName), eventId: String(row.eventId) },
  });
  return { outcome: 'requested', id, event };
}

/**
 * The worker's side of a replay, in the transaction that handles the request: the dead letter (locked)
 * and its event when it still waits for a replay by `group`; null when there is nothing to do (already
 * replayed by an earlier delivery of the request, or not this group's).
 */
export async function takeReplayRequest(
  trx: DbTransaction,
  id: string,
  group: string,
): Promise<PositionedEvent | null> {
  const row = await trx('failed_events')
    .where({ id, groupName: group, status: 'replay_requested' })
    .forUpdate()
    .first('eventId');
  if (!row) return null;
  const event = await trx('events').where({ id: row.eventId }).first();
  return event ? (toStoredEvent(event) as PositionedEvent) : null;
}

/** The replay handled the event: the dead letter is done. */
export async function markReplayed(trx: DbTransaction, id: string): Promise<void> {
  await trx('failed_events').where({ id }).update({ status: 'replayed', replayedAt: trx.fn.now() });
}

/** The replay failed: parked again, with one more attempt and the new error. */
export async function markReplayFailed(
  trx: DbTransaction,
  id: string,
  failure: FailureReport,
): Promise<void> {
  await trx('failed_events')
    .where({ id })
    .update({
      status: 'parked',
      attempts: trx.raw('attempts + 1'),
      error: failure.error,
      stack: failure.stack,
      lastFailedAt: trx.fn.now(),
    });
}

/** Per consumer group: how many events it parked, and how many it is retrying now. */
export async function failedEventCounts(
  db: Db,
): Promise<Record<string, { parked: number; retrying: number }>> {
  const rows: { groupName: string; status: FailedEventState; n: number }[] = await db('failed_events')
    .whereIn('status', ['parked', 'retrying'])
    .groupBy('groupName', 'status')
    .select('groupName', 'status')
    .count({ n: '*' });
  const counts: Record<string, { parked: number; retrying: number }> = {};
  for (const { groupName, status, n } of rows) {
    counts[groupName] ??= { parked: 0, retrying: 0 };
    counts[groupName][status as 'parked' | 'retrying'] = Number(n);
  }
  return counts;
}
