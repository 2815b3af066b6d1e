import { requestVerificationEmail } from '../../commands/users/verificationEmailRequester.ts';
import type { Handler } from '../route.ts';

/** POST /api/auth/verification-email: a new verification link by email (the banner's 'Resend link'). */
export const sendVerificationEmail: Handler<unknown> = async (ctx, { db, config, clock }) => {
  const { email } = await requestVerificationEmail({ db, config, now: clock() }, ctx.state.user!);
  return { message: `We sent a new link to ${email}.` };
};
