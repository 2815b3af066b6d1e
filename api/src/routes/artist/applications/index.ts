import { z } from 'zod';
import { ApplicationResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as handlers from './applications.ts';
import { SubmitApplicationSchema } from './schema.ts';

export const applicationRoutes = [
  defineRoute({
    method: 'post',
    path: '/applications',
    summary: 'Apply to join as an artist',
    tag: 'Applications',
    audience: 'user',
    request: SubmitApplicationSchema,
    response: ApplicationResponse,
    status: 201,
    errors: [409],
    rateLimit: {
      name: 'applications',
      limit: 10,
      windowMs: 3_600_000,
      message: 'Too many applications. Please try again later.',
    },
    handler: handlers.submit,
  }),
  defineRoute({
    method: 'get',
    path: '/applications/mine',
    summary: "The signed-in user's latest application",
    tag: 'Applications',
    audience: 'user',
    response: z.object({ application: ApplicationResponse.nullable() }),
    handler: handlers.mine,
  }),
];
