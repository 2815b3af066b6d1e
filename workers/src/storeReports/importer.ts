import type { Readable } from 'node:stream';
import {
  fromMinor,
  fromScaled,
  readStoreReportHeader,
  storeReportHeaderProblem,
  REVENUE_DECIMALS,
  toMinor,
} from '@riffline/contracts';
import {
  appendEvent,
  catalogueByIdentifiers,
  clearStoreReportRows,
  completeStoreReport,
  failStoreReport,
  failureReport,
  insertAnalyticsRows,
  insertStoreReportLineBlocks,
  insertRoyaltyRows,
  isEmbedded,
  markStoreReportRunning,
  storeReportForImport,
  saveStoreReportProgress,
  type CatalogueRelease,
  type CatalogueTrack,
  type Db,
  type DbTransaction,
  type Storage,
} from '@riffline/db';
import type { Logger } from 'pino';
import { LineBatch } from './lineBatch.ts';
import { Matching } from './matching.ts';
import { ReportFileProblem, royaltyRows } from './projections.ts';
import { readHere, readInThread, type LineReader } from './reader.ts';

export interface ImportDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** ROYALTY_COMMISSION_PERCENT: the platform's share ("0": artists keep everything). */
  commissionPercent: string;
  /** Lines read, matched and written at a time (one catalogue lookup and one bulk write each). */
  batchLines?: number;
  /** How often progress is saved while the import runs. */
  progressEveryMs?: number;
  /**
   * Files of at least this many bytes are read and checked on a thread of their own (reader.ts), the
   * lines matched and written here meanwhile; smaller ones here, without a thread to start.
   */
  threadFromBytes?: number;
}

/**
 * The file's bytes with its header line read first: which delimiter it uses (comma, semicolon or tab) and
 * whether it has the columns the import needs. The whole stream continues as it came.
 */
async function withHeader(source: Readable): Promise<{ delimiter: string; body: AsyncIterable<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let size = 0;
  let newline = -1;
  while (newline < 0 && size < 1024 * 1024) {
    const { value, done } = await iterator.next();
    if (done) break;
    head.push(value);
    size += value.length;
    newline = Buffer.concat(head).indexOf(0x0a);
  }
  const firstBytes = Buffer.concat(head);
  const firstLine = firstBytes
    .subarray(0, newline < 0 ? firstBytes.length : newline)
    .toString('utf8')
    .replace(/\r$/, '');
  if (!firstLine.trim()) throw new ReportFileProblem('The report is empty: it needs a header row and lines');
  const { delimiter, columns } = readStoreReportHeader(firstLine);
  const problem = storeReportHeaderProblem(columns);
  if (problem) throw new ReportFileProblem(problem);
  async function* rest() {
    yield firstBytes;
    for (;;) {
      const { value, done } = await iterator.next();
      if (done) return;
      yield value;
    }
  }
  return { delimiter, body: rest() };
}

/**
 * Imports an uploaded store report inside the transaction that handles its `report.uploaded` event
 * (handleOnce): the report's earlier rows are deleted first, so a second run of the same event changes
 * nothing. The file streams from storage through csv.ts (plain lines split by it, the rest by csv-parse);
 * each batch of lines is validated, matched (ISRC → track, UPC → release, one lookup per batch),
 * converted to USD and written in bulk (COPY on PostgreSQL): every line into its block of a thousand
 * (db/src/storeReports/lineBlocks.ts), the unmatched and invalid ones with their reason and cells.
 * Royalties and analytics are summed in memory as the lines are read (projections.ts) and written in
 * bulk too once the file is read. The job ends `completed` with its totals and
 * `report.imported`, or, when the file itself cannot be read (missing, no header), `failed` with
 * `report.failed` and nothing counted. Anything else throws, so the event is retried; on its last attempt
 * (`lastAttempt`) the job fails with the error instead of staying `running` under a dead letter.
 */
export async function importStoreReport(
  deps: ImportDeps,
  reportId: string,
  trx: DbTransaction,
  { lastAttempt = false, rebuild = false }: { lastAttempt?: boolean; rebuild?: boolean } = {},
): Promise<ImportPhases | null> {
  const { db, logger } = deps;
  const report = await storeReportForImport(trx, reportId);
  if (!report) {
    logger.warn({ reportId }, 'reports: the report is gone, nothing to import');
    return null;
  }
  const startedAt = new Date();
  // Progress goes on a connection of its own, seen while this transaction is open (PGlite has one only).
  // A rebuild (make replay) only writes the report's rows again: the job and the log stay as they are.
  const progressDb = isEmbedded(db) || rebuild ? null : db;
  if (progressDb) await markStoreReportRunning(progressDb, reportId, startedAt);
  await clearStoreReportRows(trx, reportId);

  let outcome: Awaited<ReturnType<typeof readAndWrite>>;
  try {
    // A savepoint: a file that turns out unreadable half-way leaves none of its rows.
    outcome = await trx.transaction((savepoint) =>
      readAndWrite(deps, { id: reportId, fileKey: report.fileKey, size: report.size }, savepoint, progressDb),
    );
  } catch (error) {
    // Anything else is retried, and recorded as the reason only on the last attempt (not left `running`).
    if (rebuild || (!(error instanceof ReportFileProblem) && !lastAttempt)) throw error;
    const reason = error instanceof ReportFileProblem ? error.message : failureReport(error).error;
    await failStoreReport(trx, reportId, reason, startedAt);
    await appendEvent(trx, { type: 'report.failed', aggregateId: reportId, payload: { reason } });
    logger.warn({ err: error, reportId, reason }, 'reports: the file could not be imported');
    return null;
  }

  const { totals, royalties, bytesRead, phases } = outcome;
  const lines = totals.matched + totals.unmatched + totals.invalid;
  const royaltiesUsd = fromMinor(royalties.reduce((sum, r) => sum + toMinor(r.amount), 0n));
  const revenueUsd = fromScaled(totals.revenueUsd, REVENUE_DECIMALS);
  if (rebuild) return phases;
  await completeStoreReport(trx, reportId, {
    startedAt,
    bytesRead,
    linesTotal: lines,
    linesMatched: totals.matched,
    linesUnmatched: totals.unmatched,
    linesInvalid: totals.invalid,
    streams: totals.streams,
    downloads: totals.downloads,
    revenueUsd,
    royaltiesUsd,
  });
  await appendEvent(trx, {
    type: 'report.imported',
    aggregateId: reportId,
    payload: {
      lines,
      matched: totals.matched,
      unmatched: totals.unmatched,
      invalid: totals.invalid,
      streams: totals.streams,
      downloads: totals.downloads,
      revenueUsd,
      royaltiesUsd,
      artists: new Set(royalties.map((r) => r.userId)).size,
      periods: [...new Set(royalties.map((r) => r.period))].sort(),
    },
  });
  const seconds = Math.max((Date.now() - startedAt.getTime()) / 1000, 0.001);
  logger.info(
    {
      reportId,
      lines,
      ...totals,
      revenueUsd,
      royaltiesUsd,
      linesPerSecond: Math.round(lines / seconds),
      ...phases,
    },
    'reports: report imported',
  );
  return phases;
}

/**
 * Where an import's time went: reading the file (checking, matching and summing each line, its lines
 * written alongside), the process's CPU meanwhile, then writing the analytics cells and the ledger.
 */
export interface ImportPhases {
  readMs: number;
  readCpuMs: number;
  cellsAndLedgerMs: number;
}

async function readAndWrite(
  deps: ImportDeps,
  report: { id: string; fileKey: string; size: number },
  trx: DbTransaction,
  progressDb: Db | null,
) {
  const { storage, commissionPercent } = deps;
  const catalogueDb: Db | DbTransaction = isEmbedded(deps.db) ? trx : deps.db;
  const batchLines = deps.batchLines ?? 20_000;
  const progressEveryMs = deps.progressEveryMs ?? 500;

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  // Pieces of 256 KiB: while this thread matches a batch, the file reaches the reading thread only between
  // batches, about a piece each time, so the default 64 KiB left that thread waiting for bytes.
  const source = await storage.stream(report.fileKey, { chunkBytes: 256 * 1024 });
  if (!source) throw new ReportFileProblem('The uploaded file is missing from storage: upload it again');
  let writing: Promise<void> = Promise.resolve();
  try {
    const { delimiter, body } = await withHeader(source);
    const inThread = report.size >= (deps.threadFromBytes ?? 4 * 1024 * 1024);
    const reader = (inThread ? readInThread : readHere)(body, delimiter, batchLines);
    let keptNames: string[] = [];

    const matching = new Matching();
    const { tracks, releases, royalties, analytics, blocks, totals } = matching;
    let linesRead = 0;
    let bytesRead = 0;
    let savedAt = Date.now();

    // The transaction's connection runs one statement at a time, so its writes go one after another; but
    // while a batch is written, the next one is read, checked and matched here (needing the connection
    // again only for identifiers not seen yet): the database and this process work at the same time.
    let writeFailed = false;
    const write = (step: () => Promise<void>) => {
      writing = writing.then(step);
      // Awaited before the connection's next use and at the end; a failure stops the reading at once.
      writing.catch(() => (writeFailed = true));
    };

    // A batch is matched once what the catalogue says of its new identifiers is known. Where the catalogue
    // has a connection of its own, that lookup starts as soon as the batch is read, and the batch waits
    // for it while the next one is read: a report whose every batch names identifiers not seen yet (lines
    // that match nothing) does not wait for a round trip per batch.
    let waiting: { batch: LineBatch; lookup: Promise<void> } | null = null;
    const match = async ({ batch, lookup }: { batch: LineBatch; lookup: Promise<void> }, last: boolean) => {
      await lookup;
      matching.take(batch, keptNames);
      const full = blocks.take(last);
      write(() => insertStoreReportLineBlocks(trx, report.id, full));
    };

    const flush = async (batch: LineBatch, last = false) => {
      if (writeFailed) await writing;
      let lookup: Promise<void> = Promise.resolve();
      if (needsLookUp(batch, tracks, releases)) {
        if (catalogueDb === trx) {
          // One connection (PGlite): the lookup waits for the writes, and the batch for the lookup.
          await writing;
          await lookUp(catalogueDb, batch, tracks, releases, reader);
        } else {
          lookup = lookUp(catalogueDb, batch, tracks, releases, reader);
          // Awaited by `match`; a failure meanwhile is not an unhandled rejection.
          lookup.catch(() => undefined);
        }
      }
      const before = waiting;
      waiting = { batch, lookup };
      if (before) await match(before, false);
      if (last) {
        await match(waiting, true);
        waiting = null;
      }
      if (progressDb && Date.now() - savedAt >= progressEveryMs) {
        await saveStoreReportProgress(progressDb, report.id, { bytesRead, linesRead });
        savedAt = Date.now();
      }
    };

    for await (const data of reader.batches) {
      if (data.keptNames) keptNames = data.keptNames;
      linesRead += data.count;
      bytesRead = data.bytesRead;
      await flush(new LineBatch(data));
    }
    await flush(LineBatch.empty(), true);
    // The cells and the ledger made while the database still writes the last blocks: the two overlap.
    const cells = analytics.rows();
    const ledger = royaltyRows(royalties, commissionPercent);
    await writing;
    const readMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    await insertAnalyticsRows(trx, report.id, cells);
    await insertRoyaltyRows(trx, report.id, ledger);
    const phases: ImportPhases = {
      readMs: Math.round(readMs),
      readCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      cellsAndLedgerMs: Math.round(performance.now() - started - readMs),
    };
    return { totals, royalties: ledger, bytesRead, phases };
  } finally {
    source.destroy();
    // Nothing of this import may still be running on the connection once it returns (or throws).
    await writing.catch(() => undefined);
  }
}

/** The batch's ISRCs (or UPCs) not looked up yet. */
function notLookedUp(batch: LineBatch, column: 'isrc' | 'upc', known: Map<string, unknown>): string[] {
  // A batch's texts are its cells' (two cells may say the same code; an empty one says none).
  return [...new Set(batch.texts(column))].filter((code) => code && !known.has(code));
}

/** Whether the batch names an identifier not looked up yet. */
function needsLookUp(
  batch: LineBatch,
  tracks: Map<string, CatalogueTrack | null>,
  releases: Map<string, CatalogueRelease | null>,
): boolean {
  return notLookedUp(batch, 'isrc', tracks).length > 0 || notLookedUp(batch, 'upc', releases).length > 0;
}

/** Finds the catalogue rows of the batch's identifiers not looked up yet (remembering misses too). */
async function lookUp(
  trx: Db | DbTransaction,
  batch: LineBatch,
  tracks: Map<string, CatalogueTrack | null>,
  releases: Map<string, CatalogueRelease | null>,
  reader: LineReader,
) {
  const isrcs = notLookedUp(batch, 'isrc', tracks);
  const upcs = notLookedUp(batch, 'upc', releases);
  if (!isrcs.length && !upcs.length) return;
  const found = await catalogueByIdentifiers(trx, isrcs, upcs);
  for (const isrc of isrcs) tracks.set(isrc, found.tracks.get(isrc) ?? null);
  for (const upc of upcs) releases.set(upc, found.releases.get(upc) ?? null);
  reader.learn(
    isrcs.map((isrc) => [isrc, tracks.get(isrc)?.releaseId ?? null]),
    upcs.map((upc) => [upc, releases.get(upc)?.releaseId ?? null]),
  );
}
