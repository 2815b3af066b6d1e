import type { StoreReportLineStatus } from '@riffline/contracts';
import type { Db, DbTransaction } from '../connection.ts';
import {
  blockEntries,
  matchesOf,
  readLineBlock,
  type StoreReportLineMatch,
  type StoreReportLineRecord,
} from './lineBlocks.ts';

export interface StoreReportLinesQuery {
  /** Only lines with this outcome. */
  status?: StoreReportLineStatus;
  /** Only these line numbers (react-admin's getMany). */
  lineNumbers?: number[];
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

interface BlockRow {
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
        .select('match', 'trackId', 'releaseId', 'userId', 'royaltyId')) as StoreReportLineMatch[])
    : [];
  const byNumber = new Map(matches.map((m) => [m.match, m]));
  return entries.flatMap((e) => readLineBlock(reportId, e, byNumber));
}

/**
 * One page of a report's lines in file order (or its reverse), and how many there are in all: read out of
 * the blocks that hold the page, found by their counts of earlier lines (all lines, or those of `status`).
 */
export async function storeReportLinesPage(
  db: Db | DbTransaction,
  reportId: string,
  { status, lineNumbers, order, offset, limit }: StoreReportLinesQuery,
): Promise<{ total: number; rows: StoreReportLineRecord[] }> {
  const blocks = () => db('store_report_line_blocks').where({ reportId });
  if (lineNumbers) {
    // A few lines by number (react-admin's getMany): the blocks whose range holds one of them.
    const wanted = new Set(lineNumbers);
    const rows = (await blocks()
      .whereRaw('exists (select 1 from unnest(?::int[]) n where n between first_line and last_line)', [
        `{${[...wanted].join(',')}}`,
      ])
      .orderBy('block')
      .select('entries')) as BlockRow[];
    const found = (await blockLines(db, reportId, rows)).filter(
      (line) => wanted.has(line.lineNumber) && (!status || line.status === status),
    );
    if (order === 'desc') found.reverse();
    return { total: found.length, rows: found.slice(offset, offset + limit) };
  }

  // Positions among all lines, or among those of the status (its columns: a status's own name).
  const count = status ?? 'records';
  const before = `${count}_before`;
  const sum = (await blocks().sum({ n: count }).first()) as { n: string | null } | undefined;
  const total = Number(sum?.n ?? 0);
  const start = order === 'asc' ? offset : Math.max(total - offset - limit, 0);
  const end = Math.min(order === 'asc' ? offset + limit : total - offset, total);
  if (end <= start) return { total, rows: [] };
  const rows = (await blocks()
    .whereRaw(`?? < ? and ?? + ?? > ?`, [before, end, before, count, start])
    .orderBy('block')
    .select({ first: before }, 'entries')) as Array<BlockRow & { first: number }>;
  const lines = (await blockLines(db, reportId, rows)).filter((line) => !status || line.status === status);
  const first = Number(rows[0]?.first ?? 0);
  const page = lines.slice(start - first, end - first);
  if (order === 'desc') page.reverse();
  return { total, rows: page };
}
