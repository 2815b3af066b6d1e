import { outboxSignal, toStoredEvent, type Db } from '@riffline/db';
import type { Logger } from 'pino';
import type { EventLog, LoggedEvent } from './log.ts';
import { pollLoop, type PollLoop } from './pollLoop.ts';

/** One relay at a time hands out positions: the log's order is the order positions become visible. */
const SEQUENCER_LOCK = 7_245_001;

/**
 * Moves committed outbox events onto the log, in commit order as the relay sees it. Under one
 * transaction-scoped lock it takes the events that have no position yet, numbers them from the single
 * sequence, publishes them and commits. Ids are not used as positions: bigserial ids commit out of
 * order, so an event with a smaller id can become visible after a larger one was already relayed; it
 * simply gets the next position. A failed publish rolls the numbering back and the batch is retried.
 */
export async function relayOnce(db: Db, log: EventLog, batchSize = 200): Promise<number> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [SEQUENCER_LOCK]);
    const rows = await trx('events').whereNull('position').orderBy('id').limit(batchSize);
    if (rows.length === 0) return 0;
    const { rows: numbers } = (await trx.raw(
      "select nextval('events_position_seq')::text as position from generate_series(1, ?)",
      [rows.length],
    )) as { rows: { position: string }[] };
    const positions = numbers.map((n) => BigInt(n.position)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const events: LoggedEvent[] = rows.map((row, i) => ({
      ...toStoredEvent(row),
      position: String(positions[i]),
    }));
    await trx.raw(
      `update events set position = u.position, published_at = now()
         from unnest(?::bigint[], ?::bigint[]) as u(id, position) where events.id = u.id`,
      [pgArray(events.map((e) => e.id)), pgArray(events.map((e) => e.position))],
    );
    await log.publish(events);
    return events.length;
  });
}

/** knex spreads array bindings into lists; an array literal of digits passes as one value. */
const pgArray = (numbers: string[]) => `{${numbers.join(',')}}`;

/**
 * Runs the relay until stopped: straight on while there is a backlog, at once when a transaction of
 * this process appended events, else every `idleMs` (events appended by another process).
 */
export function startRelay(
  db: Db,
  log: EventLog,
  logger: Logger,
  options: { idleMs?: number } = {},
): PollLoop {
  const batchSize = 200;
  const loop = pollLoop(
    async () => {
      const moved = await relayOnce(db, log, batchSize);
      if (moved > 0) log.published();
      return moved === batchSize ? 'more' : 'idle';
    },
    {
      idleMs: options.idleMs ?? 250,
      onError: (error, failures) =>
        logger.error({ err: error, failures }, 'relay: publishing failed, retrying'),
    },
  );
  const wake = () => loop.wake();
  outboxSignal.on('committed', wake);
  return {
    wake,
    async stop() {
      outboxSignal.off('committed', wake);
      await loop.stop();
    },
  };
}
