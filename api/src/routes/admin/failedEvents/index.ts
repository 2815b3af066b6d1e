import { z } from 'zod';
import { AdminFailedEventResponse, AdminPipelineResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as handlers from './failedEvents.ts';
import { pipeline } from './pipeline.ts';
import { FailedEventIdSchema, ListFailedEventsSchema } from './schema.ts';

const tag = 'Admin: events';

export const adminFailedEventRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/pipeline',
    summary:
      "The event pipeline at a glance: the outbox's backlog, each consumer group's lag (Postgres log), retrying and parked events, and the mail waiting to go",
    tag,
    audience: 'admin',
    response: AdminPipelineResponse,
    handler: pipeline,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/failed-events',
    summary:
      'Events a consumer group failed to handle: retrying, parked (dead letters), replay requested or replayed (ra-data-simple-rest: sort, range, filter status, group, type)',
    tag,
    audience: 'admin',
    list: true,
    request: ListFailedEventsSchema,
    response: z.array(AdminFailedEventResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/failed-events/:id',
    summary: 'One failed event with its event, attempts and last error (the console’s detail page)',
    tag,
    audience: 'admin',
    request: FailedEventIdSchema,
    response: AdminFailedEventResponse,
    handler: handlers.show,
  }),
  defineRoute({
    method: 'post',
    path: '/admin/failed-events/:id/replay',
    summary:
      "Deliver a parked event again to its consumer group: accepted as 'replay_requested'; the workers then mark it replayed, or park it again with the new error",
    tag,
    audience: 'admin',
    status: 202,
    request: FailedEventIdSchema,
    response: AdminFailedEventResponse,
    errors: [409],
    handler: handlers.replay,
  }),
];
