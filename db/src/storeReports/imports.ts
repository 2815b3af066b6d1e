import { REVENUE_DECIMALS } from '@riffline/contracts';
import { isEmbedded, type Db, type DbTransaction } from '../connection.ts';
import { StoreReport } from '../models/StoreReport.ts';
import { BinaryCopy, bulkInsert, bulkInsertText, copyText, type BulkValue } from './bulk.ts';
import { orderedIdPrefix } from './ids.ts';
import type { StoreReportLineBlock, StoreReportLineMatch } from './lineBlocks.ts';

/**
 * The import's reads and writes (workers/src/storeReports): the catalogue a report's identifiers name, the
 * report's rows (its lines in blocks: lineBlocks.ts; analytics; royalties)
 * written in bulk inside the handling transaction, and the job's state. Progress is written on a
 * connection of its own, outside that transaction, so an admin sees it while the import runs (PostgreSQL
 * only: PGlite has a single connection).
 */

/** A recording of ours, by its ISRC. */
export interface CatalogueTrack {
  trackId: string;
  releaseId: string;
  userId: string;
  title: string;
}

/** A release of ours, by its UPC. */
export interface CatalogueRelease {
  releaseId: string;
  userId: string;
  title: string;
}

/** The tracks and releases that carry these ISRCs and UPCs (two queries, whatever the count). */
export async function catalogueByIdentifiers(
  trx: Db | DbTransaction,
  isrcs: readonly string[],
  upcs: readonly string[],
): Promise<{ tracks: Map<string, CatalogueTrack>; releases: Map<string, CatalogueRelease> }> {
  const [trackRows, releaseRows] = await Promise.all([
    isrcs.length
      ? trx('tracks')
          .join('releases', 'releases.id', 'tracks.release_id')
          .whereIn('tracks.isrc', [...isrcs])
          .select(
            'tracks.isrc',
            'tracks.id as track_id',
            'tracks.release_id',
            'releases.user_id',
            'tracks.title',
          )
      : [],
    upcs.length
      ? trx('releases')
          .whereIn('upc', [...upcs])
          .select('upc', 'id', 'user_id', 'title')
      : [],
  ]);
  const tracks = new Map<string, CatalogueTrack>();
  for (const r of trackRows as Array<Record<string, string>>) {
    tracks.set(r.isrc!, { trackId: r.trackId!, releaseId: r.releaseId!, userId: r.userId!, title: r.title! });
  }
  const releases = new Map<string, CatalogueRelease>();
  for (const r of releaseRows as Array<Record<string, string>>) {
    releases.set(r.upc!, { releaseId: r.id!, userId: r.userId!, title: r.title! });
  }
  return { tracks, releases };
}

/**
 * The report to import, locked `for key share` until the transaction ends: it cannot be deleted while its
 * rows are written (they name it without a foreign key: migration 20261127000100), yet its progress can
 * be written meanwhile on another connection. A second delivery of the event waits on the first one's
 * processed_events claim instead.
 */
export function storeReportForImport(trx: DbTransaction, id: string) {
  return StoreReport.query(trx).findById(id).forKeyShare();
}

/** Takes away whatever an earlier run of this report's import wrote: importing it again never adds twice. */
export async function clearStoreReportRows(trx: DbTransaction, reportId: string): Promise<void> {
  await trx('store_report_line_blocks').where({ reportId }).delete();
  await trx('store_report_line_matches').where({ reportId }).delete();
  await deleteAnalyticsOf(trx, reportId);
  await trx('royalties').where({ reportId }).delete();
}

/**
 * Deletes a report's analytics cells: by the range of ids its import made them with (`analytics_ids`,
 * migration 20261129000100: '' for none), or, for a report whose cells have no one range (null), every
 * cell naming it (read across the table).
 */
async function deleteAnalyticsOf(trx: DbTransaction, reportId: string): Promise<void> {
  const report = (await trx('store_reports').where('id', reportId).first('analyticsIds')) as
    { analyticsIds: string | null } | undefined;
  const prefix = report ? report.analyticsIds : null;
  if (prefix === '') return;
  const cells = trx('analytics').where({ reportId });
  if (prefix) cells.whereBetween('id', [`${prefix}000000000000`, `${prefix}ffffffffffff`]);
  await cells.delete();
}

/** The job started (on its own connection: visible while the import's transaction is open). */
export async function markStoreReportRunning(db: Db, id: string, startedAt: Date): Promise<void> {
  await db('store_reports').where({ id }).whereIn('status', ['pending', 'running']).update({
    status: 'running',
    startedAt,
    bytesRead: 0,
    linesRead: 0,
    error: null,
    updatedAt: db.fn.now(),
  });
}

/** How far the import has read (on its own connection). */
export async function saveStoreReportProgress(
  db: Db,
  id: string,
  progress: { bytesRead: number; linesRead: number },
): Promise<void> {
  await db('store_reports')
    .where({ id, status: 'running' })
    .update({ ...progress, updatedAt: db.fn.now() });
}

const blockColumns: string[] = [
  'report_id',
  'block',
  'first_line',
  'last_line',
  'records_before',
  'records',
  'matched_before',
  'matched',
  'unmatched_before',
  'unmatched',
  'invalid_before',
  'invalid',
  'entries',
];

const BACKSLASH = 0x5c;

/**
 * The blocks as COPY text: each block's JSON bytes as they are, but for a backslash (JSON's escapes: a
 * value with quotes or control characters), which COPY reads doubled. JSON has no tab or line break.
 */
function* blocksText(
  reportId: string,
  blocks: readonly StoreReportLineBlock[],
): Generator<Buffer<ArrayBuffer>> {
  const report = copyText(reportId);
  for (const b of blocks) {
    yield Buffer.from(
      `${report}\t${b.block}\t${b.firstLine}\t${b.lastLine}\t${b.recordsBefore}\t${b.records}\t` +
        `${b.matchedBefore}\t${b.matched}\t${b.unmatchedBefore}\t${b.unmatched}\t${b.invalidBefore}\t${b.invalid}\t`,
    );
    yield b.entries.includes(BACKSLASH) ? doubledBackslashes(b.entries) : b.entries;
    yield NEWLINE;
  }
}
const NEWLINE = Buffer.from('\n');

/** The bytes with each backslash doubled: runs between them copied whole (a kept line's JSON has a few). */
function doubledBackslashes(bytes: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  let count = 0;
  for (let at = bytes.indexOf(BACKSLASH); at >= 0; at = bytes.indexOf(BACKSLASH, at + 1)) count += 1;
  const out = Buffer.allocUnsafe(bytes.length + count);
  let from = 0;
  let to = 0;
  for (let at = bytes.indexOf(BACKSLASH); at >= 0; at = bytes.indexOf(BACKSLASH, at + 1)) {
    to += bytes.copy(out, to, from, at + 1);
    out[to++] = BACKSLASH;
    from = at + 1;
  }
  bytes.copy(out, to, from);
  return out;
}

/** Writes blocks of a report's lines and the matches they name first (a COPY each). */
export async function insertStoreReportLineBlocks(
  trx: DbTransaction,
  reportId: string,
  { blocks, matches }: { blocks: readonly StoreReportLineBlock[]; matches: readonly StoreReportLineMatch[] },
): Promise<void> {
  await bulkInsert(
    trx,
    'store_report_line_matches',
    ['report_id', 'match', 'track_id', 'release_id', 'user_id', 'royalty_id'],
    matches.map((m): BulkValue[] => [reportId, m.match, m.trackId, m.releaseId, m.userId, m.royaltyId]),
  );
  if (blocks.length)
    await bulkInsertText(trx, 'store_report_line_blocks', blockColumns, blocksText(reportId, blocks));
}

/**
 * A report's analytics cell (SPEC §3 `analytics`): its matched lines of one release, track, store, country
 * and day, summed.
 */
export interface AnalyticsRow {
  userId: string;
  releaseId: string;
  trackId: string | null;
  /** The track's title. */
  track: string | null;
  platform: string;
  country: string;
  /** `YYYY-MM-DD`. */
  date: string;
  streams: number;
  downloads: number;
  /** USD, eight decimals. */
  revenueUsd: string;
  listeners: number | null;
}

const analyticsColumns: string[] = [
  'id',
  'report_id',
  'user_id',
  'release_id',
  'track_id',
  'track',
  'platform',
  'country',
  'date',
  'streams',
  'downloads',
  'revenue_usd',
  'listeners',
];

/**
 * Writes a report's analytics cells (one COPY), summed by the import as it read the file. Their ids are
 * made in order (orderedIdPrefix): the rows of one write side by side in the primary key's index.
 */
export async function insertAnalyticsRows(
  trx: DbTransaction,
  reportId: string,
  rows: readonly AnalyticsRow[],
): Promise<void> {
  const prefix = orderedIdPrefix();
  const idOf = (i: number) => prefix + (i + 1).toString(16).padStart(12, '0');
  // The report keeps the range its cells' ids are in (how they are found and deleted).
  await trx('store_reports')
    .where('id', reportId)
    .update({ analyticsIds: rows.length ? prefix : '' });
  if (!rows.length) return;
  if (!isEmbedded(trx)) {
    return bulkInsertText(trx, 'analytics', analyticsColumns, analyticsBinary(reportId, rows, idOf), {
      binary: true,
    });
  }
  return bulkInsert(
    trx,
    'analytics',
    analyticsColumns,
    rows.map((r, i): BulkValue[] => [
      idOf(i),
      reportId,
      r.userId,
      r.releaseId,
      r.trackId,
      r.track,
      r.platform,
      r.country,
      r.date,
      r.streams,
      r.downloads,
      r.revenueUsd,
      r.listeners,
    ]),
  );
}

/** The cells in COPY's binary format (analyticsColumns' order), written as the stream asks for them. */
function* analyticsBinary(
  reportId: string,
  rows: readonly AnalyticsRow[],
  idOf: (i: number) => string,
): Generator<Buffer<ArrayBuffer>> {
  const out = new BinaryCopy();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    out.row(analyticsColumns.length);
    out.uuid(idOf(i));
    out.repeatedUuid(reportId);
    out.text(r.userId);
    out.repeatedUuid(r.releaseId);
    out.repeatedUuid(r.trackId);
    out.text(r.track);
    out.text(r.platform);
    out.text(r.country);
    out.date(r.date);
    out.int8(r.streams);
    out.int8(r.downloads);
    out.numeric(r.revenueUsd, REVENUE_DECIMALS);
    out.int8(r.listeners);
    if (i % 1_000 === 999) yield* out.take();
  }
  yield* out.end();
}

/** An artist's royalty for a release and sale month from one report (its lines name it by `id`). */
export interface RoyaltyRow {
  id: string;
  userId: string;
  releaseId: string;
  period: string;
  /** USD, two decimals: what the artist is credited. */
  amount: string;
  /** USD, eight decimals: the lines' net revenue summed, before commission. */
  grossUsd: string;
  commissionPercent: string;
  lines: number;
}

const royaltyColumns: string[] = [
  'id',
  'report_id',
  'user_id',
  'release_id',
  'amount',
  'currency',
  'period',
  'gross_usd',
  'commission_percent',
  'lines',
];

export function insertRoyaltyRows(
  trx: DbTransaction,
  reportId: string,
  rows: readonly RoyaltyRow[],
): Promise<void> {
  return bulkInsert(
    trx,
    'royalties',
    royaltyColumns,
    rows.map((r): BulkValue[] => [
      r.id,
      reportId,
      r.userId,
      r.releaseId,
      r.amount,
      'USD',
      r.period,
      r.grossUsd,
      r.commissionPercent,
      r.lines,
    ]),
  );
}

/** What an import made of a report, as its job row keeps it. */
export interface StoreReportSummary {
  startedAt: Date;
  bytesRead: number;
  linesTotal: number;
  linesMatched: number;
  linesUnmatched: number;
  linesInvalid: number;
  streams: number;
  downloads: number;
  revenueUsd: string;
  royaltiesUsd: string;
}

export async function completeStoreReport(
  trx: DbTransaction,
  id: string,
  summary: StoreReportSummary,
): Promise<void> {
  const { startedAt, ...counts } = summary;
  await trx('store_reports')
    .where({ id })
    .update({
      ...counts,
      linesRead: summary.linesTotal,
      status: 'completed',
      error: null,
      startedAt: trx.raw('coalesce(started_at, ?)', [startedAt]),
      completedAt: trx.fn.now(),
      updatedAt: trx.fn.now(),
    });
}

/** The file could not be imported: nothing of it counts, and the job says why. */
export async function failStoreReport(
  trx: DbTransaction,
  id: string,
  reason: string,
  startedAt: Date,
): Promise<void> {
  await trx('store_reports')
    .where({ id })
    .update({
      status: 'failed',
      error: reason,
      linesTotal: 0,
      linesMatched: 0,
      linesUnmatched: 0,
      linesInvalid: 0,
      streams: 0,
      downloads: 0,
      revenueUsd: '0',
      royaltiesUsd: '0',
      startedAt: trx.raw('coalesce(started_at, ?)', [startedAt]),
      completedAt: trx.fn.now(),
      updatedAt: trx.fn.now(),
    });
}

/**
 * Serialises uploads of the same content (by its SHA-256) for the rest of the caller's transaction, so
 * two uploads of one file at the same moment cannot both pass the duplicate check.
 */
export async function lockStoreReportContent(trx: DbTransaction, contentHash: string): Promise<void> {
  if (!trx?.isTransaction) throw new Error('lockStoreReportContent must run inside a transaction');
  await trx.raw('select pg_advisory_xact_lock(7245002, hashtext(?))', [contentHash]);
}

/** The latest upload of this content that was not a failed import (a duplicate of it is refused). */
export function storeReportWithContent(trx: Db | DbTransaction, contentHash: string) {
  return StoreReport.query(trx)
    .where({ contentHash })
    .whereNot({ status: 'failed' })
    .orderBy('createdAt', 'desc')
    .first();
}

/**
 * What `make replay` imports again: each report whose `report.uploaded` event is on the log and whose
 * import completed, in log order, with the commission its royalties were computed at (null when it
 * credited nothing).
 */
export async function storeReportsToReplay(
  db: Db,
): Promise<Array<{ id: string; commission: string | null }>> {
  const { rows } = (await db.raw(
    `select r.id, (select c.commission_percent::text from royalties c where c.report_id = r.id limit 1) as commission
       from store_reports r
       join (select aggregate_id, min(position) as position from events
              where type = 'report.uploaded' and position is not null group by aggregate_id) e
         on e.aggregate_id = r.id::text
      where r.status = 'completed'
      order by e.position`,
  )) as { rows: Array<{ id: string; commission: string | null }> };
  return rows;
}

/** How many lines of a report are stored (its blocks' lines). */
export async function storeReportLineCount(db: Db, reportId: string): Promise<number> {
  const row = (await db('store_report_line_blocks').where({ reportId }).sum({ n: 'records' }).first()) as
    { n: string | null } | undefined;
  return Number(row?.n ?? 0);
}
