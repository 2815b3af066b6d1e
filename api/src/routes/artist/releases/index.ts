import {
  ExportLinkResponse,
  exportKindOfRoute,
  ReleaseResponse,
  ReleaseWithTracksResponse,
  TrackResponse,
} from '@riffline/contracts';
import { z } from 'zod';
import { defineRoute } from '../../route.ts';
import * as handlers from './releases.ts';
import { CreateReleaseSchema, ListReleasesSchema, ReleaseIdSchema, UpdateReleaseSchema } from './schema.ts';

const tag = 'Releases';

export const releaseRoutes = [
  defineRoute({
    method: 'get',
    path: '/releases',
    summary: "The approved artist's own releases, newest first, with track count and cover (limit, offset)",
    tag,
    audience: 'approved',
    request: ListReleasesSchema,
    response: z.array(ReleaseResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'post',
    path: '/releases',
    summary:
      'Create a draft release with its tracks (the wizard); track numbers are given 1..n. A previously released one may bring its UPC and ISRCs: 409 when another release or track of the catalogue has one',
    tag,
    audience: 'approved',
    request: CreateReleaseSchema,
    response: ReleaseWithTracksResponse,
    status: 201,
    errors: [409],
    rateLimit: { name: 'releases:create', limit: 60, windowMs: 60 * 60_000 },
    handler: handlers.create,
  }),
  defineRoute({
    method: 'get',
    path: '/releases/:id',
    summary: 'One release with its tracks (its artist, or an admin)',
    tag,
    audience: 'approved',
    request: ReleaseIdSchema,
    response: ReleaseWithTracksResponse,
    handler: handlers.show,
  }),
  defineRoute({
    method: 'patch',
    path: '/releases/:id',
    summary: 'Edit title, album art URL and release artists of a draft or rejected release',
    tag,
    audience: 'approved',
    request: UpdateReleaseSchema,
    response: ReleaseResponse,
    errors: [409],
    handler: handlers.update,
  }),
  defineRoute({
    method: 'delete',
    path: '/releases/:id',
    summary: 'Delete a draft or rejected release with its tracks and files (204)',
    tag,
    audience: 'approved',
    request: ReleaseIdSchema,
    status: 204,
    errors: [409],
    handler: handlers.remove,
  }),
  defineRoute({
    method: 'get',
    path: '/releases/:id/tracks',
    summary: "A release's tracks in order",
    tag,
    audience: 'approved',
    request: ReleaseIdSchema,
    response: z.array(TrackResponse),
    handler: handlers.tracks,
  }),
  defineRoute({
    method: 'post',
    path: '/releases/:id/submit',
    summary:
      'Submit for distribution: draft (or rejected) → processing once it has a valid cover (uploaded artwork), every track has audio and the checklist is confirmed (409 lists what is missing, before any fee; 402 when the coins do not cover the fee)',
    tag,
    audience: 'approved',
    request: ReleaseIdSchema,
    response: ReleaseResponse,
    errors: [402, 409],
    handler: handlers.submit,
  }),
  ...(['drive', 'docs'] as const).map((route) =>
    defineRoute({
      method: 'post',
      path: `/releases/:id/export/${route}`,
      summary: `Export one release to ${route === 'drive' ? 'a folder (metadata, DDEX ERN 4.3, artwork, audio links)' : 'a .docx document'}, built by the workers: \`webViewLink\` opens its page`,
      tag,
      audience: 'approved',
      status: 202,
      request: ReleaseIdSchema,
      response: ExportLinkResponse,
      rateLimit: { name: 'exports:create', limit: 30, windowMs: 60 * 60_000, count: 'succeed' },
      handler: handlers.exportRelease(exportKindOfRoute[route]),
    }),
  ),
];
