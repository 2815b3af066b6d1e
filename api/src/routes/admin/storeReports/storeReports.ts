import { storeReportLinesPage, StoreReport } from '@riffline/db';
import { confirmStoreReport } from '../../../commands/storeReports/storeReportConfirmer.ts';
import { uploadStoreReport } from '../../../commands/storeReports/storeReportUploader.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentStoreReport, presentStoreReportLine } from '../../../presenters/storeReport.ts';
import type { Handler } from '../../route.ts';
import { containsPattern, pageOf } from '../listQuery.ts';
import type {
  ListStoreReportsInput,
  StoreReportIdInput,
  StoreReportLinesInput,
  UploadStoreReportInput,
} from './schema.ts';

export const STORE_REPORT_NOT_FOUND = 'Report not found';

/** POST /api/admin/reports: the multipart body streams to storage; 201 with the pending job. */
export const upload: Handler<UploadStoreReportInput> = async (ctx, deps) =>
  presentStoreReport(await uploadStoreReport(deps, ctx.state.user!, ctx.req, ctx.state.input.query.force));

export const list: Handler<ListStoreReportsInput> = async (ctx, { db }) => {
  const { filter, sort, range, dates } = ctx.state.input.query;
  // Statuses as they stand: an import cut off mid-way is `pending` again, not `running`.
  const query = StoreReport.queryNow(db);
  if (filter.status) query.where(StoreReport.statusNow(db), filter.status);
  if (filter.q) query.whereILike('store_reports.filename', containsPattern(filter.q));
  const rows = await pageOf(
    ctx,
    'reports',
    query,
    { sort, range, filter, dates },
    { field: 'createdAt', order: 'desc' },
  );
  return rows.map(presentStoreReport);
};

export const show: Handler<StoreReportIdInput> = async (ctx, { db }) => {
  const report = await StoreReport.queryNow(db).findById(ctx.state.input.params.id);
  if (!report) throw NotFoundError(STORE_REPORT_NOT_FOUND);
  return presentStoreReport(report);
};

/** POST /api/admin/reports/:id/confirm: a held report credited after all. */
export const confirm: Handler<StoreReportIdInput> = async (ctx, { db, config }) =>
  presentStoreReport(
    await confirmStoreReport(
      db,
      ctx.state.user!,
      ctx.state.input.params.id,
      config.royalties.commissionPercent,
      STORE_REPORT_NOT_FOUND,
    ),
  );

/** GET /api/admin/reports/:id/lines: the lines as kept, in file order, filtered by status. */
export const lines: Handler<StoreReportLinesInput> = async (ctx, { db }) => {
  const { params, query } = ctx.state.input;
  const report = await StoreReport.query(db).findById(params.id);
  if (!report) throw NotFoundError(STORE_REPORT_NOT_FOUND);
  const { filter, sort, range } = query;
  // A line's id is `<report id>:<file number>:<line number>`.
  const lines = filter.id
    ?.map((id) => id.split(':'))
    .filter(([reportId]) => reportId?.toLowerCase() === report.id)
    .map(([, file, line]) => ({ fileNumber: Number(file), lineNumber: Number(line) }));
  const { total, rows } = await storeReportLinesPage(db, report.id, {
    status: filter.status,
    lines,
    order: sort?.order ?? 'asc',
    offset: range.start,
    limit: range.end - range.start + 1,
  });
  const end = rows.length ? range.start + rows.length - 1 : 0;
  ctx.set('Content-Range', `report-lines ${rows.length ? range.start : 0}-${end}/${total}`);
  ctx.set('Access-Control-Expose-Headers', 'Content-Range');
  return rows.map(presentStoreReportLine);
};
