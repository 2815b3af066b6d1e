import { z } from 'zod';
import { AdminAnalyticsResponse, AdminAnalyticsSummary } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as handlers from './analytics.ts';
import { AnalyticsIdSchema, AnalyticsSummarySchema, ListAnalyticsSchema } from './schema.ts';

const tag = 'Admin: analytics';

/** Store usage across every artist, read-only (SPEC §2 admin tab Analytics): the rows and a summary. */
export const adminAnalyticsRoutes = [
  // Before /:id, which would read `summary` as an id.
  defineRoute({
    method: 'get',
    path: '/admin/analytics/summary',
    summary:
      'Usage between from and to (YYYY-MM-DD, both included, either optional; filter releaseId, userId, platform): totals and the breakdowns per day, store, release (top 50) and country',
    tag,
    audience: 'admin',
    request: AnalyticsSummarySchema,
    response: AdminAnalyticsSummary,
    handler: handlers.summary,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/analytics',
    summary:
      'Usage rows (release, track, store, country, day: streams, downloads, revenue in USD), newest day first (ra-data-simple-rest: sort, range, filter q, releaseId, userId, platform, country, date_gte/_lte)',
    tag,
    audience: 'admin',
    list: true,
    request: ListAnalyticsSchema,
    response: z.array(AdminAnalyticsResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/analytics/:id',
    summary: 'One usage row with its release and artist (react-admin getOne)',
    tag,
    audience: 'admin',
    request: AnalyticsIdSchema,
    response: AdminAnalyticsResponse,
    handler: handlers.show,
  }),
];
