import {
  platformSettings,
  REQUIRE_ADMIN_SECOND_FACTOR,
  secondFactorMessages,
  STEP_UP_MAX_AGE_SECONDS,
  type SecondFactorReason,
} from '@riffline/contracts';
import { hasSecondFactor, PlatformSetting, type Config, type Db, type User } from '@riffline/db';
import type { Middleware } from 'koa';
import type { Clock } from '../context.ts';
import { HttpError } from '../errors.ts';

/**
 * The authentication methods (RFC 8176 `amr` values) that count as a second factor: the embedded provider
 * says `otp` (an authenticator app or a recovery code); external issuers may say `mfa`, or name the
 * hardware, software key, SMS or phone call they used.
 */
const SECOND_FACTOR_METHODS = new Set(['otp', 'mfa', 'hwk', 'swk', 'sms', 'tel', 'sc']);

/** What the callback records of a sign-in: the ID token's `amr` and `auth_time` (seconds). */
export interface SignInStrength {
  amr?: unknown;
  authTime?: unknown;
}

/** Whether this session's sign-in used a second factor (its `amr` names one), however long ago. */
export function signedInWithSecondFactor(session: SignInStrength | null | undefined): boolean {
  const amr = Array.isArray(session?.amr) ? (session.amr as unknown[]) : [];
  return amr.some((method) => SECOND_FACTOR_METHODS.has(String(method)));
}

/** Whether this session's sign-in used a second factor within the last 10 minutes (by `now`). */
export function hasRecentSecondFactor(session: SignInStrength | null | undefined, now: Date): boolean {
  const authTime = typeof session?.authTime === 'number' ? session.authTime : null;
  if (authTime === null || !signedInWithSecondFactor(session)) return false;
  const age = now.getTime() / 1000 - authTime;
  return age <= STEP_UP_MAX_AGE_SECONDS;
}

export const secondFactorRefusal = (reason: SecondFactorReason) =>
  new HttpError(403, secondFactorMessages[reason], undefined, reason);

/**
 * For the routes that move money (`stepUp` in their definition): 403 unless this session signed in with a
 * second factor within the last 10 minutes. An embedded-provider account without an authenticator app is
 * told to set one up first (`second_factor_not_enrolled`), so that the step-up never loops; with an
 * external issuer the issuer decides how to ask, so the answer is always `second_factor_required`.
 */
export function requireRecentSecondFactor(config: Config, db: Db, clock: Clock): Middleware {
  return async (ctx, next) => {
    if (hasRecentSecondFactor(ctx.session as SignInStrength | null, clock())) return next();
    const enrolled = config.identity.mode !== 'embedded' || (await hasSecondFactor(db, ctx.state.user!.id));
    throw secondFactorRefusal(enrolled ? 'second_factor_required' : 'second_factor_not_enrolled');
  };
}

/** Whether the platform setting `require_admin_second_factor` is on ('false' while it is not stored). */
export async function adminSecondFactorRequired(db: Db): Promise<boolean> {
  const row = await PlatformSetting.query(db).findOne({ settingKey: REQUIRE_ADMIN_SECOND_FACTOR });
  return (row?.settingValue ?? platformSettings[REQUIRE_ADMIN_SECOND_FACTOR].defaultValue) === 'true';
}

/**
 * Whether an admin meets `require_admin_second_factor`: on the embedded provider, the account has an
 * authenticator app; with an external issuer (which sets second factors up itself), this session's
 * sign-in used one (`amr`, as for the step-up, without its 10-minute limit).
 */
export async function meetsAdminSecondFactor(
  config: Config,
  db: Db,
  user: User,
  session: SignInStrength | null | undefined,
): Promise<boolean> {
  return config.identity.mode === 'embedded'
    ? hasSecondFactor(db, user.id)
    : signedInWithSecondFactor(session);
}

/**
 * For every admin route (after the admin gate): while `require_admin_second_factor` is on, 403 for an
 * admin who does not meet it: `second_factor_enrolment_required` on the embedded provider (set up an
 * authenticator app, with the `/api/auth/second-factor` routes, which stay open), `second_factor_required`
 * with an external issuer (sign in again with the second factor it asks for).
 */
export function requireAdminSecondFactor(config: Config, db: Db): Middleware {
  return async (ctx, next) => {
    if (!(await adminSecondFactorRequired(db))) return next();
    if (await meetsAdminSecondFactor(config, db, ctx.state.user!, ctx.session as SignInStrength | null)) {
      return next();
    }
    throw secondFactorRefusal(
      config.identity.mode === 'embedded' ? 'second_factor_enrolment_required' : 'second_factor_required',
    );
  };
}
