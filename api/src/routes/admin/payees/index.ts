import { AdminPayeeDetailResponse, AdminPayeeResponse } from '@riffline/contracts';
import { z } from 'zod';
import { defineRoute } from '../../route.ts';
import * as handlers from './payees.ts';
import { ListPayeesSchema, PayeeIdSchema } from './schema.ts';

const tag = 'Admin: payees';

/** Every owner's payees (docs/splits.md), read-only: invites, and what is earned and held. */
export const adminPayeeRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/payees',
    summary:
      'Payees of every release owner, newest first, with their owner, account, invite, and USD earned and held (rounded down to the cent) (ra-data-simple-rest: sort, range, filter q on the payee’s email or name or the owner’s, status, ownerId, userId, releaseId, createdAt_gte/_lte)',
    tag,
    audience: 'admin',
    list: true,
    request: ListPayeesSchema,
    response: z.array(AdminPayeeResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/payees/:id',
    summary: 'One payee with each release naming them: the versions’ shares and what was earned and held',
    tag,
    audience: 'admin',
    request: PayeeIdSchema,
    response: AdminPayeeDetailResponse,
    handler: handlers.show,
  }),
];
