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
 * - Import: a generated store report (matched, unmatched and invalid lines mixed) through the workers'
 *   importer (stream, validate, match, convert, bulk writes), beside a raw `COPY` of the same file into an
 *   unlogged table of text columns: lines per second each; then the floor of the import's data model:
 *   PostgreSQL alone writing the rows the import wrote (measureRowsFloor).
 *
 * BENCH_SECONDS (default 10) sets the latency run's length, BENCH_PIPELINE_EVENTS (20,000) the backlog,
 * BENCH_IMPORT_LINES (1,000,000; 0 skips the import) the report's size, BENCH_PIPELINE_LOGS (postgres,kafka)
 * the logs to run. The consumer group writes a batch's rows in one statement (its bulk path, as the stats
 * group's); BENCH_PIPELINE_ONE_BY_ONE=1 makes it write a row per event instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import pino from 'pino';
import { Readable } from 'node:stream';
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
import { buildCatalogue, storeReport } from '../test/support/storeReport.ts';
import { heading, postgresVersion, table, writeSection } from './book.ts';
import { importStoreReport, type ImportPhases } from '../workers/src/storeReports/importer.ts';

/** The full run's settings: another value makes a partial run, and the book says so. */
const DEFAULTS = { seconds: 10, events: 20_000, lines: 1_000_000, logs: 'postgres,kafka' };
const seconds = Number(process.env.BENCH_SECONDS ?? DEFAULTS.seconds);
const RATE = 200;
const BACKLOG = Number(process.env.BENCH_PIPELINE_EVENTS ?? DEFAULTS.events);
const IMPORT_LINES = Number(process.env.BENCH_IMPORT_LINES ?? DEFAULTS.lines);
const LOGS = (process.env.BENCH_PIPELINE_LOGS ?? DEFAULTS.logs).split(',').map((s) => s.trim());
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

interface ImportResult {
  lines: number;
  importMs: number;
  /** CPU time during the import: this process's (both its threads), and its PostgreSQL backend's. */
  cpuMs: { worker: number; postgres: number | null };
  phases: ImportPhases;
  copyMs: number;
  /** PostgreSQL alone writing what the import wrote (its rows, by COPY, into the same tables). */
  floor: { linesMs: number; blockRows: number; analyticsMs: number; analyticsRows: number };
  matched: number;
  unmatched: number;
  invalid: number;
}

async function measureImport(): Promise<ImportResult> {
  const fresh = await freshDatabase('riffline_bench_import');
  const { db } = fresh;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'riffline-bench-import-'));
  try {
    const artists = await Promise.all(Array.from({ length: 20 }, () => buildArtist(db)));
    const catalogue = await buildCatalogue(
      db,
      artists.map((a) => a.id),
      { releasesEach: 5, tracksEach: 5 },
    );
    const report = storeReport(catalogue, { lines: IMPORT_LINES });
    const storage = localStorage(root);
    const key = `reports/${uniqueName('bench')}.csv`;
    await storage.put(key, report.csv, 'text/csv');
    const admin = await buildAdmin(db);
    const job = await StoreReport.query(db)
      .insert({
        filename: 'bench.csv',
        fileKey: key,
        contentHash: uniqueName('hash'),
        size: report.csv.length,
        uploadedBy: admin.id,
      })
      .returning('*');
    const logger = pino({ level: 'silent' });
    const importStarted = now();
    const cpuBefore = process.cpuUsage();
    let backendCpuMs: number | null = null;
    const phases = await db.transaction(async (trx) => {
      // The CPU of the PostgreSQL process serving the import's connection (where /proc shows it).
      const { rows } = (await trx.raw('select pg_backend_pid() as pid')) as { rows: Array<{ pid: number }> };
      const backendBefore = processCpuMs(rows[0]!.pid);
      const ran = await importStoreReport({ db, storage, logger, commissionPercent: '0' }, job.id, trx);
      const backendAfter = processCpuMs(rows[0]!.pid);
      if (backendBefore !== null && backendAfter !== null) backendCpuMs = backendAfter - backendBefore;
      return ran;
    });
    const importMs = now() - importStarted;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = { worker: (cpu.user + cpu.system) / 1000, postgres: backendCpuMs };
    if (!phases) throw new Error('the import did not run');
    const done = await StoreReport.query(db).findById(job.id);
    if (done?.status !== 'completed') throw new Error(`the import ended ${done?.status}: ${done?.error}`);

    // The floor: the same bytes into an unlogged table of text columns, by COPY, nothing else.
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      const columns = Array.from({ length: 12 }, (_, i) => `c${i} text`).join(', ');
      await client.query(`create unlogged table raw_report (${columns})`);
      const copyStarted = now();
      await pipeline(
        Readable.from([report.csv]),
        client.query(copyFrom('copy raw_report from stdin with (format csv, header true)')),
      );
      const copyMs = now() - copyStarted;
      const floor = await measureRowsFloor(client, job.id);
      return {
        lines: IMPORT_LINES,
        importMs,
        cpuMs,
        phases,
        copyMs,
        floor,
        matched: done.linesMatched,
        unmatched: done.linesUnmatched,
        invalid: done.linesInvalid,
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

/** A query's rows in COPY's text format, held in memory. */
async function copyOut(
  client: pg.Client,
  query: string,
  format = 'text',
): Promise<{ text: Buffer; rows: number }> {
  const parts: Buffer[] = [];
  const stream = client.query(copyTo(`copy (${query}) to stdout with (format ${format})`));
  for await (const part of stream) parts.push(part as Buffer);
  return { text: Buffer.concat(parts), rows: stream.rowCount ?? 0 };
}

/**
 * The floor of the import on this data model: the rows the import wrote (its lines and its analytics
 * cells), read back, then written again by COPY into the same tables emptied (their keys, indexes, checks
 * and triggers) in one transaction that is rolled back. No reading of the file, no checks, no matching, no
 * sums: only PostgreSQL's own work for those rows, which one connection (one transaction, so one core)
 * must do whatever the worker does.
 */
async function measureRowsFloor(client: pg.Client, reportId: string) {
  const blocks = await copyOut(
    client,
    `select * from store_report_line_blocks where report_id = '${reportId}'`,
  );
  const matches = await copyOut(
    client,
    `select * from store_report_line_matches where report_id = '${reportId}'`,
  );
  // The cells in COPY's binary format, as the import writes them.
  const cells = await copyOut(client, `select * from analytics where report_id = '${reportId}'`, 'binary');
  const copyIn = async (table: string, text: Buffer, format = 'text') => {
    const started = now();
    await pipeline(
      Readable.from([text]),
      client.query(copyFrom(`copy ${table} from stdin with (format ${format})`)),
    );
    return now() - started;
  };
  await client.query('begin');
  try {
    // This database holds this report's rows only: emptied as they were before the import.
    await client.query('truncate store_report_line_blocks, store_report_line_matches, analytics');
    const linesMs =
      (await copyIn('store_report_line_blocks', blocks.text)) +
      (await copyIn('store_report_line_matches', matches.text));
    const analyticsMs = await copyIn('analytics', cells.text, 'binary');
    return { linesMs, blockRows: blocks.rows, analyticsMs, analyticsRows: cells.rows };
  } finally {
    await client.query('rollback');
  }
}

async function main() {
  const results: LogResult[] = [];
  const skipped: string[] = [];
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

  const imported = IMPORT_LINES > 0 ? await measureImport() : null;
  if (imported) printImport(imported);
  try {
    const partial = partialReasons(skipped);
    await writeSection(
      'make bench-pipeline',
      bookSection(results, imported, partial, await postgresVersion(testServerUrl())),
    );
    console.log('\nWritten into docs/benchmarks.md (its `make bench-pipeline` section).');
  } catch (error) {
    console.log(`\nThe book could not be written: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function printImport(imported: ImportResult) {
  const perSecond = (ms: number) => imported.lines / (ms / 1000);
  console.log(`\nStore-report import of ${fmt(imported.lines, 0)} lines (target ≥ 150,000 lines/s)`);
  console.log(
    `  import: ${fmt(imported.importMs / 1000, 2)} s, ${fmt(perSecond(imported.importMs), 0)} lines/s` +
      ` (${fmt(imported.matched, 0)} matched, ${fmt(imported.unmatched, 0)} unmatched, ${fmt(imported.invalid, 0)} invalid)`,
  );
  const { phases, cpuMs } = imported;
  console.log(
    `  CPU during the import: this process ${fmt(cpuMs.worker / 1000, 2)} s, its PostgreSQL backend ` +
      (cpuMs.postgres === null
        ? 'not readable here'
        : `${fmt(cpuMs.postgres / 1000, 2)} s (both: ${fmt((cpuMs.worker + cpuMs.postgres) / 1000, 2)} s; ${os.cpus().length} cores)`),
  );
  console.log(
    `  reading the file (checks, matching, sums; its lines written alongside): ${fmt(phases.readMs / 1000, 2)} s, ` +
      `this process's CPU meanwhile ${fmt(phases.readCpuMs / 1000, 2)} s; ` +
      `then the analytics cells and the ledger: ${fmt(phases.cellsAndLedgerMs / 1000, 2)} s`,
  );
  console.log(
    `  raw COPY of the same file into an unlogged table: ${fmt(imported.copyMs / 1000, 2)} s, ` +
      `${fmt(perSecond(imported.copyMs), 0)} lines/s; the import runs at ` +
      `${fmt(imported.copyMs / imported.importMs, 2)}× of it`,
  );
  const { floor } = imported;
  const floorMs = floor.linesMs + floor.analyticsMs;
  console.log(
    `  PostgreSQL alone writing the rows this import wrote, by COPY into the same tables: ` +
      `${fmt(floorMs / 1000, 2)} s, ${fmt(perSecond(floorMs), 0)} lines/s ` +
      `(${fmt(floor.blockRows, 0)} blocks of lines ${fmt(floor.linesMs / 1000, 2)} s, ` +
      `${fmt(floor.analyticsRows, 0)} analytics cells ${fmt(floor.analyticsMs / 1000, 2)} s): ` +
      `the most this data model allows on one connection`,
  );
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
  const logs = DEFAULTS.logs.split(',').filter((log) => !LOGS.includes(log));
  if (logs.length) reasons.push(`BENCH_PIPELINE_LOGS=${LOGS.join(',')}: not run on ${logs.join(', ')}`);
  for (const s of skipped) reasons.push(`skipped: ${s}`);
  if (process.env.BENCH_PIPELINE_ONE_BY_ONE === '1')
    reasons.push('BENCH_PIPELINE_ONE_BY_ONE=1 (a row per event)');
  if (process.env.BENCH_PROFILE) reasons.push('BENCH_PROFILE set: the workers ran under the CPU profiler');
  if (process.env.REPORTS_READER_PROFILE)
    reasons.push('REPORTS_READER_PROFILE set: the reading thread ran under the CPU profiler');
  return reasons;
}

const ms = (n: number) => `${fmt(n)} ms`;
const s2 = (msValue: number) => `${fmt(msValue / 1000, 2)} s`;

/** The section `make bench-pipeline` writes into docs/benchmarks.md: the run, its tables, and what they compare against. */
function bookSection(
  results: LogResult[],
  imported: ImportResult | null,
  partial: string[],
  postgres: string,
) {
  const parts = [heading('`make bench-pipeline`', postgres, partial)];
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
        results.map((r) => [
          r.log,
          ms(r.p50),
          ms(r.p99),
          ms(r.max),
          `${fmt(r.perSecond, 0)} events/s (${fmt(r.events, 0)} events)`,
          `${fmt(r.relayedPerSecond, 0)} events/s`,
          r.stages.relay.map((n) => fmt(n)).join(' / ') + ' ms',
          r.stages.consume.map((n) => fmt(n)).join(' / ') + ' ms',
        ]),
      ),
    );
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
  if (imported) {
    const perSecond = (n: number) => `${fmt(imported.lines / (n / 1000), 0)}`;
    const { floor, phases, cpuMs } = imported;
    const floorMs = floor.linesMs + floor.analyticsMs;
    parts.push(
      `#### Store-report import of ${fmt(imported.lines, 0)} lines: ${fmt(imported.copyMs / imported.importMs, 2)}× of a raw \`COPY\``,
      table(
        ['what', 'time', 'lines/s'],
        [
          [
            'the import (read, check, match, convert, write)',
            s2(imported.importMs),
            perSecond(imported.importMs),
          ],
          [
            'raw `COPY` of the same file into an unlogged table',
            s2(imported.copyMs),
            perSecond(imported.copyMs),
          ],
          ["PostgreSQL alone writing the import's rows (the floor)", s2(floorMs), perSecond(floorMs)],
        ],
      ),
      `Lines: ${fmt(imported.matched, 0)} matched, ${fmt(imported.unmatched, 0)} unmatched, ${fmt(imported.invalid, 0)} invalid. ` +
        `Phases: reading the file (checks, matching, sums, the lines written alongside) ${s2(phases.readMs)}, ` +
        `then the analytics cells and the ledger ${s2(phases.cellsAndLedgerMs)}. ` +
        `CPU during the import: the importing process ${s2(cpuMs.worker)}, its PostgreSQL backend ` +
        `${cpuMs.postgres === null ? 'not readable here' : s2(cpuMs.postgres)} (${os.cpus().length} cores). ` +
        `The floor: ${fmt(floor.blockRows, 0)} blocks of lines ${s2(floor.linesMs)}, ${fmt(floor.analyticsRows, 0)} analytics cells ${s2(floor.analyticsMs)}.`,
    );
  } else {
    parts.push('#### Store-report import', 'Not measured in this run (BENCH_IMPORT_LINES=0).');
  }
  parts.push(
    '#### What each figure compares against',
    [
      "- **p50 / p99 / max**: from the moment an event's commit returned to the moment the workers' projection wrote it (the database's clock); target p99 ≤ 100 ms.",
      "- **backlog drained**: events per second from the first to the last projected of a backlog committed while the workers were down; target ≥ 10,000 events/s. **relayed** is the relay's side of that drain alone.",
      '- **commit → relay step → projected**: where the latency goes, the relay (putting the event on the log) then the consumer.',
      '- **The import**: target ≥ 150,000 lines/s for 1,000,000 lines on a machine where the raw `COPY` loads about 900,000 lines/s; the ratio to the raw `COPY` of the same file, measured in the same run, is the figure to compare across machines.',
      '- **The floor**: PostgreSQL alone writing the rows the import wrote, by `COPY` into the same tables: the most this data model allows on one connection.',
    ].join('\n'),
  );
  return parts.join('\n\n');
}

await main();
