import { checkUsage, currencies, REVENUE_DECIMALS, type UsageText } from '@riffline/contracts';
import {
  appendEvent,
  clearStoreReportRows,
  completeStoreReport,
  completeStoreReportParts,
  failStoreReport,
  failureReport,
  insertStoreReportSummaries,
  isEmbedded,
  markStoreReportRunning,
  openUsageStaging,
  saveStoreReportProgress,
  stageUsages,
  storeReportForImport,
  storeReportPartsWaiting,
  storeReportWithMessage,
  waitForParts,
  NOTHING_CREDITED,
  storeReportHolds,
  writeStoreReportCredits,
  writeStoreReportLines,
  type Db,
  type DbTransaction,
  type StagedUsage,
  type Storage,
  type StoreReportSummaryRow,
} from '@riffline/db';
import type { Logger } from 'pino';
import { readReportFile } from './read.ts';
import {
  ReportFileProblem,
  type FileFacts,
  type LineFields,
  type ReportSink,
  type SummaryRecord,
} from './usage.ts';

export interface ImportDeps {
  db: Db;
  storage: Storage;
  logger: Logger;
  /** ROYALTY_COMMISSION_PERCENT: the platform's share ("0": artists keep everything). */
  commissionPercent: string;
  /**
   * Past these bounds a report is held (ROYALTY_HOLD_STREAM_USD, ROYALTY_HOLD_LINE_USD); none for a
   * replay, which imports again only reports that completed (sane, or confirmed by an admin).
   */
  holds?: { holdStreamUsd: string; holdLineUsd: string };
  /** How often progress is saved while the import runs. */
  progressEveryMs?: number;
}

const AMOUNT = new RegExp(`^-?\\d{1,12}(\\.\\d{1,${REVENUE_DECIMALS}})?$`);
const RATE = /^\d{1,12}(\.\d{1,12})?$/;

function fieldsOf(cells: LineFields): Record<string, string> {
  if (!Array.isArray(cells)) return { ...(cells as Readonly<Record<string, string>>) };
  return Object.fromEntries((cells as readonly string[]).map((c, i) => [String(i + 1), c]));
}

/**
 * What the readers hand over, checked: usage lines by checkUsage (the one rule set), summaries by their
 * currency and amounts; a line naming a summary that could not be read is invalid with that reason.
 */
class Collected implements ReportSink {
  staged: StagedUsage[] = [];
  readonly summaries: StoreReportSummaryRow[] = [];
  readonly warnings: string[] = [];
  private readonly badSummaries = new Map<string, string>();
  /** Each summary's usages on the valid lines naming it, over every part of the report. */
  private readonly units = new Map<string, number>();
  private file = 1;
  lines = 0;

  head(facts: FileFacts): void {
    this.file = facts.fileNumber;
  }

  usage(line: number, cells: UsageText, fields?: () => LineFields): void {
    this.lines += 1;
    const bad = cells.summaryId ? this.badSummaries.get(cells.summaryId) : undefined;
    const check = bad ? { reason: bad } : checkUsage(cells);
    const { file } = this;
    if ('reason' in check) {
      const cellsRead = fields ? fields() : Object.values(cells);
      return void this.staged.push({ file, line, reason: check.reason, fields: fieldsOf(cellsRead) });
    }
    this.staged.push({ file, line, usage: check.usage });
    const id = check.usage.summaryId;
    if (id) this.units.set(id, (this.units.get(id) ?? 0) + check.usage.units);
  }

  invalid(line: number, reason: string, cells: LineFields): void {
    this.lines += 1;
    this.staged.push({ file: this.file, line, reason, fields: fieldsOf(cells) });
  }

  /** A report in several files: each summary's TotalUsages against its lines in all the parts. */
  reconcileParts(): void {
    for (const s of this.summaries) {
      const units = this.units.get(s.summaryId) ?? 0;
      if (s.totalUsages !== null && s.totalUsages !== units) {
        this.warn(
          `Summary "${s.summaryId}" states ${s.totalUsages} usages, but the valid usage lines naming it in all the parts add up to ${units}.`,
        );
      }
    }
  }

  summary(s: SummaryRecord): void {
    // Each part of a report in several files repeats its summaries.
    if (this.summaries.some((known) => known.summaryId === s.id) || this.badSummaries.has(s.id)) return;
    const currency = s.currency.toUpperCase();
    const problems = [
      !currencies.some((c) => c === currency) && `currency must be one of ${currencies.join(', ')}`,
      !AMOUNT.test(s.netRevenue) && `NetRevenue "${s.netRevenue}" is not an amount`,
      s.exchangeRate && !RATE.test(s.exchangeRate) && `ExchangeRate "${s.exchangeRate}" is not a rate`,
    ].filter(Boolean);
    if (problems.length) {
      this.badSummaries.set(s.id, `Summary ${s.id} (line ${s.line}): ${problems.join('; ')}`);
      this.warnings.push(
        `Summary ${s.id} (line ${s.line}) cannot be read: ${problems.join('; ')}; its lines are kept as invalid`,
      );
      return;
    }
    this.summaries.push({
      summaryId: s.id,
      lineNumber: s.line,
      country: s.country,
      commercialModel: s.commercialModel,
      useType: s.useType,
      totalUsages: /^\d{1,15}$/.test(s.totalUsages) ? Number(s.totalUsages) : null,
      currency,
      netRevenue: s.netRevenue,
      currencyOfTransaction: s.currencyOfTransaction.toUpperCase() || null,
      exchangeRate: s.exchangeRate || null,
    });
  }

  warn(message: string): void {
    this.warnings.push(message);
  }

  take(): StagedUsage[] {
    const staged = this.staged;
    this.staged = [];
    return staged;
  }
}

/** The refusal of a report already imported (same DSR MessageId and sender), unless forced. */
const alreadyImported = (facts: FileFacts, existing: { id: string; createdAt: Date }) =>
  `This report (MessageId ${facts.messageId} from ${facts.sender}, file ${facts.fileNumber} of ${facts.numberOfFiles}) ` +
  `was already imported on ${existing.createdAt.toISOString().slice(0, 10)} as report ${existing.id}; importing it ` +
  'again would count its sales twice. Upload it with force=true to import it again anyway.';

/**
 * Imports an uploaded store report inside the transaction that handles its `report.uploaded` event
 * (handleOnce): the report's earlier rows go first, so a second run of the same event changes nothing.
 * The file streams from storage through its format's reader; the usage lines are checked and copied into
 * a staging table as they come, then matched, valued and summed in SQL (db/src/storeReports/imports.ts).
 * A part of a report in several files waits (`waiting`, `report.waiting`, nothing counted) until its
 * last part comes, whose import reads every part and counts them once, as one report.
 * The job ends `completed` with its totals and `report.imported`, or, when the file itself cannot be
 * read, `failed` with `report.failed` and nothing counted. Anything else throws, so the event is retried;
 * on its last attempt the job fails with the error instead of staying `running` under a dead letter.
 */
export async function importStoreReport(
  deps: ImportDeps,
  reportId: string,
  trx: DbTransaction,
  { lastAttempt = false, rebuild = false }: { lastAttempt?: boolean; rebuild?: boolean } = {},
): Promise<void> {
  const { db, logger } = deps;
  const report = await storeReportForImport(trx, reportId);
  if (!report) {
    logger.warn({ reportId }, 'reports: the report is gone, nothing to import');
    return;
  }
  const startedAt = new Date();
  // Progress goes on a connection of its own, seen while this transaction is open (PGlite has one only).
  const progressDb = isEmbedded(db) || rebuild ? null : db;
  if (progressDb) await markStoreReportRunning(progressDb, reportId, startedAt);
  await clearStoreReportRows(trx, reportId);

  let read: Awaited<ReturnType<typeof readInto>>;
  try {
    // A savepoint: a file that turns out unreadable half-way leaves none of its rows.
    read = await trx.transaction((savepoint) => readInto(deps, report, savepoint, progressDb));
  } catch (error) {
    if (rebuild || (!(error instanceof ReportFileProblem) && !lastAttempt)) throw error;
    const reason = error instanceof ReportFileProblem ? error.message : failureReport(error).error;
    await failStoreReport(trx, reportId, reason, startedAt);
    await appendEvent(trx, { type: 'report.failed', aggregateId: reportId, payload: { reason } });
    logger.warn({ err: error, reportId, reason }, 'reports: the file could not be imported');
    return;
  }
  if (rebuild) return;
  const { facts } = read;
  if ('missing' in read) {
    await waitForParts(trx, reportId, facts);
    await appendEvent(trx, {
      type: 'report.waiting',
      aggregateId: reportId,
      payload: {
        messageId: facts.messageId!,
        fileNumber: facts.fileNumber,
        numberOfFiles: facts.numberOfFiles,
        missing: read.missing!,
      },
    });
    return;
  }
  const { outcome, warnings, bytesRead, parts, holds } = read;
  await completeStoreReport(trx, reportId, { startedAt, facts, bytesRead, warnings }, outcome, holds);
  await completeStoreReportParts(trx, parts, reportId);
  if (holds.length) {
    await appendEvent(trx, { type: 'report.held', aggregateId: reportId, payload: { reasons: holds } });
    logger.warn({ reportId, holds }, 'reports: report held until an admin confirms it');
    return;
  }
  await appendEvent(trx, {
    type: 'report.imported',
    aggregateId: reportId,
    payload: {
      lines: outcome.linesTotal,
      matched: outcome.linesMatched,
      unmatched: outcome.linesUnmatched,
      invalid: outcome.linesInvalid,
      streams: outcome.streams,
      downloads: outcome.downloads,
      revenueUsd: outcome.revenueUsd,
      royaltiesUsd: outcome.royaltiesUsd,
      artists: outcome.artists,
      periods: outcome.periods,
    },
  });
  const seconds = Math.max((Date.now() - startedAt.getTime()) / 1000, 0.001);
  const linesPerSecond = Math.round(outcome.linesTotal / seconds);
  logger.info({ reportId, format: facts.format, ...outcome, linesPerSecond }, 'reports: report imported');
}

/**
 * The file read into the staging table and, when it completes a report in several files, the other
 * parts too; then the report's rows written from them. Or, for a part whose report is not all in yet,
 * the parts still missing.
 */
async function readInto(
  deps: ImportDeps,
  report: { id: string; fileKey: string; forced: boolean },
  trx: DbTransaction,
  progressDb: Db | null,
) {
  const sink = new Collected();
  let bytesRead = 0;
  let savedAt = Date.now();
  await openUsageStaging(trx);
  // One batch's COPY runs while the reader reads the next: PostgreSQL and Node each on a core.
  let staging: Promise<void> = Promise.resolve();
  const write = async () => {
    await staging;
    staging = stageUsages(trx, sink.take());
    staging.catch(() => {}); // awaited before the next batch, or once the file is read
    if (progressDb && Date.now() - savedAt >= (deps.progressEveryMs ?? 500)) {
      await saveStoreReportProgress(progressDb, report.id, { bytesRead, linesRead: sink.lines });
      savedAt = Date.now();
    }
  };
  const readFile = async (fileKey: string) => {
    const source = await deps.storage.stream(fileKey, { chunkBytes: 256 * 1024 });
    if (!source) throw new ReportFileProblem('The uploaded file is missing from storage: upload it again');
    try {
      const facts = await readReportFile(source, sink, write, (bytes) => (bytesRead = bytes));
      await staging;
      return facts;
    } finally {
      source.destroy();
    }
  };

  const facts = await readFile(report.fileKey);
  const existing = facts.messageId && !report.forced && (await storeReportWithMessage(trx, report.id, facts));
  if (existing) throw new ReportFileProblem(alreadyImported(facts, existing));
  const parts = facts.numberOfFiles > 1 ? await storeReportPartsWaiting(trx, report.id, facts) : [];
  if (facts.numberOfFiles > 1) {
    const have = new Set([facts.fileNumber, ...parts.map((p) => p.fileNumber)]);
    const missing = Array.from({ length: facts.numberOfFiles }, (_, i) => i + 1).filter((n) => !have.has(n));
    if (missing.length) return { facts, missing };
    for (const part of parts) await readFile(part.fileKey);
    sink.reconcileParts();
  }
  await insertStoreReportSummaries(trx, report.id, sink.summaries);
  await stageUsages(trx, sink.take());
  const counts = await writeStoreReportLines(trx, report.id);
  const holds = deps.holds ? await storeReportHolds(trx, report.id, deps.holds) : [];
  const credits = holds.length
    ? NOTHING_CREDITED
    : await writeStoreReportCredits(trx, report.id, deps.commissionPercent);
  const outcome = { ...counts, ...credits };
  return { facts, outcome, warnings: sink.warnings, bytesRead, parts: parts.map((p) => p.id), holds };
}
