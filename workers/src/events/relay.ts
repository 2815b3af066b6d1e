import { listenForOutbox, onOutboxCommit, positionNextEvents, type Db } from '@riffline/db';
import type { Logger } from 'pino';
import type { EventLog } from './log.ts';
import { pollLoop, type PollLoop } from './pollLoop.ts';

/**
 * Events a relay step takes at most. A step costs a transaction, a few statements and (Kafka) one
 * acknowledged send whatever its size, so a backlog drains faster in large steps (docs/benchmarks.md). At
 * a steady trickle a step takes what has committed since the last, a few events.
 */
export const RELAY_BATCH = 1_000;

/**
 * Moves committed outbox events onto the log, in commit order as the relay sees it: in one transaction
 * the next batch gets its positions from the single sequencer (db's `positionNextEvents`), is published
 * (Kafka; on the Postgres log being positioned is being published), and commits; then the log's own
 * consumers, if it has any to wake, are woken. A failed publish rolls the numbering back and the batch is retried.
 */
export async function relayOnce(db: Db, log: EventLog, batchSize = RELAY_BATCH): Promise<number> {
  const moved = await db.transaction(async (trx) => {
    const events = await positionNextEvents(trx, batchSize);
    if (events.length) await log.publisher?.publish(events);
    return events.length;
  });
  if (moved > 0) log.wakeConsumers?.();
  return moved;
}

/**
 * Runs the relay until stopped: straight on while there is a backlog, at once when a transaction that
 * appended events commits — in this process, on the same database (`onOutboxCommit`) or, on PostgreSQL, in any other (LISTEN on
 * the outbox channel) — and every `idleMs` besides, should a notification be missed.
 */
export function startRelay(
  db: Db,
  log: EventLog,
  logger: Logger,
  options: { idleMs?: number } = {},
): PollLoop {
  const loop = pollLoop(
    async () => {
      const moved = await relayOnce(db, log);
      return moved === RELAY_BATCH ? 'more' : 'idle';
    },
    {
      idleMs: options.idleMs ?? 250,
      onError: (error, failures) =>
        logger.error({ err: error, failures }, 'relay: publishing failed, retrying'),
    },
  );
  const wake = () => loop.wake();
  const stopHearing = onOutboxCommit(db, wake);
  const listener = listenForOutbox(db, wake, (err) =>
    logger.warn({ err }, 'relay: listening for new events failed; polling meanwhile'),
  );
  return {
    wake,
    async stop() {
      stopHearing();
      await listener.close();
      await loop.stop();
    },
  };
}
