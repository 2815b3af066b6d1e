import { applicationStatuses, currencies, roles } from './enums.ts';
import { z } from 'zod';
import { DecimalAmount } from './common.ts';

export const UserResponse = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(roles),
  isApproved: z.boolean(),
  /** The issuer vouches that the user owns `email` (the embedded provider: a link sent there was opened). */
  emailVerified: z.boolean(),
  preferredCurrency: z.enum(currencies),
  coins: DecimalAmount,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /**
   * The signed-in user accepted a share of someone's release split, so they have earnings (Royalties,
   * payouts, payment methods) without an artist area. Only on GET /api/auth/user.
   */
  isPayee: z.boolean().optional(),
});
export type UserResponse = z.infer<typeof UserResponse>;

/** PATCH /api/admin/users/{id}/role: make a user an admin or an artist. */
export const UserRoleBody = z.object({
  role: z.enum(roles, { error: `role must be one of ${roles.join(', ')}` }),
});
export type UserRoleBody = z.infer<typeof UserRoleBody>;

/** PATCH /api/admin/users/{id}/approval: open (true) or close (false) a user's artist area. */
export const UserApprovalBody = z.object({
  isApproved: z.boolean({ error: 'isApproved must be true or false' }),
});
export type UserApprovalBody = z.infer<typeof UserApprovalBody>;

/**
 * GET /api/admin/users/{id}: the user with the small facts the admin's show page needs. Lists (releases,
 * tickets, payouts, applications) come from their own admin resources filtered by `userId`.
 */
export const AdminUserResponse = UserResponse.extend({
  /** The latest application, if the user ever applied. */
  application: z
    .object({
      id: z.string(),
      artistName: z.string(),
      genre: z.string(),
      status: z.enum(applicationStatuses),
      createdAt: z.iso.datetime(),
      reviewedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  applicationCount: z.number().int(),
  releaseCount: z.number().int(),
  ticketCount: z.number().int(),
  /** Tickets not yet resolved or closed. */
  openTicketCount: z.number().int(),
});
export type AdminUserResponse = z.infer<typeof AdminUserResponse>;
