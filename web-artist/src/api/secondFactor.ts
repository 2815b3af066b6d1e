import { queryOptions } from '@tanstack/react-query';
import {
  secondFactorReasonOf,
  type SecondFactorConfirmationResponse,
  type SecondFactorEnrolmentResponse,
  type SecondFactorReason,
  type SecondFactorStatusResponse,
} from '@riffline/contracts';
import { api, ApiError } from './client.ts';

/** The account's authenticator app (docs/security.md). */
export const secondFactorQuery = queryOptions({
  queryKey: ['second-factor'],
  queryFn: () => api<SecondFactorStatusResponse>('/api/auth/second-factor'),
});

export const startSecondFactorEnrolment = () =>
  api<SecondFactorEnrolmentResponse>('/api/auth/second-factor/enrolment', { method: 'POST' });

export const confirmSecondFactor = (code: string) =>
  api<SecondFactorConfirmationResponse>('/api/auth/second-factor/confirmation', {
    method: 'POST',
    body: { code },
  });

export const turnOffSecondFactor = () => api<void>('/api/auth/second-factor', { method: 'DELETE' });

/** Why a call was refused for want of a recent second factor, or null for any other failure. */
export function secondFactorReason(error: unknown): SecondFactorReason | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  try {
    return secondFactorReasonOf(JSON.parse(error.body));
  } catch {
    return null;
  }
}

/** The step-up: sign in again with the second factor, then back to `returnTo` (a path on this site). */
export const stepUpHref = (returnTo: string) =>
  `/api/login?stepUp=1&returnTo=${encodeURIComponent(returnTo)}`;
