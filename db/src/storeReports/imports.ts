import { ratesPerUsd, REVENUE_DECIMALS, type StoreReportFacts, type Usage } from '@riffline/contracts';
import type { Db, DbTransaction } from '../connection.ts';
import { StoreReport } from '../models/StoreReport.ts';
import { bulkInsertText, copyText } from './bulk.ts';
import { allocateStoreReportRoyalties } from '../splits/allocation.ts';

/**
 * The import's reads and writes (workers/src/storeReports, docs/reports.md). A report's usage lines are
 * copied into a staging table as the file is read; the rest is set-based SQL inside the handling
 * transaction: matching, revenue allocation, USD, each line's outcome, the analytics cells and the
 * royalty ledger. Lines and cells go into partitions of the report's own, attached once filled, when
 * their foreign keys are checked in one pass.
 */

/**
 * The report to import, locked `for key share` till the transaction ends (it cannot be deleted while its
 * rows are written, yet its progress can be written on another connection), under StoreReport.IMPORT_LOCK.
 */
export async function storeReportForImport(trx: DbTransaction, id: string) {
  await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [StoreReport.IMPORT_LOCK, id]);
  return StoreReport.query(trx).findById(id).forKeyShare();
}

const partitionOf = (table: 'store_report_lines' | 'analytics', reportId: string) =>
  `${table}_${reportId.replace(/-/g, '')}`;

/** Takes away whatever an earlier run of this report's import wrote: importing it again never adds twice. */
export async function clearStoreReportRows(trx: DbTransaction, reportId: string): Promise<void> {
  for (const table of ['store_report_lines', 'analytics'] as const) {
    await trx.raw('drop table if exists ??', [partitionOf(table, reportId)]);
  }
  await trx('royalties').where({ reportId }).delete();
  await trx('store_report_summaries').where({ reportId }).delete();
}

/** A usage line's fields in the staging table's column order (each column the field's snake_case name). */
// prettier-ignore
const USAGE_FIELDS = [
  'store', 'country', 'startDate', 'endDate', 'period', 'isrc', 'upc', 'saleType', 'units', 'summaryId',
  'netRevenue', 'currency', 'listeners', 'track', 'release', 'artist',
] as const satisfies ReadonlyArray<keyof Usage>;
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const usageColumns = ['file_number', 'line_number', 'reason', ...USAGE_FIELDS.map(snake), 'fields'];

/** Opens the staging table the report's usage lines are copied into (gone when the transaction ends). */
export async function openUsageStaging(trx: DbTransaction): Promise<void> {
  // Its statements sort and hash a whole report: in memory rather than spilled to disk in small batches.
  await trx.raw("set local work_mem = '256MB'");
  await trx.raw("set local maintenance_work_mem = '256MB'");
  await trx.raw('drop table if exists pg_temp.report_usages, pg_temp.report_shares');
  await trx.raw(`
    create temp table report_usages (
      file_number integer not null, line_number integer not null, reason text, store text, country text, start_date date, end_date date,
      period text, isrc text, upc text, sale_type text, units bigint, summary_id text,
      net_revenue numeric(24, 8), currency text, listeners bigint, track text, release text, artist text,
      fields jsonb
    ) on commit drop`);
}

/** A usage line as staged: what it says (checked), or why it cannot be counted with the cells it had. */
export type StagedUsage = { file: number; line: number } & (
  { usage: Usage } | { reason: string; usage?: Partial<Usage>; fields: Record<string, string> | null }
);

function usageRow(staged: StagedUsage): string {
  const usage: Partial<Usage> = staged.usage ?? {};
  const values = [
    staged.file,
    staged.line,
    'reason' in staged ? staged.reason : null,
    ...USAGE_FIELDS.map((field) => usage[field] ?? null),
    'fields' in staged && staged.fields ? JSON.stringify(staged.fields) : null,
  ];
  return `${values.map(copyText).join('\t')}\n`;
}

/** Copies usage lines into the staging table (one COPY). */
export async function stageUsages(trx: DbTransaction, usages: readonly StagedUsage[]): Promise<void> {
  if (usages.length)
    await bulkInsertText(trx, 'report_usages', usageColumns, [usages.map(usageRow).join('')]);
}

/** A DSR summary as the import keeps it. */
export interface StoreReportSummaryRow {
  summaryId: string;
  lineNumber: number;
  country: string;
  commercialModel: string;
  useType: string;
  totalUsages: number | null;
  currency: string;
  netRevenue: string;
  currencyOfTransaction: string | null;
  exchangeRate: string | null;
}

export async function insertStoreReportSummaries(
  trx: DbTransaction,
  reportId: string,
  rows: readonly StoreReportSummaryRow[],
): Promise<void> {
  if (rows.length)
    await trx.batchInsert(
      'store_report_summaries',
      rows.map((r) => ({ reportId, ...r })),
      500,
    );
}

/** SPEC §9's rates, for SQL. */
const specRates = () =>
  Object.entries(ratesPerUsd)
    .map(([currency, rate]) => `('${currency}', ${rate}::numeric)`)
    .join(', ');

const SCALE = `1e${REVENUE_DECIMALS}`;

/**
 * The staged lines into the report's lines partition, in one statement:
 * - a line that shares its summary's revenue gets NetRevenue × its usages ÷ the usages of the summary's
 *   lines, in units of 10^-8, the remainder given one unit at a time to the largest remainders (then file
 *   order), so that the parts add up to the summary exactly;
 * - to USD at the summary's ExchangeRate where it converts from USD, else at SPEC §9's rate (kept);
 * - matched by ISRC to a track, else by UPC to a release; a line whose two codes name different releases,
 *   or that names nothing of ours, is unmatched with the reason.
 */
async function writeLines(trx: DbTransaction, reportId: string, table: string): Promise<void> {
  await trx.raw('analyze report_usages');
  // The shares first, into a narrow table of their own: a CSV's lines have none to join.
  await trx.raw(
    `
    create temp table report_shares on commit drop as
    with split as (
      select u.file_number, u.line_number, u.summary_id, u.units, round(s.net_revenue * ${SCALE}) as total,
             sum(u.units) over (partition by u.summary_id) as summary_units
        from report_usages u
        join store_report_summaries s on s.report_id = :report and s.summary_id = u.summary_id
       where u.reason is null and u.net_revenue is null
    ),
    parts as (
      select s.*, sign(s.total) * floor(abs(s.total) * s.units / nullif(s.summary_units, 0)) as base,
             mod(abs(s.total) * s.units, nullif(s.summary_units, 0)) as rest
        from split s
    )
    select p.file_number, p.line_number,
           coalesce(p.base + case when row_number() over w <= abs(p.total) - sum(abs(p.base)) over (partition by p.summary_id)
                                  then sign(p.total) else 0 end, 0) / ${SCALE} as net
      from parts p
    window w as (partition by p.summary_id order by p.rest desc, p.file_number, p.line_number)`,
    { report: reportId },
  );
  await trx.raw('analyze report_shares');
  await trx.raw(
    `
    with rates (currency, per_usd) as (values ${specRates()}),
    lines as (
      select u.*, coalesce(u.currency, s.currency) as line_currency, coalesce(u.net_revenue, a.net) as net,
             case when coalesce(u.currency, s.currency) = 'USD' then 1
                  when s.currency_of_transaction = 'USD' and s.exchange_rate > 0 then s.exchange_rate
                  else r.per_usd end as per_usd,
             t.id as track_id, t.release_id as track_release, rl.id as upc_release,
             coalesce(tr.user_id, rl.user_id) as owner
        from report_usages u
        left join store_report_summaries s on s.report_id = :report and s.summary_id = u.summary_id
        left join rates r on r.currency = coalesce(u.currency, s.currency)
        left join report_shares a on a.file_number = u.file_number and a.line_number = u.line_number
        left join tracks t on u.reason is null and t.isrc = u.isrc
        left join releases tr on tr.id = t.release_id
        -- A UPC-A is the EAN-13 with a leading zero: either form names the release.
        left join releases rl on u.reason is null and lpad(rl.upc, 13, '0') = lpad(u.upc, 13, '0')
    )
    insert into :table: (report_id, file_number, line_number, status, reason, period, start_date, end_date, store,
                         country, isrc, upc, sale_type, units, summary_id, net_revenue, currency, rate_per_usd,
                         revenue_usd, listeners, track, release, artist, track_id, release_id, user_id, fields)
    select :report, l.file_number, l.line_number,
           case when l.reason is not null then 'invalid'
                when l.track_id is null and l.upc_release is null then 'unmatched'
                when l.track_id is not null and l.upc_release is not null and l.track_release <> l.upc_release
                  then 'unmatched'
                else 'matched' end,
           case when l.reason is not null then l.reason
                when l.track_id is null and l.upc_release is null then
                  case when l.isrc is not null and l.upc is not null
                         then 'No track has ISRC ' || l.isrc || ' and no release has UPC ' || l.upc
                       when l.isrc is not null then 'No track has ISRC ' || l.isrc
                       else 'No release has UPC ' || l.upc end
                when l.track_id is not null and l.upc_release is not null and l.track_release <> l.upc_release
                  then 'ISRC ' || l.isrc || ' is a track of another release than UPC ' || l.upc end,
           l.period, l.start_date, l.end_date, l.store, l.country, l.isrc, l.upc, l.sale_type, l.units,
           l.summary_id, l.net, l.line_currency, l.per_usd, round(l.net / l.per_usd, ${REVENUE_DECIMALS}),
           l.listeners, l.track, l.release, l.artist,
           l.track_id, coalesce(l.track_release, l.upc_release), l.owner, l.fields
      from lines l`,
    { report: reportId, table },
  );
}

/** A report's matched lines summed per artist, release, track, store, country and usage period. */
async function writeCells(trx: DbTransaction, reportId: string, table: string, lines: string): Promise<void> {
  await trx.raw(
    `insert into :table: (report_id, user_id, release_id, track_id, track, platform, country, date, end_date,
                     streams, downloads, revenue_usd, listeners)
     select :report, c.user_id, c.release_id, c.track_id, t.title, c.store, c.country, c.start_date, c.end_date,
            c.streams, c.downloads, c.revenue_usd, c.listeners
       from (select l.user_id, l.release_id, l.track_id, l.store, l.country, l.start_date, l.end_date,
                    coalesce(sum(l.units) filter (where l.sale_type <> 'download'), 0) as streams,
                    coalesce(sum(l.units) filter (where l.sale_type = 'download'), 0) as downloads,
                    sum(l.revenue_usd) as revenue_usd, sum(l.listeners) as listeners
               from :lines: l
              where l.status = 'matched'
              group by l.user_id, l.release_id, l.track_id, l.store, l.country, l.start_date, l.end_date) c
       -- The track's title once per cell, not once per line.
       left join tracks t on t.id = c.track_id`,
    { report: reportId, table, lines },
  );
}

/**
 * The royalty ledger: per artist, release and sale month, the lines' USD summed and the artist's share
 * rounded down to the cent, so that a report never credits more than its revenue. A track with a split
 * version of its own for the month gets a row of its own (docs/splits.md).
 */
async function writeRoyalties(trx: DbTransaction, reportId: string, lines: string, commission: string) {
  await trx.raw(
    `insert into royalties (report_id, user_id, release_id, track_id, amount, currency, period, gross_usd,
                            commission_percent, lines)
     select :report, l.user_id, l.release_id, l.split_track,
            round(floor(sum(l.revenue_usd) * (100 - :commission::numeric) / 100 * 100) / 100, 2), 'USD', l.period,
            sum(l.revenue_usd), :commission::numeric, count(*)
       from (select l.*, case when t.first_from <= l.period then l.track_id end as split_track
               from :lines: l
               left join (select track_id, min(effective_from) as first_from from splits
                           where track_id is not null group by track_id) t on t.track_id = l.track_id
              where l.status = 'matched') l
      group by l.user_id, l.release_id, l.split_track, l.period`,
    { report: reportId, commission, lines },
  );
  await allocateStoreReportRoyalties(trx, reportId); // by the release's split, if it has one (docs/splits.md)
}

/** Fills a partition of `table` for the report (a table of its own until then), then attaches it. */
async function fillPartition(
  trx: DbTransaction,
  table: 'store_report_lines' | 'analytics',
  reportId: string,
  fill: (partition: string) => Promise<void>,
): Promise<string> {
  const partition = partitionOf(table, reportId);
  await trx.raw('create table ?? (like ?? including defaults including constraints)', [partition, table]);
  await fill(partition);
  // Statistics before the first query of it: without, the planner takes a million rows for a few thousand.
  await trx.raw('analyze ??', [partition]);
  await trx.raw(`alter table ?? attach partition ?? for values in ('${reportId}')`, [table, partition]);
  return partition;
}

/** What a report's lines add up to, as its job row keeps it. */
export interface StoreReportCounts {
  linesTotal: number;
  linesMatched: number;
  linesUnmatched: number;
  linesInvalid: number;
  streams: number;
  downloads: number;
  revenueUsd: string;
  totals: Array<{ currency: string; netRevenue: string; revenueUsd: string }>;
}

/** What a report credited: the ledger's total, and the artists and sale months it names. */
export interface StoreReportCredits {
  royaltiesUsd: string;
  artists: number;
  periods: string[];
}
export type StoreReportOutcome = StoreReportCounts & StoreReportCredits;
export const NOTHING_CREDITED: StoreReportCredits = { royaltiesUsd: '0', artists: 0, periods: [] };

/** From the staged lines to the report's lines partition; what they add up to. */
export async function writeStoreReportLines(
  trx: DbTransaction,
  reportId: string,
): Promise<StoreReportCounts> {
  const lines = await fillPartition(trx, 'store_report_lines', reportId, (p) => writeLines(trx, reportId, p));
  const { rows } = (await trx.raw(
    `select count(*)::int as total,
            (count(*) filter (where status = 'matched'))::int as matched,
            (count(*) filter (where status = 'unmatched'))::int as unmatched,
            (count(*) filter (where status = 'invalid'))::int as invalid,
            coalesce(sum(units) filter (where status = 'matched' and sale_type <> 'download'), 0)::bigint as streams,
            coalesce(sum(units) filter (where status = 'matched' and sale_type = 'download'), 0)::bigint as downloads,
            coalesce(sum(revenue_usd) filter (where status = 'matched'), 0)::text as "revenueUsd"
       from ??`,
    [lines],
  )) as { rows: Array<Record<string, string | number>> };
  const totals = (await trx.raw(
    `select currency, sum(net_revenue)::text as "netRevenue", sum(revenue_usd)::text as "revenueUsd"
       from ?? where status <> 'invalid' group by currency order by currency`,
    [lines],
  )) as { rows: Array<{ currency: string; netRevenue: string; revenueUsd: string }> };
  const c = rows[0]!;
  return {
    linesTotal: Number(c.total),
    linesMatched: Number(c.matched),
    linesUnmatched: Number(c.unmatched),
    linesInvalid: Number(c.invalid),
    streams: Number(c.streams),
    downloads: Number(c.downloads),
    revenueUsd: String(c.revenueUsd),
    totals: totals.rows,
  };
}

/**
 * Why a report's amounts are not sane, each reason naming its lines (at most 10 each); none when they are:
 * a stream that earns more than `holdStreamUsd`, a line worth more than `holdLineUsd` either way, an
 * artist whose net for the report is below zero. A held report credits nothing until an admin confirms it.
 */
export async function storeReportHolds(
  trx: DbTransaction,
  reportId: string,
  { holdStreamUsd, holdLineUsd }: { holdStreamUsd: string; holdLineUsd: string },
): Promise<string[]> {
  const { rows } = (await trx.raw(
    `with matched as not materialized (select * from :lines: where status = 'matched'), -- read, not copied
     found as (
       select 1 as kind, 'USD ' || round(revenue_usd, 2) || ' on one line' as what,
              'line ' || line_number || case when file_number > 1 then ' of file ' || file_number else '' end as place
         from matched where abs(revenue_usd) > :line::numeric
       union all
       select 2, 'USD ' || round(revenue_usd / units, 4) || ' a stream (the ceiling is USD ' || :stream || ')',
              'line ' || line_number || case when file_number > 1 then ' of file ' || file_number else '' end
         from matched where sale_type <> 'download' and units > 0 and revenue_usd / units > :stream::numeric
       union all
       select 3, 'a net of USD ' || round(sum(revenue_usd), 2) || ' over ' || count(*) || ' lines', 'artist ' || user_id
         from matched group by user_id having sum(revenue_usd) < 0
     )
     select kind, count(*)::int as n,
            string_agg(place || ' (' || what || ')', '; ' order by place) filter (where rank <= 10) as named
       from (select f.*, row_number() over (partition by kind order by place) as rank from found f) r
      group by kind order by kind`,
    { lines: partitionOf('store_report_lines', reportId), line: holdLineUsd, stream: holdStreamUsd },
  )) as { rows: Array<{ kind: number; n: number; named: string }> };
  const heading = [
    `Lines worth more than USD ${holdLineUsd}`,
    `Streams paid more than USD ${holdStreamUsd}`,
    'Artists credited less than nothing',
  ];
  return rows.map((r) => `${heading[r.kind - 1]}: ${r.named}${r.n > 10 ? ` and ${r.n - 10} more` : ''}`);
}

/**
 * The report's analytics cells and royalty ledger, from its lines: at the import, or when an admin
 * confirms a held report.
 */
export async function writeStoreReportCredits(
  trx: DbTransaction,
  reportId: string,
  commissionPercent: string,
): Promise<StoreReportCredits> {
  const lines = partitionOf('store_report_lines', reportId);
  await trx.raw('drop table if exists ??', [partitionOf('analytics', reportId)]);
  await trx('royalties').where({ reportId }).delete();
  await fillPartition(trx, 'analytics', reportId, (p) => writeCells(trx, reportId, p, lines));
  await writeRoyalties(trx, reportId, lines, commissionPercent);
  const ledger = (await trx('royalties')
    .where({ reportId })
    .first(
      trx.raw('coalesce(sum(amount), 0)::numeric(14, 2)::text as amount'),
      trx.raw('count(distinct user_id)::int as artists'),
      trx.raw("coalesce(array_agg(distinct period order by period), '{}') as periods"),
    )) as { amount: string; artists: number; periods: string[] };
  return { royaltiesUsd: ledger.amount, artists: ledger.artists, periods: ledger.periods };
}

/** The job started (on its own connection where there is one: visible while the import runs). */
export async function markStoreReportRunning(
  db: Db | DbTransaction,
  id: string,
  startedAt: Date,
): Promise<void> {
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

/**
 * The other parts of a report in several files that are in: waiting, or imported with this one (its
 * import done again). Uploads of parts are serialised by a lock on the report's sender and MessageId, so
 * that the last part to come in sees every other one.
 */
export async function storeReportPartsWaiting(trx: DbTransaction, reportId: string, facts: StoreReportFacts) {
  await trx.raw('select pg_advisory_xact_lock(7245003, hashtext(?))', [`${facts.sender}|${facts.messageId}`]);
  return StoreReport.query(trx)
    .where({ messageId: facts.messageId, sender: facts.sender })
    .whereNot({ id: reportId })
    .where((q) => q.where({ status: 'waiting' }).orWhere({ importedWith: reportId }))
    .orderBy('fileNumber');
}

/** A part of a report in several files is in; nothing of it counts until the last part is. */
export async function waitForParts(trx: DbTransaction, id: string, facts: StoreReportFacts) {
  await trx('store_reports')
    .where({ id })
    .update({ ...facts, status: 'waiting', error: null, updatedAt: trx.fn.now() });
}

/** The parts a report's last part imported with it. */
export async function completeStoreReportParts(
  trx: DbTransaction,
  ids: readonly string[],
  importedWith: string,
) {
  if (!ids.length) return;
  await trx('store_reports')
    .whereIn('id', ids)
    .update({ status: 'completed', importedWith, completedAt: trx.fn.now(), updatedAt: trx.fn.now() });
}

/** Another report already imported with the same MessageId from the same sender (and file number). */
export function storeReportWithMessage(trx: DbTransaction, reportId: string, facts: StoreReportFacts) {
  return StoreReport.query(trx)
    .where({ messageId: facts.messageId, sender: facts.sender, fileNumber: facts.fileNumber })
    .whereNot({ id: reportId })
    .where({ status: 'completed' })
    .orderBy('createdAt')
    .first();
}

/** The job done: `completed`, or `held` (nothing credited) when it has holds. */
export async function completeStoreReport(
  trx: DbTransaction,
  id: string,
  run: { startedAt: Date; facts: StoreReportFacts; bytesRead: number; warnings: readonly string[] },
  outcome: StoreReportOutcome,
  holds: readonly string[] = [],
): Promise<void> {
  const { totals, artists: _artists, periods: _periods, ...counts } = outcome;
  await trx('store_reports')
    .where({ id })
    .update({
      ...run.facts,
      ...counts,
      totals: JSON.stringify(totals),
      warnings: JSON.stringify(run.warnings),
      holds: JSON.stringify(holds),
      bytesRead: run.bytesRead,
      linesRead: outcome.linesTotal,
      status: holds.length ? 'held' : 'completed',
      error: null,
      startedAt: trx.raw('coalesce(started_at, ?)', [run.startedAt]),
      completedAt: trx.fn.now(),
      updatedAt: trx.fn.now(),
    });
}

/** A held report confirmed by an admin: its credits written now, at today's commission. */
export async function confirmHeldStoreReport(trx: DbTransaction, id: string, commissionPercent: string) {
  const credits = await writeStoreReportCredits(trx, id, commissionPercent);
  await trx('store_reports')
    .where({ id })
    .update({ status: 'completed', royaltiesUsd: credits.royaltiesUsd, updatedAt: trx.fn.now() });
  return credits;
}

/** The file could not be imported: nothing of it counts, and the job says why. */
export async function failStoreReport(trx: DbTransaction, id: string, reason: string, startedAt: Date) {
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
      totals: '[]',
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
      where r.status = 'completed' and r.imported_with is null
      order by e.position`,
  )) as { rows: Array<{ id: string; commission: string | null }> };
  return rows;
}

/** How many lines of a report are stored. */
export async function storeReportLineCount(db: Db, reportId: string): Promise<number> {
  const row = (await db('store_report_lines').where({ reportId }).count({ n: '*' }).first()) as
    { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}
