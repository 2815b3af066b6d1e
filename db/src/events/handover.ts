import type { DbTransaction } from '../connection.ts';
import { toStoredEvent } from './append.ts';
import { readConsumerPosition, saveConsumerPosition } from './positions.ts';
import { lockSequencer, type PositionedEvent } from './relay.ts';

/** The event logs the relay can publish to. */
export type EventLogKind = 'postgres' | 'kafka';

/**
 * In the handover's transaction: holds the relay's sequencer (no relay positions or publishes meanwhile)
 * and the `event_log_state` row, and answers the log the outbox was last relayed to (null: none recorded).
 */
export async function lockEventLogState(trx: DbTransaction): Promise<EventLogKind | null> {
  if (!trx?.isTransaction) throw new Error('lockEventLogState must run inside a transaction');
  await lockSequencer(trx);
  const row = await trx('event_log_state').forUpdate().first();
  return row ? (row.kind as EventLogKind) : null;
}

export async function saveEventLogKind(trx: DbTransaction, kind: EventLogKind): Promise<void> {
  await trx('event_log_state')
    .insert({ id: true, kind, changedAt: trx.fn.now() })
    .onConflict('id')
    .merge(['kind', 'changed_at']);
}

/**
 * Postgres log → Kafka: the logged events that one of `groups` has not read yet on the Postgres log (after
 * the smallest of their stored positions; '0' for a group that has none), `limit` at a time after `after`,
 * in log order. They go to Kafka again; a group that already handled one skips it (processed_events).
 */
export async function eventsUnreadByGroups(
  trx: DbTransaction,
  groups: readonly string[],
  after: string | null,
  limit: number,
): Promise<PositionedEvent[]> {
  let from = after;
  if (from === null) {
    const positions = await Promise.all(groups.map((g) => readConsumerPosition(trx, g)));
    from = positions.reduce((min, p) => (BigInt(p) < BigInt(min) ? p : min), positions[0] ?? '0');
  }
  const rows = await trx('events').where('position', '>', from).orderBy('position').limit(limit);
  return rows.map((row) => toStoredEvent(row) as PositionedEvent);
}

/**
 * Kafka → Postgres log: moves `group`'s stored position on the Postgres log (stale since it last read
 * there) to just before the first event it still has to handle: one of the `types` it handles, after its
 * position, not handled (no processed_events mark), not parked, and recent enough that a missing mark can
 * only mean it was not handled (marks go after `processedDays`; Kafka keeps events a day). Past every
 * logged event when there is none. Answers the new position.
 */
export async function advancePositionForHandover(
  trx: DbTransaction,
  group: string,
  types: readonly string[],
  processedDays: number,
): Promise<string> {
  const stored = await readConsumerPosition(trx, group);
  const since = new Date(Date.now() - processedDays * 86_400_000);
  const { rows } = (await trx.raw(
    `select coalesce(
       (select min(e.position) - 1 from events e
         where e.position > :stored and e.type = any(cast(:types as text[])) and e.occurred_at >= :since
           and not exists (select 1 from processed_events p where p.group_name = :group and p.event_id = e.id)
           and not exists (select 1 from failed_events f where f.group_name = :group and f.event_id = e.id
                             and f.status in ('parked', 'replay_requested'))),
       (select max(position) from events),
       0)::text as position`,
    { stored, types: `{${types.map((t) => `"${t}"`).join(',')}}`, since, group },
  )) as { rows: { position: string }[] };
  const position = BigInt(rows[0]!.position) > BigInt(stored) ? rows[0]!.position : stored;
  await saveConsumerPosition(trx, group, position);
  return position;
}
