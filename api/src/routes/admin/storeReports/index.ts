import { z } from 'zod';
import {
  AdminStoreReportLineResponse,
  AdminStoreReportResponse,
  MAX_STORE_REPORT_BYTES,
} from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as handlers from './storeReports.ts';
import {
  ListStoreReportsSchema,
  StoreReportIdSchema,
  StoreReportLinesSchema,
  UploadStoreReportSchema,
} from './schema.ts';

const tag = 'Admin: reports';

/** Store sales reports: upload (the import runs in the workers), the jobs, and each job's kept lines. */
export const adminStoreReportRoutes = [
  defineRoute({
    method: 'post',
    path: '/admin/reports',
    summary:
      'Upload a store report (multipart/form-data, the CSV in `file`, streamed to storage): 201 with its import job, `pending` until the workers import it. The same file again is refused (409) unless `force=true`',
    tag,
    audience: 'admin',
    status: 201,
    request: UploadStoreReportSchema,
    upload: { mediaTypes: ['multipart/form-data'], maxBytes: MAX_STORE_REPORT_BYTES, field: 'file' },
    response: AdminStoreReportResponse,
    errors: [409],
    handler: handlers.upload,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/reports',
    summary:
      'Store report imports, newest first (ra-data-simple-rest: sort, range, filter status and q on the file name)',
    tag,
    audience: 'admin',
    list: true,
    request: ListStoreReportsSchema,
    response: z.array(AdminStoreReportResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/reports/:id',
    summary: 'A store report import: status, progress, what its lines became and its totals',
    tag,
    audience: 'admin',
    request: StoreReportIdSchema,
    response: AdminStoreReportResponse,
    handler: handlers.show,
  }),
  defineRoute({
    method: 'post',
    path: '/admin/reports/:id/confirm',
    summary:
      'Confirm a held report (its amounts fell outside sane bounds: `holds` says why): its analytics and royalties are written now, and the artists told. 409 unless held',
    tag,
    audience: 'admin',
    request: StoreReportIdSchema,
    response: AdminStoreReportResponse,
    errors: [404, 409],
    handler: handlers.confirm,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/reports/:id/lines',
    summary:
      "A report's lines in file order with what became of them (filter status: unmatched, invalid or matched), each kept line with its reason",
    tag,
    audience: 'admin',
    list: true,
    request: StoreReportLinesSchema,
    response: z.array(AdminStoreReportLineResponse),
    handler: handlers.lines,
  }),
];
