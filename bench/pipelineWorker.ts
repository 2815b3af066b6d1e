/**
 * The workers side of `make bench-pipeline`, a process of its own as in production: the relay (woken
 * across processes by PostgreSQL's LISTEN/NOTIFY) and one consumer group, `bench`, on the configured log
 * (Kafka when KAFKA_BROKERS is set, else the Postgres log), whose projection writes each event's id and
 * the database's clock when it handles it into `bench_projection` (a table the bench creates). Prints
 * `ready` once subscribed; stops on SIGTERM.
 */
import pino from 'pino';
import { eventSchemas, type EventType } from '../contracts/src/index.ts';
import { connect, loadConfigOrExit, stopOnSignals } from '../db/src/index.ts';
import type { ConsumerGroup, EventHandler, TypedEvent } from '../workers/src/events/log.ts';
import { startRelay } from '../workers/src/events/relay.ts';
import { openEventLog } from '../workers/src/runtime.ts';

const project: EventHandler<EventType> = async (event, trx) => {
  await trx.raw('insert into bench_projection (event_id, projected_at) values (?, clock_timestamp())', [
    event.id,
  ]);
};

// A projection's bulk path, as the stats group has one: a batch's rows in one statement.
const group: ConsumerGroup = {
  group: 'bench',
  handlers: Object.fromEntries(Object.keys(eventSchemas).map((type) => [type, project])),
  handleBatch: async (events, trx) => {
    if (process.env.BENCH_PIPELINE_ONE_BY_ONE) {
      for (const event of events) await project(event as TypedEvent<EventType>, trx);
      return;
    }
    const at = trx.raw('clock_timestamp()');
    await trx('bench_projection').insert(events.map((e) => ({ eventId: e.id, projectedAt: at })));
  },
};

const config = loadConfigOrExit();
const logger = pino({ name: 'bench-pipeline', level: config.logLevel });
const db = connect(config);
const log = await openEventLog(config, db, logger);
const relay = startRelay(db, log, logger, { idleMs: 1_000 });
const subscription = await log.subscriber.subscribe(group);
stopOnSignals(logger, async () => {
  await relay.stop();
  await subscription.stop();
  await log.close();
  await db.destroy();
});
console.log('ready');
