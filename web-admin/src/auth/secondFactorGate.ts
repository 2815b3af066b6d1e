import { secondFactorReasonOf, type SecondFactorReason } from '@riffline/contracts';
import { useSyncExternalStore } from 'react';

/**
 * The platform setting `require_admin_second_factor` (docs/security.md#requiring-it-for-admins): while it
 * is on, every admin call answers 403 with a `reason` until this admin has a second factor. The first such
 * answer, from any call, swaps the console for the set-up page (AccessGate).
 */
export type AdminSecondFactorReason = Extract<
  SecondFactorReason,
  'second_factor_enrolment_required' | 'second_factor_required'
>;

let required: AdminSecondFactorReason | null = null;
const listeners = new Set<() => void>();

/** The reason an admin call was refused for want of a second factor, from its error body; null otherwise. */
export function adminSecondFactorReasonOf(body: unknown): AdminSecondFactorReason | null {
  const reason = secondFactorReasonOf(body);
  return reason === 'second_factor_enrolment_required' || reason === 'second_factor_required' ? reason : null;
}

/** Says an admin call was refused for want of a second factor (the console then shows the set-up page). */
export function signalSecondFactor(reason: AdminSecondFactorReason): void {
  if (required === reason) return;
  required = reason;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The reason the console must wait for a second factor, or null while nothing was refused for it. */
export const useSecondFactorRequired = () => useSyncExternalStore(subscribe, () => required);
