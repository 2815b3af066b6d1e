import { z } from 'zod';
import { AdminUserResponse, UserResponse } from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import { ChangeApprovalSchema, ChangeRoleSchema, ListUsersSchema, UserIdSchema } from './schema.ts';
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
    summary:
      'One user with their latest application and how many applications, releases and tickets they have (the lists: those resources filtered by userId)',
    tag,
    audience: 'admin',
    request: UserIdSchema,
    response: AdminUserResponse,
    handler: handlers.show,
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/users/:id/role',
    summary:
      "Make a user an admin or an artist (user.roleChanged). 409 'You cannot remove your own admin role', 409 'The last admin cannot be demoted'; the same role again answers 200 and appends nothing",
    tag,
    audience: 'admin',
    request: ChangeRoleSchema,
    response: AdminUserResponse,
    errors: [409],
    handler: handlers.changeUserRole,
  }),
  defineRoute({
    method: 'patch',
    path: '/admin/users/:id/approval',
    summary:
      "Open or close a user's artist area (user.approvalChanged); a pending application is approved with it, the latest approved one is rejected when it closes. 409 'You cannot remove your own approval'; the same value again answers 200 and appends nothing",
    tag,
    audience: 'admin',
    request: ChangeApprovalSchema,
    response: AdminUserResponse,
    errors: [409],
    handler: handlers.changeUserApproval,
  }),
];
