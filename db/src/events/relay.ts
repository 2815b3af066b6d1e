import type { DbTransaction } from '../connection.ts';
import { toStoredEvent, type StoredEvent } from './append.ts';

/** An outbox event once the relay has given it its place in the log. */
export interface PositionedEvent extends StoredEvent {
  position: string;
}

/** One relay at a time hands out positions: the log's order is the order positions become visible. */
const SEQUENCER_LOCK = 7_245_001;

/**
 * The relay's step, inside its transaction: under one transaction-scoped lock, takes up to `batchSize`
 * committed events that have no position yet and numbers them from the single sequence. Ids are not used
 * as positions: bigserial ids commit out of order, so an event with a smaller id can become visible after
 * a larger one was already relayed; it simply gets the next position. The caller publishes the events
 * before committing; a rollback takes the numbering back.
 */
export async function positionNextEvents(trx: DbTransaction, batchSize: number): Promise<PositionedEvent[]> {
  if (!trx?.isTransaction)
    throw new Error('positionNextEvents must run inside a transaction (the relay step)');
  await lockSequencer(trx);
  const rows = await trx('events').whereNull('position').orderBy('id').limit(batchSize);
  if (rows.length === 0) return [];
  const { rows: numbers } = (await trx.raw(
    "select nextval('events_position_seq')::text as position from generate_series(1, ?)",
    [rows.length],
  )) as { rows: { position: string }[] };
  const positions = numbers.map((n) => BigInt(n.position)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const events = rows.map((row, i) => ({ ...toStoredEvent(row), position: String(positions[i]) }));
  await trx.raw(
    `update events set position = u.position, published_at = now()
       from unnest(?::bigint[], ?::bigint[]) as u(id, position) where events.id = u.id`,
    [pgArray(events.map((e) => e.id)), pgArray(events.map((e) => e.position))],
  );
  return events;
}

/** Holds the sequencer until the transaction ends: no relay positions or publishes events meanwhile. */
export async function lockSequencer(trx: DbTransaction): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?)', [SEQUENCER_LOCK]);
}

/** knex spreads array bindings into lists; an array literal of digits passes as one value. */
const pgArray = (numbers: string[]) => `{${numbers.join(',')}}`;
