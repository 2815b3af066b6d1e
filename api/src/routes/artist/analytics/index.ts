import { AnalyticsResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as handlers from './analytics.ts';
import { AnalyticsSchema } from './schema.ts';

export const analyticsRoutes = [
  defineRoute({
    method: 'get',
    path: '/analytics',
    summary:
      "The approved artist's own streams, downloads and store revenue over the last 30, 90 or 365 days (`days`, default 30): totals, monthly listeners, top track, per store, a series per day, or per month for monthly reports (and the last day reported), growth against the days before, and recent activity",
    tag: 'Analytics',
    audience: 'approved',
    request: AnalyticsSchema,
    response: AnalyticsResponse,
    handler: handlers.show,
  }),
];
