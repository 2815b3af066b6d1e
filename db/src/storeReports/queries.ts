import type { StoreReportLineStatus } from '@riffline/contracts';
import type { Db, DbTransaction } from '../connection.ts';

export interface StoreReportLinesQuery {
  /** Only lines with this outcome. */
  status?: StoreReportLineStatus;
  /** Only these lines, by file and line number (react-admin's getMany). */
  lines?: Array<{ fileNumber: number; lineNumber: number }>;
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A report's line as stored, with the royalty row its revenue went into. */
export interface StoreReportLineRecord {
  reportId: string;
  fileNumber: number;
  lineNumber: number;
  status: StoreReportLineStatus;
  reason: string | null;
  period: string | null;
  startDate: string | null;
  endDate: string | null;
  store: string | null;
  country: string | null;
  isrc: string | null;
  upc: string | null;
  saleType: string | null;
  units: string | number | null;
  summaryId: string | null;
  netRevenue: string | null;
  currency: string | null;
  ratePerUsd: string | null;
  revenueUsd: string | null;
  track: string | null;
  release: string | null;
  artist: string | null;
  trackId: string | null;
  releaseId: string | null;
  userId: string | null;
  royaltyId: string | null;
  fields: Record<string, string> | null;
}

/** One page of a report's lines in file order (or its reverse), and how many there are in all. */
export async function storeReportLinesPage(
  db: Db | DbTransaction,
  reportId: string,
  { status, lines: wanted, order, offset, limit }: StoreReportLinesQuery,
): Promise<{ total: number; rows: StoreReportLineRecord[] }> {
  const lines = () => {
    const query = db('store_report_lines as l').where('l.reportId', reportId);
    if (status) query.where('l.status', status);
    if (wanted)
      query.whereIn(
        ['l.fileNumber', 'l.lineNumber'],
        wanted.map((w) => [w.fileNumber, w.lineNumber]),
      );
    return query;
  };
  const [counted] = (await lines().count({ n: '*' })) as Array<{ n: string | number }>;
  const rows = (await lines()
    .leftJoin('royalties as r', (on) =>
      on
        .on('r.reportId', 'l.reportId')
        .andOn('r.userId', 'l.userId')
        .andOn('r.releaseId', 'l.releaseId')
        .andOn('r.period', 'l.period'),
    )
    .orderBy([
      { column: 'l.fileNumber', order },
      { column: 'l.lineNumber', order },
    ])
    .offset(offset)
    .limit(limit)
    .select(
      'l.*',
      db.raw('l.start_date::text as start_date'),
      db.raw('l.end_date::text as end_date'),
      db.raw('l.net_revenue::text as net_revenue'),
      db.raw('l.rate_per_usd::text as rate_per_usd'),
      db.raw('l.revenue_usd::text as revenue_usd'),
      'r.id as royaltyId',
    )) as StoreReportLineRecord[];
  return { total: Number(counted?.n ?? 0), rows };
}
