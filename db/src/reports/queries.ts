import type { ReportLineStatus } from '@riffline/contracts';
import { calendarDay, type Db, type DbTransaction } from '../connection.ts';
import { StoreReportLine } from '../models/StoreReport.ts';
import {
  blockEntries,
  matchesOf,
  noMatch,
  readLineBlock,
  type ReportLineMatch,
  type ReportLineRecord,
} from './lineBlocks.ts';

export interface ReportLinesQuery {
  /** Only lines with this outcome (unmatched and invalid ones are read through their partial index). */
  status?: ReportLineStatus;
  /** Only these line numbers (react-admin's getMany). */
  lineNumbers?: number[];
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A kept line's row as a line record (its row has no match). */
const keptRecord = (row: StoreReportLine): ReportLineRecord => ({
  reportId: row.reportId,
  lineNumber: Number(row.lineNumber),
  status: row.status,
  reason: row.reason,
  period: row.period,
  saleDate: calendarDay(row.saleDate),
  store: row.store,
  country: row.country,
  isrc: row.isrc,
  upc: row.upc,
  saleType: row.saleType,
  units: row.units === null ? null : Number(row.units),
  netRevenue: row.netRevenue === null ? null : String(row.netRevenue),
  currency: row.currency,
  ratePerUsd: row.ratePerUsd === null ? null : String(row.ratePerUsd),
  listeners: row.listeners === null ? null : Number(row.listeners),
  fields: row.fields,
  ...noMatch,
});

interface BlockRow {
  recordsBefore: number;
  matchedBefore: number;
  entries: string;
}

/** The lines of these blocks, in order, with what the matched ones matched. */
async function blockLines(db: Db | DbTransaction, reportId: string, rows: BlockRow[]) {
  const entries = rows.map((b) => blockEntries(b.entries));
  const numbers = [...new Set(entries.flatMap(matchesOf))];
  const matches = numbers.length
    ? ((await db('store_report_line_matches')
        .where({ reportId })
        .whereRaw('match = any(?::int[])', [`{${numbers.join(',')}}`])
        .select('match', 'trackId', 'releaseId', 'userId', 'royaltyId')) as ReportLineMatch[])
    : [];
  const byNumber = new Map(matches.map((m) => [m.match, m]));
  return entries.flatMap((e) => readLineBlock(reportId, e, byNumber));
}

/**
 * One page of a report's lines in file order (or its reverse), and how many there are in all. Unmatched
 * and invalid lines are rows of their own (read through their index); all lines, or the matched ones, are
 * read out of the blocks that hold the page (found by their counts of earlier lines), and the kept lines
 * among them completed from their rows.
 */
export async function reportLinesPage(
  db: Db | DbTransaction,
  reportId: string,
  { status, lineNumbers, order, offset, limit }: ReportLinesQuery,
): Promise<{ total: number; rows: ReportLineRecord[] }> {
  if (status && status !== 'matched') {
    const query = StoreReportLine.query(db).where('store_report_lines.reportId', reportId);
    query.where('store_report_lines.status', status);
    if (lineNumbers) query.whereIn('store_report_lines.lineNumber', lineNumbers);
    const [total, rows] = await Promise.all([
      query.clone().resultSize(),
      query.clone().orderBy('store_report_lines.lineNumber', order).offset(offset).limit(limit),
    ]);
    return { total, rows: rows.map(keptRecord) };
  }

  const blocks = () => db('store_report_line_blocks').where({ reportId });
  if (lineNumbers) {
    // A few lines by number (react-admin's getMany): the blocks whose range holds one of them.
    const wanted = new Set(lineNumbers);
    const rows = (await blocks()
      .whereRaw('exists (select 1 from unnest(?::int[]) n where n between first_line and last_line)', [
        `{${[...wanted].join(',')}}`,
      ])
      .orderBy('block')
      .select('recordsBefore', 'matchedBefore', 'entries')) as BlockRow[];
    const found = (await blockLines(db, reportId, rows)).filter(
      (line) => wanted.has(line.lineNumber) && (!status || line.status === status),
    );
    if (order === 'desc') found.reverse();
    return {
      total: found.length,
      rows: await withKeptRows(db, reportId, found.slice(offset, offset + limit)),
    };
  }

  // Positions among all lines, or among the matched ones.
  const [before, count] = status ? ['matched_before', 'matched'] : ['records_before', 'records'];
  const sum = (await blocks().sum({ n: count }).first()) as { n: string | null } | undefined;
  const total = Number(sum?.n ?? 0);
  const start = order === 'asc' ? offset : Math.max(total - offset - limit, 0);
  const end = Math.min(order === 'asc' ? offset + limit : total - offset, total);
  if (end <= start) return { total, rows: [] };
  const rows = (await blocks()
    .whereRaw(`${before} < ? and ${before} + ${count} > ?`, [end, start])
    .orderBy('block')
    .select('recordsBefore', 'matchedBefore', 'entries')) as BlockRow[];
  const first = status ? rows[0]?.matchedBefore : rows[0]?.recordsBefore;
  const lines = (await blockLines(db, reportId, rows)).filter((line) => !status || line.status === status);
  const page = lines.slice(start - Number(first ?? 0), end - Number(first ?? 0));
  if (order === 'desc') page.reverse();
  return { total, rows: await withKeptRows(db, reportId, page) };
}

/** The lines with each kept one (only its number and status in its block) replaced by its row. */
async function withKeptRows(
  db: Db | DbTransaction,
  reportId: string,
  lines: ReportLineRecord[],
): Promise<ReportLineRecord[]> {
  const kept = lines.filter((line) => line.status !== 'matched').map((line) => line.lineNumber);
  if (!kept.length) return lines;
  const rows = await StoreReportLine.query(db).where({ reportId }).whereIn('lineNumber', kept);
  const byNumber = new Map(rows.map((row) => [Number(row.lineNumber), keptRecord(row)]));
  return lines.map((line) => byNumber.get(line.lineNumber) ?? line);
}
