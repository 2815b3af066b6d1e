import {
  SecondFactorConfirmationBody,
  SecondFactorConfirmationResponse,
  SecondFactorEnrolmentResponse,
  SecondFactorStatusResponse,
} from '@riffline/contracts';
import { z } from 'zod';
import {
  confirmEnrolment,
  secondFactorStatus,
  startEnrolment,
  turnOffSecondFactor,
} from '../../commands/users/secondFactorEnroller.ts';
import { hasRecentSecondFactor, type SignInStrength } from '../../middleware/secondFactor.ts';
import { defineRoute, type Handler } from '../route.ts';

/**
 * The signed-in user's authenticator app on the embedded identity provider, beside the password
 * (POST /auth/password): both are how the account signs in, kept by the issuer.
 */
const ConfirmationSchema = z.object({ body: SecondFactorConfirmationBody });
type ConfirmationInput = z.infer<typeof ConfirmationSchema>;

const status: Handler<unknown> = async (ctx, { db, config, clock }) => {
  ctx.set('Cache-Control', 'no-store');
  const recent = hasRecentSecondFactor(ctx.session as SignInStrength | null, clock());
  return secondFactorStatus(db, config.identity, ctx.state.user!, recent);
};

const enrolment: Handler<unknown> = async (ctx, { db, config, clock }) => {
  ctx.set('Cache-Control', 'no-store');
  return startEnrolment(db, config.identity, ctx.state.user!, clock());
};

const confirmation: Handler<ConfirmationInput> = async (ctx, { db, config, clock }) => {
  ctx.set('Cache-Control', 'no-store');
  const { code } = ctx.state.input.body;
  return { recoveryCodes: await confirmEnrolment(db, config.identity, ctx.state.user!, code, clock()) };
};

const turnOff: Handler<unknown> = async (ctx, { db, config, clock }) => {
  await turnOffSecondFactor(db, config.identity, ctx.state.user!, clock());
  ctx.status = 204;
};

const tag = 'Sign-in';

export const secondFactorRoutes = [
  defineRoute({
    method: 'get',
    path: '/auth/second-factor',
    summary:
      "Whether the signed-in user's account signs in with an authenticator app, its recovery codes left, and whether this session used it within the last 10 minutes",
    tag,
    audience: 'user',
    response: SecondFactorStatusResponse,
    handler: status,
  }),
  defineRoute({
    method: 'post',
    path: '/auth/second-factor/enrolment',
    summary:
      'Start setting up an authenticator app (embedded-provider accounts): a new secret as an otpauth URI, a QR code and text; it is on once confirmed (409 when already on)',
    tag,
    audience: 'user',
    response: SecondFactorEnrolmentResponse,
    status: 201,
    errors: [409],
    rateLimit: { name: 'second-factor-enrolment', limit: 20, windowMs: 60 * 60_000 },
    handler: enrolment,
  }),
  defineRoute({
    method: 'post',
    path: '/auth/second-factor/confirmation',
    summary:
      "Confirm the set-up with the app's first code: the app is on, and the ten single-use recovery codes are answered this once",
    tag,
    audience: 'user',
    request: ConfirmationSchema,
    response: SecondFactorConfirmationResponse,
    errors: [409],
    rateLimit: { name: 'second-factor-confirmation', limit: 10, windowMs: 15 * 60_000 },
    handler: confirmation,
  }),
  defineRoute({
    method: 'delete',
    path: '/auth/second-factor',
    summary:
      'Turn the authenticator app off and forget the recovery codes; needs a sign-in with it within the last 10 minutes',
    tag,
    audience: 'user',
    status: 204,
    stepUp: true,
    handler: turnOff,
  }),
];
