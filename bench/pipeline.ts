/**
 * `make bench-pipeline`: the event pipeline and the store-report import, on the machine's PostgreSQL
 * (a fresh database per part) and, when a broker can start here, on Kafka (infra/kafka).
 * It prints its report and writes it into docs/benchmarks.md (bench/book.ts); it never fails the build.
 *
 * - Commit → projection latency: this process commits one event per transaction at a steady 200 events/s
 *   (as the API would); a workers process of its own (bench/pipelineWorker.ts: the relay, woken across
 *   processes by LISTEN/NOTIFY, and one consumer group) writes each event into a projection table with the
 *   database's clock. Latency is that time less the moment the commit returned here, p50 and p99.
 * - Sustained events/s: a backlog of events committed while the workers are down, drained once they start
 *   (relay and consumer together), from the first event projected to the last.
 * - Import: a generated 1,000,000-line DDEX DSR file and a 1,000,000-line CSV, each through the workers'
 *   importer (the file streamed and read by its format's reader, the usage lines checked and staged by COPY,
 *   then set-based SQL), beside a raw `COPY` of the same bytes into an unlogged table:
 *   lines per second each, and where the import's time goes (the file loop, then the SQL statement by
 *   statement), timed from outside the importer by the statements it issues.
 * - Kafka's baseline: raw kafkajs on the same broker, the same two measurements (bench/rawKafka.ts).
 * - Delivery: a release delivered to an SFTP drop box by the workers' delivery group beside a raw
 *   `sftp put` of the same files (bench/delivery.ts).
 * Each table gets a chart (bench/charts.ts), written beside the book with it.
 *
 * BENCH_SECONDS (default 10) sets the latency run's length, BENCH_PIPELINE_EVENTS (20,000) the backlog,
 * BENCH_IMPORT_LINES (1,000,000; 0 skips the import) each file's size, BENCH_PIPELINE_LOGS (postgres,kafka)
 * the logs to run, BENCH_DELIVERY_MB (100; 0 skips the delivery) the delivered release's audio. The consumer group writes a batch's rows in one statement (its bulk path, as the stats
 * group's); BENCH_PIPELINE_ONE_BY_ONE=1 makes it write a row per event instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import pino from 'pino';
import { pipeline } from 'node:stream/promises';
import { aggregateOf } from '../contracts/src/index.ts';
import {
  appendEvent,
  connect,
  loadConfig,
  localStorage,
  migrateLatest,
  StoreReport,
  type Db,
} from '../db/src/index.ts';
import { javaToolchainPresent, startKafka, type KafkaBroker } from '../infra/kafka/kafka.ts';
import { createDatabase, dropDatabase, testServerUrl, uniqueName } from '../test/support/database.ts';
import { buildAdmin, buildArtist } from '../test/support/factories.ts';
import { runEntry, type Proc } from '../test/support/processes.ts';
import { dsrStream, manyBlocks, type DsrSummary } from '../test/support/dsrFile.ts';
import {
  buildCatalogue,
  storeReport,
  uniqueIdentifiers,
  type CatalogueRelease,
} from '../test/support/storeReport.ts';
import { chartLink, heading, postgresVersion, table, writeSection } from './book.ts';
import { barChart, type Bar, type Chart, type ChartSpec } from './charts.ts';
import { measureDelivery, type DeliveryResult } from './delivery.ts';
import { measureRawKafka, type RawKafkaResult } from './rawKafka.ts';
import { importStoreReport, type ImportDeps } from '../workers/src/storeReports/importer.ts';
import { readReportFile } from '../workers/src/storeReports/read.ts';
import type { ReportSink } from '../workers/src/storeReports/usage.ts';

/** The full run's settings: another value makes a partial run, and the book says so. */
const DEFAULTS = { seconds: 10, events: 20_000, lines: 1_000_000, logs: 'postgres,kafka', deliveryMb: 100 };
const seconds = Number(process.env.BENCH_SECONDS ?? DEFAULTS.seconds);
const RATE = 200;
const BACKLOG = Number(process.env.BENCH_PIPELINE_EVENTS ?? DEFAULTS.events);
const IMPORT_LINES = Number(process.env.BENCH_IMPORT_LINES ?? DEFAULTS.lines);
const LOGS = (process.env.BENCH_PIPELINE_LOGS ?? DEFAULTS.logs).split(',').map((s) => s.trim());
const DELIVERY_MB = Number(process.env.BENCH_DELIVERY_MB ?? DEFAULTS.deliveryMb);
/** The delivered release's tracks (its audio shared between them) and the runs of each side. */
const DELIVERY_TRACKS = 10;
const DELIVERY_RUNS = 3;
const TYPE = 'newsletter.subscribed' as const;

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const fmt = (n: number, digits = 1) => n.toLocaleString('en-US', { maximumFractionDigits: digits });

/** A database of its own, migrated; dropped by the returned close. */
async function freshDatabase(prefix: string) {
  const server = testServerUrl();
  const name = uniqueName(prefix);
  const url = await createDatabase(server, name);
  const db = connect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }));
  await migrateLatest(db);
  return {
    db,
    url,
    async close() {
      await db.destroy();
      await dropDatabase(server, name);
    },
  };
}

async function startWorker(env: Record<string, string>): Promise<Proc> {
  // BENCH_PROFILE=<dir>: a CPU profile of each run of the workers' process (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE;
  const worker = runEntry('bench/pipelineWorker.ts', {
    ...env,
    ...(profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(profile)}` } : {}),
  });
  const deadline = Date.now() + 120_000;
  while (!worker.output().includes('ready')) {
    if (worker.child.exitCode !== null) throw new Error(`the bench worker exited:\n${worker.output()}`);
    if (Date.now() > deadline) throw new Error(`the bench worker did not start:\n${worker.output()}`);
    await sleep(50);
  }
  return worker;
}

/**
 * Waits until every one of `ids` is in the projection; answers when each was projected (epoch ms). It
 * polls a count over the ids' range (an index range scan: the bench must not load the database it
 * measures with 20,000 bound ids every 50 ms), then reads the ids' times.
 */
async function projected(db: Db, ids: string[], timeoutMs = 300_000): Promise<Map<string, number>> {
  const deadline = Date.now() + timeoutMs;
  const sorted = ids.map(BigInt).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const [low, high] = [String(sorted[0]), String(sorted.at(-1))];
  const list = `{${ids.join(',')}}`;
  const count = async (exact: boolean) => {
    const query = db('bench_projection');
    if (exact) query.whereRaw('event_id = any(?::bigint[])', [list]);
    else query.whereBetween('eventId', [low, high]);
    const [{ n }] = (await query.count({ n: '*' })) as [{ n: string }];
    return Number(n);
  };
  for (;;) {
    if ((await count(false)) >= ids.length && (await count(true)) >= ids.length) break;
    if (Date.now() > deadline)
      throw new Error(`only ${await count(true)} of ${ids.length} events were projected`);
    await sleep(100);
  }
  const rows: { eventId: string; at: string }[] = await db('bench_projection')
    .whereRaw('event_id = any(?::bigint[])', [list])
    .select('eventId', db.raw('extract(epoch from projected_at) * 1000 as at'));
  return new Map(rows.map((r) => [String(r.eventId), Number(r.at)]));
}

let serial = 0;
const append = (db: Db) =>
  db.transaction((trx) => {
    serial += 1;
    return appendEvent(trx, {
      type: TYPE,
      aggregateId: `bench-${serial}`,
      payload: { email: `bench-${serial}@example.test`, reactivated: false },
    });
  });

interface LogResult {
  log: string;
  p50: number;
  p99: number;
  max: number;
  events: number;
  perSecond: number;
  /** The relay's side of the drain: the backlog positioned (and, on Kafka, published) per second. */
  relayedPerSecond: number;
  /** p50 and p99 (ms) of commit → the relay step's start, and of that start → projected. */
  stages: { relay: number[]; consume: number[] };
  /** Kafka: the broker killed for about 10 s under a steady 200 events/s (ms). */
  outage?:
    { downMs: number; publishedMs: number; resumedMs: number; caughtUpMs: number } | { failed: string };
}

/** Kills the broker, and starts it again on what it kept. */
interface BrokerControl {
  kill(): Promise<void>;
  restart(): Promise<void>;
}

const OUTAGE_MS = 10_000;

/**
 * A broker outage under a steady 200 events/s: the broker is killed (SIGKILL) and started again on its
 * data 10 s later. Answers how long it was away, and, from the moment it answers again, how long until
 * the first event committed meanwhile is projected and until everything committed before it is.
 */
async function measureOutage(db: Db, control: BrokerControl): Promise<NonNullable<LogResult['outage']>> {
  const stamps = new Map<string, number>();
  let writing = true;
  const writer = (async () => {
    const start = now();
    for (let i = 0; writing; i++) {
      const wait = start + (i * 1000) / RATE - now();
      if (wait > 1) await sleep(wait);
      const event = await append(db);
      stamps.set(event.id, now());
    }
  })();
  await sleep(2_000);
  const downAt = now();
  await control.kill();
  await sleep(OUTAGE_MS);
  await control.restart();
  const backAt = now();
  await sleep(5_000);
  writing = false;
  await writer;
  let seen: Map<string, number>;
  try {
    seen = await projected(db, [...stamps.keys()], 120_000);
  } catch (error) {
    return { failed: `${(error as Error).message} within 120 s of the broker's return` };
  }
  const duringIds = [...stamps].filter(([, at]) => at >= downAt && at < backAt).map(([id]) => id);
  const during = duringIds.map((id) => seen.get(id)!);
  // The relay's side: when it first published one of them (published_at: the commit of its batch).
  const [{ first }] = (await db('events')
    .whereIn('id', duringIds)
    .select(db.raw('extract(epoch from min(published_at)) * 1000 as first'))) as [{ first: string }];
  const before = [...stamps].filter(([, at]) => at < backAt).map(([id]) => seen.get(id)!);
  return {
    downMs: backAt - downAt,
    publishedMs: Number(first) - backAt,
    resumedMs: Math.min(...during) - backAt,
    caughtUpMs: Math.max(...before) - backAt,
  };
}

async function measureLog(
  kind: 'postgres' | 'kafka',
  broker?: KafkaBroker,
  control?: BrokerControl,
): Promise<LogResult> {
  const fresh = await freshDatabase(`riffline_bench_${kind}`);
  const { db } = fresh;
  let worker: Proc | undefined;
  try {
    await db.raw(
      'create table bench_projection (event_id bigint primary key, projected_at timestamptz not null)',
    );
    const env: Record<string, string> = { DATABASE_URL: fresh.url, LOG_LEVEL: 'warn', NODE_ENV: 'test' };
    if (broker) {
      Object.assign(env, {
        KAFKA_BROKERS: broker.brokers.join(','),
        KAFKA_TOPIC_PREFIX: uniqueName('bench'),
        KAFKA_CLIENT_ID: 'riffline-bench',
      });
    }
    worker = await startWorker(env);

    // Warm-up (a Kafka group's first assignment, the connections' first queries), not counted.
    await projected(db, await Promise.all(Array.from({ length: 50 }, async () => (await append(db)).id)));

    // Latency: one event per transaction, evenly paced; each commit's moment taken when it returns.
    const total = Math.round(seconds * RATE);
    const committed = new Map<string, number>();
    const start = now() + 50;
    const writes: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const at = start + (i * 1000) / RATE;
      const wait = at - now();
      if (wait > 1) await sleep(wait);
      writes.push(append(db).then((event) => void committed.set(event.id, now())));
    }
    await Promise.all(writes);
    const seen = await projected(db, [...committed.keys()]);
    const latencies = [...committed].map(([id, at]) => seen.get(id)! - at).sort((a, b) => a - b);
    // Where the time goes: commit (the event's occurred_at, its transaction's start) → the relay step
    // that published it (published_at, that step's start) → projected.
    const { rows: stageRows } = (await db.raw(
      `select percentile_cont(array[0.5, 0.99]) within group (order by extract(epoch from e.published_at - e.occurred_at) * 1000) as relay,
              percentile_cont(array[0.5, 0.99]) within group (order by extract(epoch from p.projected_at - e.published_at) * 1000) as consume
         from events e join bench_projection p on p.event_id = e.id where e.id = any(?::bigint[])`,
      [`{${[...committed.keys()].join(',')}}`],
    )) as { rows: { relay: number[]; consume: number[] }[] };
    const stages = { relay: stageRows[0]!.relay, consume: stageRows[0]!.consume };

    // Throughput: a backlog committed while the workers are down, drained when they come back.
    await worker.stop();
    worker = undefined;
    const ids: string[] = [];
    for (let i = 0; i < BACKLOG; i += 1_000) {
      const rows = Array.from({ length: Math.min(1_000, BACKLOG - i) }, () => {
        serial += 1;
        return {
          type: TYPE,
          aggregateType: aggregateOf(TYPE),
          aggregateId: `bench-${serial}`,
          payload: JSON.stringify({ email: `bench-${serial}@example.test`, reactivated: false }),
        };
      });
      const inserted: { id: string }[] = await db('events').insert(rows).returning('id');
      ids.push(...inserted.map((r) => String(r.id)));
    }
    worker = await startWorker(env);
    const drained = [...(await projected(db, ids)).values()];
    const spanMs = Math.max(...drained) - Math.min(...drained);
    // published_at is the relay transaction's start: the span from the first batch's to the last's.
    const [relayed] = (await db('events')
      .whereIn('id', ids)
      .select(
        db.raw('extract(epoch from max(published_at) - min(published_at)) * 1000 as span'),
        db.raw('count(distinct published_at) as batches'),
      )) as [{ span: string; batches: string }];
    const relaySpanMs =
      (Number(relayed.span) * Number(relayed.batches)) / Math.max(1, Number(relayed.batches) - 1);
    const outage = control ? await measureOutage(db, control) : undefined;
    return {
      outage,
      log: kind === 'kafka' ? 'Kafka' : 'Postgres log',
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1)!,
      events: BACKLOG,
      perSecond: (BACKLOG - 1) / (spanMs / 1000),
      relayedPerSecond: BACKLOG / (relaySpanMs / 1000),
      stages,
    };
  } finally {
    await worker?.stop();
    await fresh.close();
  }
}

type ReportFormat = 'DSR' | 'CSV';

/** CPU time so far: this process's, and its PostgreSQL backend's (null where /proc cannot show it). */
interface CpuMark {
  node: number;
  postgres: number | null;
}

/** Wall time and the CPU spent meanwhile, between two moments of the import. */
interface Phase {
  ms: number;
  nodeCpuMs: number;
  postgresCpuMs: number | null;
}

/**
 * The import's SQL after the file loop (db/src/storeReports/imports.ts), statement by statement, by what
 * each writes; the rest of it (the partitions made, the totals and the ledger read) is `other`.
 */
const SQL_STEPS = [
  {
    key: 'shares',
    label: "the revenue shares (a DSR summary's NetRevenue over its lines)",
    sql: /create temp table report_shares/,
  },
  {
    key: 'lines',
    label: 'the lines into their partition (matching, shares, USD)',
    sql: /insert into "store_report_lines_/,
  },
  {
    key: 'attach',
    label: 'the lines partition attached (its indexes built, its foreign keys checked)',
    sql: /attach partition "store_report_lines_/,
  },
  { key: 'holds', label: 'the sanity checks (holds)', sql: /with matched as/ },
  {
    key: 'cells',
    label: 'the analytics cells (`GROUP BY`), their partition attached',
    sql: /insert into "analytics_|attach partition "analytics_/,
  },
  { key: 'royalties', label: 'the royalty ledger (`GROUP BY`)', sql: /insert into royalties/ },
] as const;
/** A sink for timing a format's reader alone. */
const KEEPS_NOTHING: ReportSink = { usage() {}, invalid() {}, summary() {}, warn() {} };

/** A statement of that SQL: on the report's partitions or the ledger. */
const IMPORT_SQL = /"(store_report_lines|analytics)_[0-9a-f]{32}"|insert into royalties|from "royalties"/;
type SqlStep = (typeof SQL_STEPS)[number]['key'];

interface ImportResult {
  format: ReportFormat;
  bytes: number;
  /** The file's lines as the raw `COPY` takes them (a CSV's header aside). */
  lines: number;
  /** Its usage lines (the report's lines: a DSR's release and resource records are not). */
  usageLines: number;
  matched: number;
  unmatched: number;
  invalid: number;
  /** The whole import, its transaction's commit included. */
  total: Phase;
  /**
   * Where it went, timed from outside the importer by the statements it issues: the file loop (read,
   * check, stage) from the staging table's creation to the first statement on the report's lines
   * partition, then the SQL to the last statement on its partitions or ledger; null where those statements
   * were not recognised.
   */
  split: { loop: Phase; sql: Phase; steps: Record<SqlStep | 'other', number> } | null;
  copyMs: number;
  /** The format's reader alone over the same stored file, in a run of its own: read and parsed, nothing kept. */
  readerMs: number;
}

const cpuMark = (backendPid: number | null): CpuMark => {
  const cpu = process.cpuUsage();
  return {
    node: (cpu.user + cpu.system) / 1000,
    postgres: backendPid === null ? null : processCpuMs(backendPid),
  };
};

const phaseOf = (from: { at: number; cpu: CpuMark }, to: { at: number; cpu: CpuMark }): Phase => ({
  ms: to.at - from.at,
  nodeCpuMs: to.cpu.node - from.cpu.node,
  postgresCpuMs:
    from.cpu.postgres === null || to.cpu.postgres === null ? null : to.cpu.postgres - from.cpu.postgres,
});

interface KnexQuery {
  __knexQueryUid: string;
  sql: string;
}
interface Statement {
  sql: string;
  start: { at: number; cpu: CpuMark };
  end: { at: number; cpu: CpuMark };
}

/**
 * Every statement issued through knex on `db` (its transactions' too) while the import runs, with its
 * start and end and the CPU then; COPYs go past knex and are not among them.
 */
function statementLog(db: Db, backendPid: () => number | null) {
  const open = new Map<string, Statement['start']>();
  const statements: Statement[] = [];
  const onQuery = (query: KnexQuery) =>
    open.set(query.__knexQueryUid, { at: now(), cpu: cpuMark(backendPid()) });
  const onResponse = (_response: unknown, query: KnexQuery) => {
    const start = open.get(query.__knexQueryUid);
    if (start)
      statements.push({ sql: query.sql.trim(), start, end: { at: now(), cpu: cpuMark(backendPid()) } });
  };
  db.on('query', onQuery);
  db.on('query-response', onResponse);
  return {
    statements,
    stop() {
      db.off('query', onQuery);
      db.off('query-response', onResponse);
    },
  };
}

/** The file loop and the SQL after it, told apart by the statements that open and close them. */
function splitOf(statements: Statement[]): ImportResult['split'] {
  const staging = statements.findIndex((s) => /create temp table report_usages/.test(s.sql));
  const first = statements.findIndex((s) => /^create table "store_report_lines_/.test(s.sql));
  const last = statements.findLastIndex((s, i) => i > first && IMPORT_SQL.test(s.sql));
  if (staging < 0 || first < staging || last < first) return null;
  const sql = phaseOf(statements[first]!.start, statements[last]!.end);
  const steps = { shares: 0, lines: 0, attach: 0, holds: 0, cells: 0, royalties: 0, other: sql.ms };
  for (const statement of statements.slice(first, last + 1)) {
    const step = SQL_STEPS.find((s) => s.sql.test(statement.sql));
    if (!step) continue;
    const ms = statement.end.at - statement.start.at;
    steps[step.key] += ms;
    steps.other -= ms;
  }
  return { loop: phaseOf(statements[staging]!.end, statements[first]!.start), sql, steps };
}

/**
 * A DSR Basic Audio Profile file of about IMPORT_LINES lines (test/support/dsrFile.ts): blocks of a
 * release and 10 of its tracks, each streamed once under one of six summaries in five currencies (one
 * converted at the summary's own ExchangeRate), so that about half the file's lines are usage lines. The
 * blocks take the catalogue's releases in turn, and 8 releases in 108 are none of ours: their lines are
 * unmatched.
 */
function dsrReport(catalogue: CatalogueRelease[]) {
  const summaries: DsrSummary[] = [
    { id: 'S1', territory: 'US', currency: 'USD', netRevenue: '812345.67' },
    { id: 'S2', territory: 'GB', currency: 'GBP', netRevenue: '210987.65' },
    { id: 'S3', territory: 'DE', currency: 'EUR', netRevenue: '198765.43' },
    { id: 'S4', territory: 'IN', currency: 'INR', netRevenue: '4567890.12' },
    { id: 'S5', territory: 'BR', currency: 'BRL', netRevenue: '345678.9' },
    {
      id: 'S6',
      territory: 'FR',
      currency: 'EUR',
      netRevenue: '123456.78',
      currencyOfTransaction: 'USD',
      exchangeRate: '0.93',
    },
  ];
  const foreign = Array.from({ length: 8 }, () => {
    const ids = uniqueIdentifiers();
    return { upc: ids.upc, tracks: [1, 2, 3, 4, 5].map((n) => ({ isrc: ids.isrc(n) })) };
  });
  return dsrStream({
    messageId: uniqueName('bench'),
    summaries,
    blocks: manyBlocks({
      lines: IMPORT_LINES,
      summaries: summaries.map((s) => s.id),
      catalogue: [...catalogue, ...foreign],
    }),
  });
}

/**
 * One generated report through the workers' importer, in a transaction as the workers run it, timed
 * whole and by its statements; then the raw `COPY` of the same stored bytes.
 */
async function measureImport(format: ReportFormat): Promise<ImportResult> {
  const fresh = await freshDatabase(`riffline_bench_${format.toLowerCase()}`);
  const { db } = fresh;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-bench-import-'));
  try {
    const artists = await Promise.all(Array.from({ length: 20 }, () => buildArtist(db)));
    const catalogue = await buildCatalogue(
      db,
      artists.map((a) => a.id),
      { releasesEach: 5, tracksEach: 5 },
    );
    const storage = localStorage(root);
    const filename = format === 'DSR' ? 'bench.tsv' : 'bench.csv';
    const key = `reports/${uniqueName('bench')}/${filename}`;
    const file =
      format === 'DSR' ? dsrReport(catalogue) : storeReport(catalogue, { lines: IMPORT_LINES }).csv;
    const { size } = await storage.put(
      key,
      file,
      format === 'DSR' ? 'text/tab-separated-values' : 'text/csv',
    );
    const admin = await buildAdmin(db);
    const job = await StoreReport.query(db)
      .insert({ filename, fileKey: key, contentHash: uniqueName('hash'), size, uploadedBy: admin.id })
      .returning('*');

    // As the workers' consumer group builds them, with sanity bounds past anything generated here: the
    // checks run, and the report is credited rather than held.
    const deps: ImportDeps = {
      db,
      storage,
      logger: pino({ level: 'silent' }),
      commissionPercent: '0',
      holds: { holdStreamUsd: '1000000', holdLineUsd: '1000000000' },
    };
    let backendPid: number | null = null;
    const log = statementLog(db, () => backendPid);
    let start: Statement['start'] | undefined;
    try {
      await db.transaction(async (trx) => {
        const { rows } = (await trx.raw('select pg_backend_pid() as pid')) as {
          rows: Array<{ pid: number }>;
        };
        backendPid = rows[0]!.pid;
        start = { at: now(), cpu: cpuMark(backendPid) };
        await importStoreReport(deps, job.id, trx);
      });
    } finally {
      log.stop();
    }
    const total = phaseOf(start!, { at: now(), cpu: cpuMark(backendPid) });
    const done = await StoreReport.query(db).findById(job.id);
    if (done?.status !== 'completed')
      throw new Error(`the ${format} import ended ${done?.status}: ${done?.error}`);

    // The same bytes from storage into an unlogged table of text columns, by COPY, nothing else. A DSR's
    // records differ in their number of cells: each of its lines goes in whole, as one value.
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      const csvColumns = Array.from({ length: 12 }, (_, i) => `c${i} text`).join(', ');
      await client.query(`create unlogged table raw_report (${format === 'DSR' ? 'line text' : csvColumns})`);
      const source = await storage.stream(key, { chunkBytes: 256 * 1024 });
      if (!source) throw new Error('the stored report is gone');
      const copy = client.query(
        copyFrom(
          format === 'DSR'
            ? `copy raw_report from stdin with (format csv, delimiter e'\\x01', quote e'\\x02')`
            : 'copy raw_report from stdin with (format csv, header true)',
        ),
      );
      const copyStarted = now();
      await pipeline(source, copy);
      const copyMs = now() - copyStarted;
      const again = await storage.stream(key, { chunkBytes: 256 * 1024 });
      const readerStarted = now();
      await readReportFile(
        again!,
        KEEPS_NOTHING,
        async () => {},
        () => {},
      );
      const readerMs = now() - readerStarted;
      return {
        format,
        bytes: size,
        lines: copy.rowCount,
        usageLines: done.linesTotal,
        matched: done.linesMatched,
        unmatched: done.linesUnmatched,
        invalid: done.linesInvalid,
        total,
        split: splitOf(log.statements),
        copyMs,
        readerMs,
      };
    } finally {
      await client.end();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    await fresh.close();
  }
}

/**
 * A local process's CPU time so far (user and system), from /proc; null where that cannot be read (a
 * server on another machine, no /proc).
 */
function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's name (which may hold spaces) in parentheses: utime and stime are the
    // 14th and 15th of the line, in clock ticks (100 a second on Linux).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function main() {
  const results: LogResult[] = [];
  const skipped: string[] = [];
  let rawKafka: RawKafkaResult | null = null;
  if (LOGS.includes('postgres')) results.push(await measureLog('postgres'));
  if (LOGS.includes('kafka')) {
    if (!javaToolchainPresent()) skipped.push('Kafka (no JDK and Maven here)');
    else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-bench-kafka-'));
      let broker = await startKafka({ dataDir });
      const control: BrokerControl = {
        kill: () => broker.kill(),
        restart: async () => {
          broker = await startKafka({ dataDir, keep: true });
        },
      };
      try {
        results.push(await measureLog('kafka', broker, control));
        try {
          rawKafka = await measureRawKafka(broker.brokers, { seconds, rate: RATE, backlog: BACKLOG });
        } catch (error) {
          skipped.push(`raw kafkajs (${(error as Error).message.split('\n')[0]})`);
        }
      } finally {
        await broker.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
  console.log(
    `\nEvent pipeline: commit → projection at ${RATE} events/s for ${seconds} s (targets: p99 ≤ 100 ms, ≥ 10,000 events/s)`,
  );
  console.log('log            p50 ms   p99 ms   max ms   backlog drained (events/s)   relayed (events/s)');
  for (const r of results) {
    console.log(
      `${r.log.padEnd(13)} ${fmt(r.p50).padStart(7)} ${fmt(r.p99).padStart(8)} ${fmt(r.max).padStart(8)}   ` +
        `${`${fmt(r.perSecond, 0)} (${fmt(r.events, 0)} events)`.padEnd(27)}  ${fmt(r.relayedPerSecond, 0)}`,
    );
  }
  for (const r of results) {
    const [relay50, relay99] = r.stages.relay.map((ms) => fmt(ms));
    const [consume50, consume99] = r.stages.consume.map((ms) => fmt(ms));
    console.log(
      `${r.log}: commit → relay step ${relay50} ms p50, ${relay99} ms p99; ` +
        `relay step → projected ${consume50} ms p50, ${consume99} ms p99`,
    );
  }
  for (const s of skipped) console.log(`skipped: ${s}`);
  for (const { log, outage } of results) {
    if (!outage) continue;
    if ('failed' in outage) {
      console.log(`${log}: the broker killed under 200 events/s and started again: ${outage.failed}`);
      continue;
    }
    console.log(
      `${log}: the broker killed under 200 events/s and back ${fmt(outage.downMs / 1000)} s later: ` +
        `the relay published again ${fmt(outage.publishedMs / 1000)} s after it answered, ` +
        `handling resumed ${fmt(outage.resumedMs / 1000)} s after, ` +
        `everything committed meanwhile handled ${fmt(outage.caughtUpMs / 1000)} s after`,
    );
  }

  if (rawKafka) {
    console.log(
      `raw kafkajs (the same broker, no database): ${fmt(rawKafka.p50)} ms p50, ${fmt(rawKafka.p99)} ms p99, ` +
        `${fmt(rawKafka.max)} ms max; a backlog of ${fmt(rawKafka.messages, 0)} consumed at ${fmt(rawKafka.perSecond, 0)} messages/s`,
    );
  }

  const imported: ImportResult[] = [];
  if (IMPORT_LINES > 0) {
    for (const format of ['DSR', 'CSV'] as const) imported.push(await measureImport(format));
    printImport(imported);
  }

  let delivered: DeliveryResult | null = null;
  if (DELIVERY_MB > 0) {
    const fresh = await freshDatabase('riffline_bench_delivery');
    try {
      delivered = await measureDelivery(fresh.db, {
        tracks: DELIVERY_TRACKS,
        trackBytes: Math.max(1, Math.round((DELIVERY_MB * 1024 ** 2) / DELIVERY_TRACKS)),
        runs: DELIVERY_RUNS,
      });
      printDelivery(delivered);
    } catch (error) {
      const reason = (error as Error).message.split('\n')[0];
      console.log(`\nThe delivery could not be measured: ${reason}`);
      skipped.push(`the delivery (${reason})`);
    } finally {
      await fresh.close();
    }
  }
  try {
    const partial = partialReasons(skipped);
    const { body, charts } = bookSection(
      { results, rawKafka, imported, delivered },
      partial,
      await postgresVersion(testServerUrl()),
    );
    await writeSection('make bench-pipeline', body, undefined, charts);
    console.log('\nWritten into docs/benchmarks.md (its `make bench-pipeline` section).');
  } catch (error) {
    console.log(`\nThe book could not be written: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const IMPORT_TARGET = 100_000;
const perSecond = (lines: number, msValue: number) => lines / (msValue / 1000);
const cpuOf = (phase: Phase) =>
  `CPU ${fmt(phase.nodeCpuMs / 1000, 2)} s Node, ` +
  (phase.postgresCpuMs === null
    ? 'PostgreSQL not readable here'
    : `${fmt(phase.postgresCpuMs / 1000, 2)} s PostgreSQL`);

/** Where an import's time went, a line per part: [what, time and CPU]. */
function splitRows(r: ImportResult): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['the whole import (its transaction, commit included)', `${s2(r.total.ms)} (${cpuOf(r.total)})`],
  ];
  if (!r.split)
    return [...rows, ['the file loop and the SQL', 'not told apart: the statements were not recognised']];
  const { loop, sql, steps } = r.split;
  rows.push(
    ['the file loop: read, check, stage by `COPY`', `${s2(loop.ms)} (${cpuOf(loop)})`],
    [
      '– the format’s reader alone (a run of its own: the file read and parsed, nothing checked or kept)',
      s2(r.readerMs),
    ],
    ['the SQL: lines, checks, analytics, royalties', `${s2(sql.ms)} (${cpuOf(sql)})`],
    ...SQL_STEPS.map((step): [string, string] => [`– ${step.label}`, s2(steps[step.key])]),
    ['– the partitions made, the totals read', s2(steps.other)],
    ['the rest: setup, completion, commit', s2(r.total.ms - loop.ms - sql.ms)],
    [
      'the floor of this design: the reader alone, then the SQL (checking and staging free)',
      `${s2(r.readerMs + sql.ms)} (${fmt(perSecond(r.lines, r.readerMs + sql.ms), 0)} lines/s)`,
    ],
  );
  return rows;
}

function printImport(imported: ImportResult[]) {
  console.log(
    `\nStore-report import of ${fmt(IMPORT_LINES, 0)}-line files (target ≥ ${fmt(IMPORT_TARGET, 0)} lines/s each on 2 cores)`,
  );
  console.log('file  lines       usage lines  import    lines/s    raw COPY  lines/s      import ÷ COPY');
  for (const r of imported) {
    console.log(
      `${r.format.padEnd(5)} ${fmt(r.lines, 0).padEnd(11)} ${fmt(r.usageLines, 0).padEnd(12)} ` +
        `${s2(r.total.ms).padEnd(9)} ${fmt(perSecond(r.lines, r.total.ms), 0).padEnd(10)} ` +
        `${s2(r.copyMs).padEnd(9)} ${fmt(perSecond(r.lines, r.copyMs), 0).padEnd(12)} ${fmt(r.copyMs / r.total.ms, 2)}×`,
    );
  }
  for (const r of imported) {
    console.log(
      `${r.format} (${fmt(r.bytes / 1024 ** 2)} MiB; ${fmt(r.matched, 0)} matched, ${fmt(r.unmatched, 0)} unmatched, ` +
        `${fmt(r.invalid, 0)} invalid; ${fmt(perSecond(r.usageLines, r.total.ms), 0)} usage lines/s):`,
    );
    for (const [what, time] of splitRows(r)) console.log(`  ${what}: ${time}`);
  }
}

function printDelivery(d: DeliveryResult) {
  const mib = d.bytes / 1024 ** 2;
  const line = (label: string, msValue: number) =>
    `  ${label.padEnd(48)} ${s2(msValue).padStart(8)}  ${fmt(mib / (msValue / 1000), 1)} MiB/s`;
  console.log(
    `\nDelivery of a release over SFTP (${d.tracks} tracks, ${fmt(mib)} MiB in ${d.files} files; median of ${d.runs} runs)`,
  );
  console.log(line("the workers' delivery group", d.deliveryMs));
  console.log(line("raw sftp put of the same files (OpenSSH's sftp)", d.rawMs));
  console.log(`  ${fmt(d.rawMs / d.deliveryMs, 2)}× of the raw put's speed; ERN checked: ${d.ernCheck}`);
}

/** Why this run is not the full one: settings other than the defaults, a log skipped, a profiler on. */
function partialReasons(skipped: string[]): string[] {
  const reasons: string[] = [];
  const differs = (name: string, value: number, standard: number) => {
    if (value !== standard) reasons.push(`${name}=${fmt(value, 0)} (default ${fmt(standard, 0)})`);
  };
  differs('BENCH_SECONDS', seconds, DEFAULTS.seconds);
  differs('BENCH_PIPELINE_EVENTS', BACKLOG, DEFAULTS.events);
  differs('BENCH_IMPORT_LINES', IMPORT_LINES, DEFAULTS.lines);
  if (IMPORT_LINES <= 0) reasons.push('no import');
  differs('BENCH_DELIVERY_MB', DELIVERY_MB, DEFAULTS.deliveryMb);
  if (DELIVERY_MB <= 0) reasons.push('no delivery');
  const logs = DEFAULTS.logs.split(',').filter((log) => !LOGS.includes(log));
  if (logs.length) reasons.push(`BENCH_PIPELINE_LOGS=${LOGS.join(',')}: not run on ${logs.join(', ')}`);
  for (const s of skipped) reasons.push(`skipped: ${s}`);
  if (process.env.BENCH_PIPELINE_ONE_BY_ONE === '1')
    reasons.push('BENCH_PIPELINE_ONE_BY_ONE=1 (a row per event)');
  if (process.env.BENCH_PROFILE) reasons.push('BENCH_PROFILE set: the workers ran under the CPU profiler');
  return reasons;
}

const ms = (n: number) => `${fmt(n)} ms`;
const s2 = (msValue: number) => `${fmt(msValue / 1000, 2)} s`;

const SECTION = 'make bench-pipeline';

/** Where a DSR or CSV part's label stops for a chart: before its parenthesis. */
const shortPart = (label: string) =>
  label
    .replace(/^– /, '')
    .replace(/ \(.*$/, '')
    .replaceAll('`', '');

/**
 * The section `make bench-pipeline` writes into docs/benchmarks.md: the run, its tables each with its
 * chart, and what they compare against.
 */
function bookSection(
  measured: {
    results: LogResult[];
    rawKafka: RawKafkaResult | null;
    imported: ImportResult[];
    delivered: DeliveryResult | null;
  },
  partial: string[],
  postgres: string,
): { body: string; charts: Chart[] } {
  const { results, rawKafka, imported, delivered } = measured;
  const parts = [heading('`make bench-pipeline`', postgres, partial)];
  const charts: Chart[] = [];
  const chart = (spec: ChartSpec) => {
    const drawn = barChart(spec);
    charts.push(drawn);
    parts.push(chartLink(SECTION, drawn));
  };
  parts.push(`#### Event pipeline: commit → projection at ${RATE} events/s for ${seconds} s`);
  if (results.length) {
    parts.push(
      table(
        [
          'log',
          'p50',
          'p99',
          'max',
          'backlog drained',
          'relayed',
          'commit → relay step (p50 / p99)',
          'relay step → projected (p50 / p99)',
        ],
        [
          ...results.map((r) => [
            r.log,
            ms(r.p50),
            ms(r.p99),
            ms(r.max),
            `${fmt(r.perSecond, 0)} events/s (${fmt(r.events, 0)} events)`,
            `${fmt(r.relayedPerSecond, 0)} events/s`,
            r.stages.relay.map((n) => fmt(n)).join(' / ') + ' ms',
            r.stages.consume.map((n) => fmt(n)).join(' / ') + ' ms',
          ]),
          ...(rawKafka
            ? [
                [
                  'raw kafkajs (baseline)',
                  ms(rawKafka.p50),
                  ms(rawKafka.p99),
                  ms(rawKafka.max),
                  `${fmt(rawKafka.perSecond, 0)} messages/s (${fmt(rawKafka.messages, 0)} messages)`,
                  '-',
                  '-',
                  '-',
                ],
              ]
            : []),
        ],
      ),
    );
    const logs = [
      ...results.map((r) => ({ log: r.log, p50: r.p50, p99: r.p99, drained: r.perSecond })),
      ...(rawKafka ? [{ log: 'raw kafkajs (baseline)', ...rawKafka, drained: rawKafka.perSecond }] : []),
    ];
    chart({
      name: 'latency',
      title: `Commit → projection at ${RATE} events/s: each log beside raw kafkajs`,
      measure: 'milliseconds (lower is better)',
      bars: logs.flatMap(({ log, p50, p99 }) => [
        { group: log, series: 'p50', value: p50, text: ms(p50) },
        { group: log, series: 'p99', value: p99, text: ms(p99) },
      ]),
      target: { value: 100, label: 'target: p99 ≤ 100 ms' },
    });
    chart({
      name: 'drained',
      title: 'A backlog drained: each log beside raw kafkajs',
      measure: 'events per second (higher is better)',
      bars: logs.map(({ log, drained }) => ({
        group: log,
        series: 'drained',
        value: drained,
        text: `${fmt(drained, 0)}/s`,
      })),
      target: { value: 10_000, label: 'target: ≥ 10,000 events/s' },
    });
  } else {
    parts.push('Not measured in this run.');
  }
  for (const { log, outage } of results) {
    if (!outage) continue;
    parts.push(
      'failed' in outage
        ? `${log}, the broker killed under ${RATE} events/s and started again: ${outage.failed}.`
        : `${log}, the broker killed under ${RATE} events/s and back ${fmt(outage.downMs / 1000)} s later: ` +
            `the relay published again ${fmt(outage.publishedMs / 1000)} s after the broker answered, ` +
            `handling resumed ${fmt(outage.resumedMs / 1000)} s after it, ` +
            `everything committed meanwhile was handled ${fmt(outage.caughtUpMs / 1000)} s after it.`,
    );
  }
  if (imported.length) {
    parts.push(
      `#### Store-report import of ${fmt(IMPORT_LINES, 0)}-line files: ${imported
        .map((r) => `${r.format} ${fmt(r.copyMs / r.total.ms, 2)}×`)
        .join(', ')} of a raw \`COPY\``,
      table(
        ['file', 'lines', 'usage lines', 'the import', 'lines/s', 'raw `COPY`', 'lines/s', 'import ÷ `COPY`'],
        imported.map((r) => [
          `${r.format} (${fmt(r.bytes / 1024 ** 2)} MiB)`,
          fmt(r.lines, 0),
          fmt(r.usageLines, 0),
          s2(r.total.ms),
          fmt(perSecond(r.lines, r.total.ms), 0),
          s2(r.copyMs),
          fmt(perSecond(r.lines, r.copyMs), 0),
          `${fmt(r.copyMs / r.total.ms, 2)}×`,
        ]),
      ),
    );
    chart({
      name: 'import',
      title: `Store-report import of ${fmt(IMPORT_LINES, 0)}-line files beside a raw COPY of the same bytes`,
      measure: 'lines per second (higher is better)',
      bars: imported.flatMap((r): Bar[] => [
        {
          group: r.format,
          series: 'the import',
          value: perSecond(r.lines, r.total.ms),
          text: `${fmt(perSecond(r.lines, r.total.ms), 0)}/s`,
        },
        {
          group: r.format,
          series: 'raw COPY',
          value: perSecond(r.lines, r.copyMs),
          text: `${fmt(perSecond(r.lines, r.copyMs), 0)}/s`,
        },
      ]),
      target: { value: IMPORT_TARGET, label: `target: ≥ ${fmt(IMPORT_TARGET, 0)} lines/s` },
    });
    parts.push(
      imported
        .map(
          (r) =>
            `${r.format}: ${fmt(r.matched, 0)} matched, ${fmt(r.unmatched, 0)} unmatched, ${fmt(r.invalid, 0)} invalid ` +
            `(${fmt(perSecond(r.usageLines, r.total.ms), 0)} usage lines/s).`,
        )
        .join(' '),
      '##### Where the time goes',
      table(
        ['part', ...imported.map((r) => r.format)],
        splitRows(imported[0]!).map(([what], i) => [
          what,
          ...imported.map((r) => splitRows(r)[i]?.[1] ?? ''),
        ]),
      ),
    );
    const splitBars = imported.flatMap((r) => {
      if (!r.split) return [];
      const { loop, sql, steps } = r.split;
      const part = (label: string, value: number): Bar => ({
        group: shortPart(label),
        series: r.format,
        value: value / 1000,
        text: s2(value),
      });
      return [
        part('the whole import', r.total.ms),
        part('the file loop: read, check, stage by COPY', loop.ms),
        part('– the format’s reader alone', r.readerMs),
        part('the SQL', sql.ms),
        ...SQL_STEPS.map((step) => part(`– ${step.label}`, steps[step.key])),
        part('– the partitions made, the totals read', steps.other),
      ];
    });
    if (splitBars.length) {
      chart({
        name: 'import-split',
        title: 'Where the import’s time goes',
        measure: 'seconds',
        bars: splitBars,
      });
    }
  } else {
    parts.push('#### Store-report import', 'Not measured in this run (BENCH_IMPORT_LINES=0).');
  }
  if (delivered) {
    const mib = delivered.bytes / 1024 ** 2;
    const speed = (msValue: number) => `${fmt(mib / (msValue / 1000), 1)} MiB/s`;
    parts.push(
      `#### Delivery of a release (${delivered.tracks} tracks, ${fmt(mib)} MiB in ${delivered.files} files) over SFTP: ` +
        `${fmt(delivered.rawMs / delivered.deliveryMs, 2)}× of a raw \`sftp put\``,
      table(
        ['sent by', 'time (median of ' + delivered.runs + ')', 'speed'],
        [
          [
            "the workers' delivery group (`release.approved` handled)",
            s2(delivered.deliveryMs),
            speed(delivered.deliveryMs),
          ],
          [
            'raw `sftp put` of the same files (OpenSSH’s `sftp -b`)',
            s2(delivered.rawMs),
            speed(delivered.rawMs),
          ],
        ],
      ),
      `The ERN message was checked ${delivered.ernCheck === 'schema' ? 'against the ERN 4.3 schema (xmllint)' : 'for well-formedness only (no xmllint or schema here)'}.`,
    );
    chart({
      name: 'delivery',
      title: `Delivery of a ${fmt(mib)} MiB release over SFTP beside a raw sftp put of the same files`,
      measure: 'MiB per second (higher is better)',
      bars: [
        {
          group: 'the delivery group',
          series: 'delivery',
          value: mib / (delivered.deliveryMs / 1000),
          text: speed(delivered.deliveryMs),
        },
        {
          group: 'raw sftp put',
          series: 'raw',
          value: mib / (delivered.rawMs / 1000),
          text: speed(delivered.rawMs),
        },
      ],
    });
  } else {
    parts.push('#### Delivery', 'Not measured in this run (see above).');
  }
  parts.push(
    '#### What each figure compares against',
    [
      "- **p50 / p99 / max**: from the moment an event's commit returned to the moment the workers' projection wrote it (the database's clock); target p99 ≤ 100 ms.",
      "- **backlog drained**: events per second from the first to the last projected of a backlog committed while the workers were down; target ≥ 10,000 events/s. **relayed** is the relay's side of that drain alone.",
      '- **commit → relay step → projected**: where the latency goes, the relay (putting the event on the log) then the consumer.',
      "- **raw kafkajs**: Kafka's own cost on the same broker, with the workers' producer and consumer settings (an idempotent producer, acks from every replica, fetches waiting at most 200 ms) and no database: a message at a time at the same rate, from its send returning to a consumer getting it, and a backlog of the same size consumed from its first message to its last. The Kafka row's distance to it is what the outbox, the relay and the projection's transactions add.",
      "- **The import**: a generated DDEX DSR file (Basic Audio Profile: blocks of a release and 10 of its tracks, each track streamed once under one of six summaries in five currencies, so about half its lines are usage lines; 8 releases in 108 none of ours) and a generated CSV in our normalised layout (about 80% of its lines matched by ISRC, 5% by UPC alone, 7% unmatched, 8% invalid), each on a catalogue of 20 artists with 5 releases of 5 tracks, through the workers' importer in a transaction as the workers run it: the file streamed from storage and read by its format's reader (DSR by hand, CSV by csv-parse), each usage line checked and staged by `COPY` into a temporary table, then set-based SQL (`db/src/storeReports/imports.ts`) matches, allocates and converts the lines into the report's own partition of `store_report_lines` and attaches it (its indexes built and its foreign keys checked then), runs the sanity checks, sums the matched lines into the report's partition of `analytics` and writes the royalty ledger. The sanity bounds are set so that nothing is held: the checks run and the credits are written. **lines/s** counts the file's lines, as the raw `COPY` does (a DSR's release and resource records are lines of the file, not usage lines); target ≥ 100,000 lines/s for each file on 2 cores.",
      "- **raw `COPY`**: the same stored bytes into an unlogged table of text columns (the CSV's 12 cells; a DSR line whole, as one value, its records differing in cells): PostgreSQL alone taking the file, the least any import costs on that machine. The import's ratio to it, measured in the same run, is the figure to compare across machines.",
      "- **Delivery**: an approved release (its audio random bytes, a 1 MiB cover) delivered by the workers' `delivery` group to a store's SFTP drop box on a real OpenSSH server on loopback (`infra/sftp`): the ERN message built and checked, each file written under a `.part` name and renamed, the manifest last, the delivery and its event recorded; beside it, OpenSSH's own `sftp` client in batch mode on one connection making the folders and putting the same files (copied out of the drop box after the delivery), a `put` each. All from the same local disk, in alternate runs after one of each not counted; the median of each. The ratio in the heading is the raw `put`'s time over the delivery's.",
      "- **Where the time goes**: timed from outside the importer, by the statements it issues through knex: the file loop from the staging table's creation to the first statement on the report's lines partition, then the SQL to the last on its partitions or ledger, statement by statement; the CPU is this process's and, where the server is local, its PostgreSQL backend's (`/proc`).",
      '- **Charts**: each table drawn as bars (SVG files in `docs/benchmarks/`, written with this section), each figure beside its baseline or target line.',
    ].join('\n'),
  );
  return { body: parts.join('\n\n'), charts };
}

await main();
