import type { Db } from '../connection.ts';

/**
 * What /metrics reads about the outbox and the dead letters, at scrape time (aggregates over small sets:
 * the events not yet relayed use the partial index on unpositioned events; dead letters are few).
 */

/** Committed events the relay has not put on the log yet, and how long the oldest has waited (seconds). */
export async function outboxBacklog(db: Db): Promise<{ events: number; oldestSeconds: number }> {
  const { rows } = (await db.raw(
    `select count(*) as events,
            coalesce(extract(epoch from now() - min(occurred_at)), 0) as oldest_seconds
       from events where position is null`,
  )) as { rows: { events: string | number; oldest_seconds: string | number }[] };
  return { events: Number(rows[0]?.events ?? 0), oldestSeconds: Number(rows[0]?.oldest_seconds ?? 0) };
}

/** Dead letters by consumer group, event type and state (`parked`, `retrying`, `replay_requested`). */
export async function deadLettersByType(
  db: Db,
): Promise<{ group: string; type: string; status: string; count: number }[]> {
  const rows: { groupName: string; type: string; status: string; n: number | string }[] = await db(
    'failed_events as f',
  )
    .join('events as e', 'e.id', 'f.eventId')
    .whereIn('f.status', ['parked', 'retrying', 'replay_requested'])
    .groupBy('f.groupName', 'e.type', 'f.status')
    .select('f.groupName', 'e.type', 'f.status')
    .count({ n: '*' });
  return rows.map((r) => ({ group: r.groupName, type: r.type, status: r.status, count: Number(r.n) }));
}
