import { currencies } from '@riffline/db';
import { z } from 'zod';

export const LoginSchema = z.object({
  query: z.object({
    returnTo: z
      .string()
      .regex(/^\/(?!\/)[^\s\\]*$/, 'returnTo must be a path on this site')
      .max(2000)
      .optional(),
  }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const UpdateCurrencySchema = z.object({
  body: z.object({
    currency: z.enum(currencies, { error: `Currency must be one of ${currencies.join(', ')}` }),
  }),
});
export type UpdateCurrencyInput = z.infer<typeof UpdateCurrencySchema>;

export const ChangePasswordSchema = z.object({
  body: z.object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required'),
    newPassword: z
      .string({ error: 'Password must be at least 8 characters' })
      .min(8, 'Password must be at least 8 characters')
      .max(1024, 'Password is too long'),
  }),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
