import { z } from 'zod';

/**
 * A second factor for money (docs/security.md): an authenticator app on the embedded identity provider,
 * and the step-up that the routes moving money ask for.
 */

/** How recent a sign-in with a second factor must be for a route that moves money (10 minutes). */
export const STEP_UP_MAX_AGE_SECONDS = 600;

/**
 * Why a route answered 403 for want of a second factor; the apps key on it:
 * - `second_factor_required`: sign in again with the authenticator app (the step-up, `GET /api/login?stepUp=1`);
 * - `second_factor_not_enrolled`: the account has no authenticator app yet: set one up in Settings first;
 * - `second_factor_enrolment_required`: an admin must set up an authenticator app before using the console
 *   (the platform setting `require_admin_second_factor`).
 */
export const secondFactorReasons = [
  'second_factor_required',
  'second_factor_not_enrolled',
  'second_factor_enrolment_required',
] as const;
export type SecondFactorReason = (typeof secondFactorReasons)[number];

export const secondFactorMessages: Record<SecondFactorReason, string> = {
  second_factor_required: "Confirm it's you: sign in again with your authenticator app to continue.",
  second_factor_not_enrolled:
    'Set up two-factor authentication (an authenticator app) in Settings to continue: payouts, payment methods and splits need it.',
  second_factor_enrolment_required:
    'Set up two-factor authentication (an authenticator app) to use the admin console.',
};

/** The 403 body of a refusal for want of a second factor. */
export const SecondFactorRefusal = z.object({
  message: z.string(),
  reason: z.enum(secondFactorReasons),
});
export type SecondFactorRefusal = z.infer<typeof SecondFactorRefusal>;

/** Reads a refusal from any error body: the reason, or null when it is another kind of answer. */
export function secondFactorReasonOf(body: unknown): SecondFactorReason | null {
  const parsed = SecondFactorRefusal.safeParse(body);
  return parsed.success ? parsed.data.reason : null;
}

/** GET /api/auth/second-factor */
export const SecondFactorStatusResponse = z.object({
  /** False when sign-in is at an external issuer: its second factor is set up there. */
  available: z.boolean(),
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** This session signed in with a second factor within the last 10 minutes. */
  recentlyVerified: z.boolean(),
});
export type SecondFactorStatusResponse = z.infer<typeof SecondFactorStatusResponse>;

/** POST /api/auth/second-factor/enrolment: what the authenticator app needs, shown once. */
export const SecondFactorEnrolmentResponse = z.object({
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string(),
  /** The secret in text (base32), for typing into an app that cannot scan. */
  secret: z.string(),
});
export type SecondFactorEnrolmentResponse = z.infer<typeof SecondFactorEnrolmentResponse>;

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** POST /api/auth/second-factor/confirmation: the app's first code. */
export const SecondFactorConfirmationBody = z.object({
  code: z
    .string({ error: TOTP_CODE_MESSAGE })
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE)),
});
export type SecondFactorConfirmationBody = z.input<typeof SecondFactorConfirmationBody>;

export const RECOVERY_CODE_COUNT = 10;

/** The recovery codes, shown this once: each signs in once in place of the app's code. */
export const SecondFactorConfirmationResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type SecondFactorConfirmationResponse = z.infer<typeof SecondFactorConfirmationResponse>;

/** `GET /api/login?stepUp=1`: sign in again, password and second factor, whatever the issuer remembers. */
export const StepUpFlag = z.enum(['1'], { error: 'stepUp must be 1' });
