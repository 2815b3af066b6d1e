import type { DbTransaction } from '../connection.ts';

/**
 * Records in `processed_events` that `group` handles `eventId`, inside the transaction of the handler's
 * writes, so both commit together. False when the group already handled it (a redelivery) or parked it
 * (a parked event is handled again only by a replay: claimForReplay). In the same statement it takes away
 * the event's `retrying` row, so a retry that succeeds leaves no dead letter behind (and a rollback keeps
 * it).
 */
export async function claimEvent(trx: DbTransaction, group: string, eventId: string): Promise<boolean> {
  if (!trx?.isTransaction) throw new Error('claimEvent must run inside the transaction of the handler');
  const { rows } = (await trx.raw(
    `with recovered as (
       delete from failed_events where group_name = :group and event_id = :eventId and status = 'retrying'
     )
     insert into processed_events (group_name, event_id)
     select cast(:group as text), cast(:eventId as bigint)
      where not exists (
        select 1 from failed_events
         where group_name = :group and event_id = :eventId and status in ('parked', 'replay_requested'))
     on conflict (group_name, event_id) do nothing
     returning event_id`,
    { group, eventId },
  )) as { rows: unknown[] };
  return rows.length > 0;
}

/**
 * claimEvent for a batch, in one statement: the ids of `eventIds` that `group` now handles (not handled
 * before, not parked), their `retrying` rows taken away. Inside the transaction of the handlers' writes.
 */
export async function claimEvents(
  trx: DbTransaction,
  group: string,
  eventIds: readonly string[],
): Promise<Set<string>> {
  if (!trx?.isTransaction) throw new Error('claimEvents must run inside the transaction of the handlers');
  if (!eventIds.length) return new Set();
  if (!eventIds.every((id) => /^\d+$/.test(id))) throw new Error('event ids are whole numbers');
  const ids = `{${[...new Set(eventIds)].join(',')}}`;
  const { rows } = (await trx.raw(
    `with recovered as (
       delete from failed_events
        where group_name = :group and event_id = any(cast(:ids as bigint[])) and status = 'retrying'
     )
     insert into processed_events (group_name, event_id)
     select cast(:group as text), claimed.event_id from unnest(cast(:ids as bigint[])) as claimed(event_id)
      where not exists (
        select 1 from failed_events f
         where f.group_name = :group and f.event_id = claimed.event_id
           and f.status in ('parked', 'replay_requested'))
     on conflict (group_name, event_id) do nothing
     returning event_id`,
    { group, ids },
  )) as { rows: Array<{ event_id?: unknown; eventId?: unknown }> };
  return new Set(rows.map((r) => String(r.eventId ?? r.event_id)));
}

/** A replay's claim: the same `processed_events` row, whatever the dead letter says. */
export async function claimForReplay(trx: DbTransaction, group: string, eventId: string): Promise<boolean> {
  if (!trx?.isTransaction) throw new Error('claimForReplay must run inside the transaction of the handler');
  const claimed = await trx('processed_events')
    .insert({ groupName: group, eventId })
    .onConflict(['group_name', 'event_id'])
    .ignore()
    .returning('eventId');
  return claimed.length > 0;
}
