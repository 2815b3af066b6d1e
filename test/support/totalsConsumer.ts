/**
 * A consumer process of its own, for the crash tests (run it with runEntry and kill it): the consumer
 * group `totals` on the configured event log, whose handler adds one, per event, to the running total of
 * its type and aggregate in `event_totals` (a table the test creates: type, aggregate_id, applied, with
 * the first two as primary key). The totals are additive, so an event applied twice shows as a 2 and a
 * lost one as a missing row, which a projection written by natural keys (mail by Message-ID) would hide.
 * It opens the log until it can (the broker may still be starting) and stops on SIGTERM.
 */
import { setTimeout as pause } from 'node:timers/promises';
import pino from 'pino';
import { eventSchemas, type EventType } from '../../contracts/src/index.ts';
import { connect, loadConfigOrExit, stopOnSignals, type DbTransaction } from '../../db/src/index.ts';
import type { ConsumerGroup, EventHandler, EventLog } from '../../workers/src/events/log.ts';
import { openEventLog } from '../../workers/src/runtime.ts';

const TOTALS_GROUP = 'totals';

const add: EventHandler<EventType> = async (event, trx: DbTransaction) => {
  await trx.raw(
    `insert into event_totals (type, aggregate_id, applied) values (?, ?, 1)
     on conflict (type, aggregate_id) do update set applied = event_totals.applied + 1`,
    [event.type, event.aggregateId],
  );
};

const totals: ConsumerGroup = {
  group: TOTALS_GROUP,
  handlers: Object.fromEntries(Object.keys(eventSchemas).map((type) => [type, add])),
};

const config = loadConfigOrExit();
const logger = pino({ name: 'totals', level: config.logLevel });
const db = connect(config);
let log: EventLog | undefined;
let stopping = false;
stopOnSignals(logger, async () => {
  stopping = true;
  await log?.close();
  await db.destroy();
});

while (!stopping && !log) {
  let opened: EventLog | undefined;
  try {
    opened = await openEventLog(config, db, logger);
    await opened.subscriber.subscribe(totals);
    log = opened;
    logger.info({ eventLog: log.kind }, 'totals consumer started');
  } catch (error) {
    logger.warn({ err: error }, 'totals consumer: the event log is not reachable yet');
    await opened?.close().catch(() => undefined);
    await pause(1_000);
  }
}
