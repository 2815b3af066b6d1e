import type { ReportLineStatus } from '@riffline/contracts';
import type { Db, DbTransaction } from '../connection.ts';
import { StoreReportLine } from '../models/StoreReport.ts';

export interface ReportLinesQuery {
  /** Only lines with this outcome (unmatched and invalid ones are read through their partial index). */
  status?: ReportLineStatus;
  /** Only these line numbers (react-admin's getMany). */
  lineNumbers?: number[];
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** One page of a report's lines in file order (or its reverse), and how many there are in all. */
export async function reportLinesPage(
  db: Db | DbTransaction,
  reportId: string,
  { status, lineNumbers, order, offset, limit }: ReportLinesQuery,
): Promise<{ total: number; rows: StoreReportLine[] }> {
  const query = StoreReportLine.query(db).where('store_report_lines.reportId', reportId);
  if (status) query.where('store_report_lines.status', status);
  if (lineNumbers) query.whereIn('store_report_lines.lineNumber', lineNumbers);
  const [total, rows] = await Promise.all([
    query.clone().resultSize(),
    query.clone().orderBy('store_report_lines.lineNumber', order).offset(offset).limit(limit),
  ]);
  return { total, rows };
}
