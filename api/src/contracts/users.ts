import { currencies, roles } from '@riffline/db/enums';
import { z } from 'zod';

export const UserResponse = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(roles),
  isApproved: z.boolean(),
  preferredCurrency: z.enum(currencies),
  coins: z.string().describe('decimal(10,2), e.g. "120.50"'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
