import { useCallback } from 'react';
import { isUnauthorized } from '../../api/client.ts';
import { navigate } from '../../api/auth.ts';
import { afterToastShows, useToast } from '../Toast/Toast.tsx';

export const REDIRECT_DELAY_MS = 500;

/**
 * SPEC §6: a 401 error shows 'Unauthorized: You are logged out. Logging in again...' and sends the
 * browser to /api/login 500 ms after the toast shows. Returns true when it handled the error.
 */
export function useLoggedOutFlow() {
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      if (!isUnauthorized(error)) return false;
      toast({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      });
      afterToastShows(REDIRECT_DELAY_MS, () => navigate.login());
      return true;
    },
    [toast],
  );
}
