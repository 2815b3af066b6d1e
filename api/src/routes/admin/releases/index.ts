import {
  DocumentExportResponse,
  ExpensesResponse,
  FolderExportResponse,
  ReleaseResponse,
  ReleaseWithTracksResponse,
  SplitsResponse,
} from '@riffline/contracts';
import { z } from 'zod';
import { defineRoute } from '../../route.ts';
import * as exportHandlers from './exports.ts';
import * as handlers from './releases.ts';
import {
  AdminReleaseIdSchema,
  ExportReleasesSchema,
  ListAdminReleasesSchema,
  ReviewReleaseSchema,
} from './schema.ts';

const tag = 'Admin: releases';

export const adminReleaseRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/releases',
    summary: 'List releases (ra-data-simple-rest: sort, range, filter status, userId, q)',
    tag,
    audience: 'admin',
    list: true,
    request: ListAdminReleasesSchema,
    response: z.array(ReleaseResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/releases/:id',
    summary: 'One release with its tracks',
    tag,
    audience: 'admin',
    request: AdminReleaseIdSchema,
    response: ReleaseWithTracksResponse,
    handler: handlers.show,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/releases/:id/splits',
    summary:
      "Any release's split, read-only: its versions newest first with their shares, and what each payee was credited, earned or held until they accept (USD, rounded down to the cent); the owner's GET /releases/:id/splits",
    tag,
    audience: 'admin',
    request: AdminReleaseIdSchema,
    response: SplitsResponse,
    handler: handlers.splits,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/releases/:id/expenses',
    summary:
      "Any release's expenses, read-only, in the order they are repaid, each with its payer, repaid and left, and what is left to recoup (USD); the owner's GET /releases/:id/expenses",
    tag,
    audience: 'admin',
    request: AdminReleaseIdSchema,
    response: ExpensesResponse,
    handler: handlers.expenses,
  }),
  ...(['patch', 'put'] as const).map((method) =>
    defineRoute({
      method,
      path: '/admin/releases/:id',
      summary:
        'Approve (live: ISRCs and a UPC are given; 409 without a valid cover) or reject (with the reason the artist reads) a release in review',
      tag,
      audience: 'admin',
      request: ReviewReleaseSchema,
      response: ReleaseWithTracksResponse,
      errors: [409],
      handler: handlers.review,
    }),
  ),
  defineRoute({
    method: 'post',
    path: '/admin/releases/export/drive',
    summary:
      'Export to Drive: every release (or those of one `status`) as a folder in object storage, one sub-folder per release (metadata.json, the DDEX ERN 4.3 message, artwork, links to the audio) and an index, built by the workers; `mainFolderLink` opens its page (409 when there is no release)',
    tag: 'Admin: exports',
    audience: 'admin',
    status: 202,
    request: ExportReleasesSchema,
    response: FolderExportResponse,
    errors: [409],
    rateLimit: { name: 'exports:create', limit: 30, windowMs: 60 * 60_000 },
    handler: exportHandlers.toFolder,
  }),
  defineRoute({
    method: 'post',
    path: '/admin/releases/export/docs',
    summary:
      'Export to Docs: every release (or those of one `status`) in one .docx, a section per release (cover, metadata, tracks with ISRC, durations, credits, status), built by the workers; `webViewLink` opens its page (409 when there is no release)',
    tag: 'Admin: exports',
    audience: 'admin',
    status: 202,
    request: ExportReleasesSchema,
    response: DocumentExportResponse,
    errors: [409],
    rateLimit: { name: 'exports:create', limit: 30, windowMs: 60 * 60_000 },
    handler: exportHandlers.toDocument,
  }),
];
