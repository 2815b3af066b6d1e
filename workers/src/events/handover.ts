import {
  advancePositionForHandover,
  eventsUnreadByGroups,
  lockEventLogState,
  saveEventLogKind,
  type Db,
} from '@riffline/db';
import type { Logger } from 'pino';
import type { ConsumerGroup, EventLog } from './log.ts';

const REPUBLISH_BATCH = 500;

/**
 * Hands the events over when the workers start on another log than the one the outbox was last relayed
 * to (KAFKA_BROKERS set or unset since), before the relay or any consumer starts, in one transaction that
 * holds the relay's sequencer (no other relay moves events meanwhile):
 * - Postgres log → Kafka: the events some group has not read on the Postgres log are published to Kafka
 *   (in log order, before anything newer); what a group already handled it skips (processed_events).
 * - Kafka → Postgres log: each group's stored position, stale since it last read there, moves to just
 *   before the first event it still has to handle, so nothing handled on Kafka is handled again, even
 *   once its processed-event mark is gone.
 * The log is recorded (`event_log_state`) in the same transaction: a crash before the commit hands over
 * again, and a second hand-over changes nothing.
 */
export async function handOver(
  db: Db,
  log: EventLog,
  groups: readonly ConsumerGroup[],
  logger: Logger,
  { processedDays }: { processedDays: number },
): Promise<void> {
  await db.transaction(async (trx) => {
    const previous = await lockEventLogState(trx);
    if (previous === log.kind) return;
    if (previous === 'postgres' && log.kind === 'kafka') {
      let after: string | null = null;
      let published = 0;
      for (;;) {
        const events = await eventsUnreadByGroups(
          trx,
          groups.map((g) => g.group),
          after,
          REPUBLISH_BATCH,
        );
        if (!events.length) break;
        await log.publisher?.publish(events);
        published += events.length;
        after = events.at(-1)!.position;
      }
      logger.info({ published }, 'event log: handed over from the Postgres log to Kafka');
    } else if (previous === 'kafka' && log.kind === 'postgres') {
      const positions: Record<string, string> = {};
      for (const group of groups) {
        // Every group handles the replay requests addressed to it (handleOnce).
        const types = [...Object.keys(group.handlers), 'failedEvent.replayRequested'];
        positions[group.group] = await advancePositionForHandover(trx, group.group, types, processedDays);
      }
      logger.info({ positions }, 'event log: handed over from Kafka to the Postgres log');
    }
    await saveEventLogKind(trx, log.kind);
  });
}
