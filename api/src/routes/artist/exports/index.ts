import { defineRoute } from '../../route.ts';
import * as handlers from './exports.ts';
import { ExportPageSchema } from './schema.ts';

export const exportRoutes = [
  defineRoute({
    method: 'get',
    path: '/exports/:id',
    summary:
      'The page of an export (HTML; its requester or an admin): progress while the workers build it, then its files with short-lived download links',
    tag: 'Releases',
    audience: 'approved',
    request: ExportPageSchema,
    handler: handlers.page,
  }),
];
