import { roles, UserApprovalBody, UserRoleBody } from '@riffline/contracts';
import { z } from 'zod';
import { listQuery } from '../listQuery.ts';

const booleanText = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: 'isApproved must be true or false',
});

export const ListUsersSchema = z.object({
  query: listQuery(
    ['createdAt', 'email', 'username', 'role', 'isApproved', 'lastName'],
    {
      role: z.enum(roles, { error: `role must be one of ${roles.join(', ')}` }),
      isApproved: booleanText,
      q: z.string().trim().max(200, 'Search must be at most 200 characters'),
    },
    { id: z.string().min(1, 'Invalid id').max(255, 'Invalid id') },
  ),
});
export type ListUsersInput = z.infer<typeof ListUsersSchema>;

export const UserIdSchema = z.object({
  params: z.object({ id: z.string().min(1).max(255, 'id must be at most 255 characters') }),
});
export type UserIdInput = z.infer<typeof UserIdSchema>;

export const ChangeRoleSchema = UserIdSchema.extend({ body: UserRoleBody });
export type ChangeRoleInput = z.infer<typeof ChangeRoleSchema>;

export const ChangeApprovalSchema = UserIdSchema.extend({ body: UserApprovalBody });
export type ChangeApprovalInput = z.infer<typeof ChangeApprovalSchema>;
