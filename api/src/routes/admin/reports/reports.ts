import { reportLinesPage, StoreReport } from '@riffline/db';
import { uploadReport } from '../../../commands/reports/reportUploader.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentReport, presentReportLine } from '../../../presenters/report.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type { ListReportsInput, ReportIdInput, ReportLinesInput, UploadReportInput } from './schema.ts';

export const REPORT_NOT_FOUND = 'Report not found';

/** POST /api/admin/reports: the multipart body streams to storage; 201 with the pending job. */
export const upload: Handler<UploadReportInput> = async (ctx, deps) =>
  presentReport(await uploadReport(deps, ctx.state.user!, ctx.req, ctx.state.input.query.force));

export const list: Handler<ListReportsInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  const query = StoreReport.query(db);
  if (filter.status) query.where('store_reports.status', filter.status);
  if (filter.q) query.whereILike('store_reports.filename', containsPattern(filter.q));
  const rows = await pageOf(
    ctx,
    'reports',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
  );
  return rows.map(presentReport);
};

export const show: Handler<ReportIdInput> = async (ctx, { db }) => {
  const report = await StoreReport.query(db).findById(ctx.state.input.params.id);
  if (!report) throw NotFoundError(REPORT_NOT_FOUND);
  return presentReport(report);
};

/** GET /api/admin/reports/:id/lines: the lines as kept, in file order, filtered by status. */
export const lines: Handler<ReportLinesInput> = async (ctx, { db }) => {
  const { params, query } = ctx.state.input;
  const report = await StoreReport.query(db).findById(params.id);
  if (!report) throw NotFoundError(REPORT_NOT_FOUND);
  const { filter, sort, range } = query;
  const lineNumbers = filter.id
    ?.map((id) => id.split(':'))
    .filter(([reportId]) => reportId?.toLowerCase() === report.id)
    .map(([, line]) => Number(line));
  const { total, rows } = await reportLinesPage(db, report.id, {
    status: filter.status,
    lineNumbers,
    order: sort?.order ?? 'asc',
    offset: range.start,
    limit: range.end - range.start + 1,
  });
  const end = rows.length ? range.start + rows.length - 1 : 0;
  ctx.set('Content-Range', `report-lines ${rows.length ? range.start : 0}-${end}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  return rows.map(presentReportLine);
};
