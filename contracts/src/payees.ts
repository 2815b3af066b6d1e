import { z } from 'zod';
import { DecimalAmount } from './common.ts';
import { payeeStatuses } from './splits.ts';

/**
 * The admin console's payee list (issue 35, docs/splits.md): every person an owner shares a release's
 * earnings with, their invite, and what the ledger credited them: earned (with a user) and held (without).
 */

/** A user a payee row points at: the owner, or the account that accepted. */
const PayeeAccount = z.object({
  id: z.string(),
  /** Their first and last name, else their email. */
  name: z.string().nullable(),
  email: z.string().nullable(),
});

export const AdminPayeeResponse = z.object({
  id: z.string(),
  owner: PayeeAccount,
  /** The account that receives: the owner's own, the one that accepted, or null while invited. */
  user: PayeeAccount.nullable(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(payeeStatuses),
  createdAt: z.iso.datetime(),
  inviteSentAt: z.iso.datetime().nullable(),
  inviteExpiresAt: z.iso.datetime().nullable(),
  acceptedAt: z.iso.datetime().nullable(),
  withdrawnAt: z.iso.datetime().nullable(),
  earned: DecimalAmount.describe('USD credited to the payee’s account, rounded down to the cent'),
  held: DecimalAmount.describe('USD held for the payee until they accept, rounded down to the cent'),
  /** How many releases a split version names the payee in. */
  releaseCount: z.number().int(),
});
export type AdminPayeeResponse = z.infer<typeof AdminPayeeResponse>;

/** GET /api/admin/payees/:id: the payee, and each release naming them with its versions' shares. */
export const AdminPayeeDetailResponse = AdminPayeeResponse.extend({
  releases: z.array(
    z.object({
      releaseId: z.string(),
      title: z.string(),
      earned: DecimalAmount,
      held: DecimalAmount,
      /** The release's split versions naming the payee, newest first. */
      shares: z.array(z.object({ splitId: z.string(), effectiveFrom: z.string(), percent: z.string() })),
    }),
  ),
});
export type AdminPayeeDetailResponse = z.infer<typeof AdminPayeeDetailResponse>;
