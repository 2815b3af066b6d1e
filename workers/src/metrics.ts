import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Registry } from 'prom-client';
import {
  deadLettersByType,
  mailBacklog,
  metricsAccess,
  outboxBacklog,
  type Config,
  type Db,
} from '@riffline/db';
import type { Logger } from 'pino';
import type { ConsumerGroup, LoggedEvent } from './events/log.ts';

export interface MetricSources {
  db: Db;
  logger: Logger;
  /** The consumer groups this process runs. */
  groups(): readonly string[];
  /** Per group, the events logged it has not read (what /health shows); null while the log is not open. */
  lags(): Promise<Record<string, number> | null>;
}

export interface WorkersMetrics {
  /** What `GET /metrics` of the workers answers (and the api's too when `make start` runs both). */
  registry: Registry;
  /** Wraps a group so that each event it is given is counted by type and outcome. */
  counted(group: ConsumerGroup): ConsumerGroup;
}

interface Snapshot {
  backlog: { events: number; oldestSeconds: number } | null;
  lags: Record<string, number> | null;
  deadLetters: { group: string; type: string; status: string; count: number }[] | null;
  mail: { pending: number; oldestSeconds: number; failed: number } | null;
}

/**
 * The workers' Prometheus metrics. Counters move as events are handled; gauges are read from the database
 * and the log when scraped, in one round per scrape however many gauges ask (nothing runs between
 * scrapes). A source that cannot answer (the database away) gives its gauges NaN, or no series for the
 * labelled ones, never a stale or a made-up 0.
 */
export function workersMetrics(sources: MetricSources): WorkersMetrics {
  const registry = new Registry();
  const { db, logger } = sources;

  const read = async <T>(what: string, source: () => Promise<T>): Promise<T | null> => {
    try {
      return await source();
    } catch (error) {
      logger.warn({ err: error }, `metrics: ${what} could not be read`);
      return null;
    }
  };
  let pending: Promise<Snapshot> | null = null;
  const snapshot = () =>
    (pending ??= (async () => {
      const [backlog, lags, deadLetters, mail] = await Promise.all([
        read('the outbox backlog', () => outboxBacklog(db)),
        read('consumer lag', () => sources.lags()),
        read('dead letters', () => deadLettersByType(db)),
        read('the mail backlog', () => mailBacklog(db)),
      ]);
      return { backlog, lags, deadLetters, mail };
    })().finally(() => {
      pending = null;
    }));

  /** A gauge set from the scrape's snapshot; reset first, so label sets that went away disappear. */
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    fill: (gauge: Gauge<L>, s: Snapshot) => void,
  ) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        const s = await snapshot();
        this.reset();
        fill(this, s);
      },
    });

  gauge(
    'riffline_outbox_backlog_events',
    'Committed events the relay has not put on the log yet',
    [],
    (g, s) => {
      g.set(s.backlog ? s.backlog.events : NaN);
    },
  );
  gauge(
    'riffline_relay_lag_seconds',
    'How long the oldest committed event not yet on the log has waited (0 when none waits)',
    [],
    (g, s) => {
      g.set(s.backlog ? s.backlog.oldestSeconds : NaN);
    },
  );
  gauge(
    'riffline_consumer_lag_events',
    'Per consumer group: events on the log it has not read yet',
    ['group'],
    (g, s) => {
      for (const group of sources.groups()) {
        const lag = s.lags?.[group];
        if (lag !== undefined) g.set({ group }, lag);
      }
    },
  );
  gauge(
    'riffline_events_parked',
    'Dead letters: events a consumer group gave up on, by group and event type (until replayed)',
    ['group', 'type'],
    (g, s) => {
      for (const row of s.deadLetters ?? []) {
        if (row.status !== 'retrying') g.inc({ group: row.group, type: row.type }, row.count);
      }
    },
  );
  gauge(
    'riffline_events_retrying',
    'Events a consumer group is retrying after its handler failed, by group and event type',
    ['group', 'type'],
    (g, s) => {
      for (const row of s.deadLetters ?? []) {
        if (row.status === 'retrying') g.inc({ group: row.group, type: row.type }, row.count);
      }
    },
  );
  gauge('riffline_mail_pending', 'Emails recorded by consumers and not sent yet', [], (g, s) => {
    g.set(s.mail ? s.mail.pending : NaN);
  });
  gauge(
    'riffline_mail_oldest_pending_seconds',
    'How long the oldest email not sent yet has waited (0 when none waits)',
    [],
    (g, s) => {
      g.set(s.mail ? s.mail.oldestSeconds : NaN);
    },
  );
  gauge('riffline_mail_failed', 'Emails given up after every attempt failed', [], (g, s) => {
    g.set(s.mail ? s.mail.failed : NaN);
  });

  const processed = new Counter({
    name: 'riffline_events_processed_total',
    help: 'Events given to a consumer group, by group, event type and outcome (handled, skipped: a repeat or none of its business, parked)',
    labelNames: ['group', 'type', 'outcome'] as const,
    registers: [registry],
  });

  return {
    registry,
    counted(group) {
      return {
        ...group,
        delivered(event: LoggedEvent, outcome) {
          processed.inc({ group: group.group, type: event.type, outcome });
          group.delivered?.(event, outcome);
        },
      };
    },
  };
}

/**
 * `GET /metrics` on the workers' health server: METRICS_TOKEN's bearer when one is set (401 without it),
 * else clients on this machine only (404 for others, as for any unknown path).
 */
export function serveMetrics(config: Pick<Config, 'metrics'>, registry: Registry, logger: Logger) {
  const json = (res: ServerResponse, status: number, message: string, headers = {}) =>
    res
      .writeHead(status, { 'content-type': 'application/json', ...headers })
      .end(JSON.stringify({ message }));
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const access = metricsAccess(config, {
      address: req.socket.remoteAddress,
      authorization: req.headers.authorization,
    });
    if (access === 'unauthorized')
      return void json(res, 401, 'Unauthorized', { 'www-authenticate': 'Bearer' });
    if (access === 'hidden') return void json(res, 404, 'Not Found');
    try {
      const text = await registry.metrics();
      res.writeHead(200, { 'content-type': registry.contentType }).end(text);
    } catch (error) {
      logger.error({ err: error }, 'metrics: the scrape failed');
      json(res, 500, 'Internal Server Error');
    }
  };
}
