import { z } from 'zod';
import { AdminApplicationResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as handlers from './applications.ts';
import { ApplicationIdSchema, ListApplicationsSchema, ReviewApplicationSchema } from './schema.ts';

const tag = 'Admin: applications';

export const adminApplicationRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/applications',
    summary: 'List applications (ra-data-simple-rest: sort, range, filter; or ?status=&q=)',
    tag,
    audience: 'admin',
    list: true,
    request: ListApplicationsSchema,
    response: z.array(AdminApplicationResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/applications/:id',
    summary: 'One application',
    tag,
    audience: 'admin',
    request: ApplicationIdSchema,
    response: AdminApplicationResponse,
    handler: handlers.show,
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/applications/:id',
    summary: 'Approve or reject a pending application',
    tag,
    audience: 'admin',
    request: ReviewApplicationSchema,
    response: AdminApplicationResponse,
    errors: [409],
    handler: handlers.review,
  }),
  defineRoute({
    method: 'put',
    path: '/admin/applications/:id',
    summary: 'Approve or reject a pending application (react-admin update: only status is read)',
    tag,
    audience: 'admin',
    request: ReviewApplicationSchema,
    response: AdminApplicationResponse,
    errors: [409],
    handler: handlers.review,
  }),
];
