import { ExportResponse, ExportWithFilesResponse } from '@riffline/contracts';
import { z } from 'zod';
import { defineRoute } from '../../route.ts';
import * as handlers from './exports.ts';
import { ExportIdSchema, ListExportsSchema } from './schema.ts';

const tag = 'Admin: exports';

export const adminExportRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/exports',
    summary:
      'Release exports and their progress (ra-data-simple-rest: sort, range, filter status, kind, scope, releaseId, requestedBy)',
    tag,
    audience: 'admin',
    list: true,
    request: ListExportsSchema,
    response: z.array(ExportResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/exports/:id',
    summary: 'One export with its files, each with a short-lived download URL once it is completed',
    tag,
    audience: 'admin',
    request: ExportIdSchema,
    response: ExportWithFilesResponse,
    handler: handlers.show,
  }),
];
