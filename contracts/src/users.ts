import { currencies, roles } from './enums.ts';
import { z } from 'zod';
import { DecimalAmount } from './money.ts';

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
});
export type UserResponse = z.infer<typeof UserResponse>;
