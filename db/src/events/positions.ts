import type { Db } from '../connection.ts';
import { toStoredEvent } from './append.ts';
import type { PositionedEvent } from './relay.ts';

/** The Postgres log is the outbox itself: consumers tail `events` by position (never by id). */
const STREAM = 'events';

/** How far a consumer group has read the log ('0' before its first event). */
export async function readConsumerPosition(db: Db, group: string): Promise<string> {
  const row = await db('consumer_positions').where({ groupName: group, stream: STREAM }).first();
  return row ? String(row.position) : '0';
}

export async function saveConsumerPosition(db: Db, group: string, position: string): Promise<void> {
  await db('consumer_positions')
    .insert({ groupName: group, stream: STREAM, position, updatedAt: db.fn.now() })
    .onConflict(['group_name', 'stream'])
    .merge(['position', 'updated_at']);
}

/** The next `limit` events of the log after `position`, in log order. */
export async function eventsAfterPosition(
  db: Db,
  position: string,
  limit: number,
): Promise<PositionedEvent[]> {
  const rows = await db('events').where('position', '>', position).orderBy('position').limit(limit);
  return rows.map((row) => toStoredEvent(row) as PositionedEvent);
}

/** How many logged events `group` has still to read on the Postgres log (its consumer lag). */
export async function consumerLag(db: Db, group: string): Promise<number> {
  const position = await readConsumerPosition(db, group);
  const row = await db('events').where('position', '>', position).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
