import { ReleaseResponse, ReleaseWithTracksResponse } from '@riffline/contracts';
import { z } from 'zod';
import { defineRoute } from '../../route.ts';
import * as handlers from './releases.ts';
import { AdminReleaseIdSchema, ListAdminReleasesSchema, ReviewReleaseSchema } from './schema.ts';

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
  ...(['patch', 'put'] as const).map((method) =>
    defineRoute({
      method,
      path: '/admin/releases/:id',
      summary:
        'Approve (live: ISRCs and a UPC are given) or reject (with the reason the artist reads) a release in review',
      tag,
      audience: 'admin',
      request: ReviewReleaseSchema,
      response: ReleaseWithTracksResponse,
      errors: [409],
      handler: handlers.review,
    }),
  ),
];
