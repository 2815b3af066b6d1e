import { z } from 'zod';
import { UserResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import { ListUsersSchema, UserIdSchema } from './schema.ts';
import * as handlers from './users.ts';

const tag = 'Admin: users';

export const adminUserRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/users',
    summary: 'List users (ra-data-simple-rest: sort, range, filter {q, role, isApproved})',
    tag,
    audience: 'admin',
    list: true,
    request: ListUsersSchema,
    response: z.array(UserResponse),
    handler: handlers.list,
  }),
  defineRoute({
    method: 'get',
    path: '/admin/users/:id',
    summary: 'One user',
    tag,
    audience: 'admin',
    request: UserIdSchema,
    response: UserResponse,
    handler: handlers.show,
  }),
];
