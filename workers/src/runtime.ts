import {
  check,
  createMailer,
  isEmbedded,
  pingDatabase,
  type Config,
  type Db,
  type Mailer,
} from '@riffline/db';
import type { Logger } from 'pino';
import { kafkaLog } from './events/kafkaLog.ts';
import type { ConsumerGroup, EventLog, Subscription } from './events/log.ts';
import { postgresLog } from './events/postgresLog.ts';
import { pollLoop, type PollLoop } from './events/pollLoop.ts';
import { startRelay } from './events/relay.ts';
import { eventLogCheck } from './health.ts';
import { notifications } from './notifications/index.ts';

export interface WorkerDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Defaults to the configured SMTP server or the local outbox. */
  mailer?: Mailer;
}

export interface Workers {
  readonly eventLog: EventLog['kind'];
  health(): Promise<{ db: string; events: string }>;
  stop(): Promise<void>;
}

/** Opens the configured event log: Kafka when KAFKA_BROKERS is set, else the Postgres log. */
export function openEventLog(config: Pick<Config, 'kafka'>, db: Db, logger: Logger): Promise<EventLog> {
  return config.kafka.brokers.length
    ? kafkaLog(config, db, logger)
    : Promise.resolve(postgresLog(db, logger));
}

/**
 * Starts the event relay (outbox → log) and the consumer groups. Later features add their groups
 * (projections, exports, delivery) to `groups`. An event log that cannot be reached at start (a broker
 * still booting) is retried in the background while health reports it; nothing is lost meanwhile, the
 * events wait in the outbox.
 */
export async function startWorkers(deps: WorkerDeps): Promise<Workers> {
  const { config, db, logger } = deps;
  const mailer = deps.mailer ?? createMailer(config);
  const groups: ConsumerGroup[] = [notifications(mailer, config)];
  let running: { log: EventLog; relay: PollLoop; subscriptions: Subscription[] } | null = null;

  const starting = pollLoop(
    async () => {
      if (running) return 'idle';
      const log = await openEventLog(config, db, logger);
      const subscriptions: Subscription[] = [];
      try {
        for (const group of groups) subscriptions.push(await log.subscribe(group));
      } catch (error) {
        await log.close().catch(() => undefined);
        throw error;
      }
      // Embedded PGlite is only ever written by this process, whose commits wake the relay at once.
      const relay = startRelay(db, log, logger, { idleMs: isEmbedded(db) ? 2_000 : 250 });
      running = { log, relay, subscriptions };
      logger.info({ eventLog: log.kind, consumers: groups.map((g) => g.group) }, 'workers started');
      return 'idle';
    },
    {
      idleMs: 1_000,
      onError: (error, failures) =>
        logger.error({ err: error, failures }, 'workers: the event log is not reachable yet'),
    },
  );
  const events = eventLogCheck(config, db);
  return {
    eventLog: config.kafka.brokers.length ? 'kafka' : 'postgres',
    async health() {
      const [dbState, ev] = await Promise.all([check(() => pingDatabase(db)), check(events)]);
      return { db: dbState, events: ev };
    },
    async stop() {
      await starting.stop();
      const current = running as typeof running;
      if (current) {
        await current.relay.stop();
        await Promise.all(current.subscriptions.map((s) => s.stop()));
        await current.log.close();
      }
      if (!deps.mailer) mailer.close();
      logger.info('workers stopped');
    },
  };
}
