import { CurrencyBody, LoginScreen, PasswordChangeBody, ReturnToPath, StepUpFlag } from '@riffline/contracts';
import { z } from 'zod';

export const LoginSchema = z.object({
  query: z.object({
    returnTo: ReturnToPath.optional(),
    screen: LoginScreen.optional(),
    stepUp: StepUpFlag.optional(),
  }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const UpdateCurrencySchema = z.object({ body: CurrencyBody });
export type UpdateCurrencyInput = z.infer<typeof UpdateCurrencySchema>;

export const ChangePasswordSchema = z.object({ body: PasswordChangeBody });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;
