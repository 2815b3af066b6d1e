import { z } from 'zod';
import { AdminRoyaltyResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as handlers from './royalties.ts';
import { ListRoyaltiesSchema, RoyaltyIdSchema } from './schema.ts';

const tag = 'Admin: royalties';

/** The royalty ledger, every artist's, read-only (SPEC §2 admin tab Royalties). */
export const adminRoyaltyRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/royalties',
    summary:
      'The royalty ledger with each row’s artist and release, newest first (ra-data-simple-rest: sort, range, filter q on the artist or release title, status, userId, releaseId, period, createdAt_gte/_lte, amount_gte/_lte)',
    tag,
    audience: 'admin',
    list: true,
    request: ListRoyaltiesSchema,
    response: z.array(AdminRoyaltyResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/royalties/:id',
    summary: 'One royalty ledger row with its artist and release (react-admin getOne)',
    tag,
    audience: 'admin',
    request: RoyaltyIdSchema,
    response: AdminRoyaltyResponse,
    handler: handlers.show,
  }),
];
