import {
  check,
  createMailer,
  createStorage,
  failedEventCounts,
  isEmbedded,
  pingDatabase,
  type Config,
  type Db,
  type Mailer,
  type Storage,
} from '@riffline/db';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { handOver } from './events/handover.ts';
import { kafkaLog } from './events/kafkaLog.ts';
import { retryPolicy } from './events/deliver.ts';
import type { ConsumerGroup, EventLog, Subscription } from './events/log.ts';
import { postgresLog } from './events/postgresLog.ts';
import { pollLoop, type PollLoop } from './events/pollLoop.ts';
import { startRelay } from './events/relay.ts';
import { readAcknowledgements } from './delivery/acknowledgements.ts';
import { deliveryGroup } from './delivery/index.ts';
import { exportsGroup } from './exports/index.ts';
import { eventLogCheck } from './health.ts';
export { healthy } from './health.ts';
import { notifications } from './notifications/index.ts';
import { startMailDelivery, type MailDeliveryOptions } from './notifications/mailDelivery.ts';
import { workersMetrics } from './metrics.ts';
import { storeReports } from './storeReports/index.ts';
import { smartLinkStats } from './smartlinks/index.ts';
import { stats } from './stats/index.ts';

export interface WorkerDeps {
  config: Config;
  db: Db;
  logger: Logger;
  /** Defaults to the configured SMTP server or the local outbox. */
  mailer?: Mailer;
  /** Tests shorten the mail delivery's pauses. */
  mailDelivery?: MailDeliveryOptions;
  /** Where uploaded store reports are read from and exports written; defaults to the configured storage. */
  storage?: Storage;
}

/** Per consumer group: events logged it has not read yet (null: the log cannot say now), and dead letters. */
export interface ConsumerHealth {
  lag: number | null;
  parked: number;
  retrying: number;
}

export interface WorkersHealth {
  db: string;
  events: string;
  consumers: Record<string, ConsumerHealth>;
}

export interface Workers {
  readonly eventLog: EventLog['kind'];
  /** Their Prometheus metrics (GET /metrics). */
  readonly metrics: Registry;
  health(): Promise<WorkersHealth>;
  stop(): Promise<void>;
}

/** Opens the configured event log: Kafka when KAFKA_BROKERS is set, else the Postgres log. */
export function openEventLog(
  config: Pick<Config, 'kafka' | 'workers'>,
  db: Db,
  logger: Logger,
): Promise<EventLog> {
  const retry = retryPolicy(config.workers.maxEventAttempts);
  return config.kafka.brokers.length
    ? kafkaLog(config, db, logger, { retry })
    : Promise.resolve(postgresLog(db, logger, { retry }));
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
  // Sends the mail consumers record, after their commits; first whatever a crash or a stop left.
  const mail = startMailDelivery(db, mailer, logger, deps.mailDelivery);
  const metrics = workersMetrics({
    db,
    logger,
    groups: () => groups.map((g) => g.group),
    lags: async () => (running ? running.log.subscriber.lags(groups.map((g) => g.group)) : null),
  });
  const storage = deps.storage ?? createStorage(config);
  const groups: ConsumerGroup[] = [
    notifications(config, () => mail.wake()),
    storeReports({ db, storage, logger, config }),
    exportsGroup({ db, storage, logger, config }),
    deliveryGroup({ db, storage, logger, config }),
    stats(),
    smartLinkStats(),
  ].map(metrics.counted);
  let running: { log: EventLog; relay: PollLoop; subscriptions: Subscription[] } | null = null;

  const starting = pollLoop(
    async () => {
      if (running) return 'idle';
      const log = await openEventLog(config, db, logger);
      try {
        await handOver(db, log, groups, logger, { processedDays: config.retention.processedDays });
      } catch (error) {
        await log.close().catch(() => undefined);
        throw error;
      }
      // The relay publishes as soon as the log answers, whatever the consumers do: after a crash a
      // Kafka consumer's rejoin waits for its dead member's session to lapse (about 30 s), and the
      // events committed meanwhile need not wait with it (a new group reads its topics from the start).
      // Embedded PGlite is only ever written by this process, whose commits wake the relay at once.
      const relay = startRelay(db, log, logger, { idleMs: isEmbedded(db) ? 2_000 : 1_000 });
      const subscriptions: Subscription[] = [];
      try {
        for (const group of groups) subscriptions.push(await log.subscriber.subscribe(group));
      } catch (error) {
        await Promise.all(subscriptions.map((s) => s.stop().catch(() => undefined)));
        await relay.stop();
        await log.close().catch(() => undefined);
        throw error;
      }
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
  // The stores' acknowledgements are read from their drop boxes (not an event: the stores write them).
  const acknowledgements = pollLoop(
    async () => {
      await readAcknowledgements({ db, config, logger });
      return 'idle';
    },
    {
      idleMs: config.delivery.ackPollMs,
      onError: (error) => logger.error({ err: error }, "the stores' acknowledgements could not be read"),
    },
  );
  const events = eventLogCheck(config, db);
  return {
    eventLog: config.kafka.brokers.length ? 'kafka' : 'postgres',
    metrics: metrics.registry,
    async health() {
      const names = groups.map((g) => g.group);
      let lags: Record<string, number> = {};
      let counts: Awaited<ReturnType<typeof failedEventCounts>> = {};
      const [dbState, ev] = await Promise.all([
        check(() => pingDatabase(db)),
        check(events),
        check(async () => {
          counts = await failedEventCounts(db);
        }),
        check(async () => {
          const log = (running as typeof running)?.log;
          if (log) lags = await log.subscriber.lags(names);
        }),
      ]);
      const consumers: Record<string, ConsumerHealth> = {};
      for (const name of names) {
        consumers[name] = {
          lag: lags[name] ?? null,
          parked: counts[name]?.parked ?? 0,
          retrying: counts[name]?.retrying ?? 0,
        };
      }
      return { db: dbState, events: ev, consumers };
    },
    async stop() {
      await Promise.all([starting.stop(), acknowledgements.stop()]);
      const current = running as typeof running;
      if (current) {
        await current.relay.stop();
        await Promise.all(current.subscriptions.map((s) => s.stop()));
        await current.log.close();
      }
      await mail.stop();
      if (!deps.mailer) mailer.close();
      logger.info('workers stopped');
    },
  };
}
