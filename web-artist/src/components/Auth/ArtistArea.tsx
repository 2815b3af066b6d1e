import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasEarnings, navigate, useVisitor } from '../../api/auth.ts';
import { PageSpinner } from '../Page/Spinner.tsx';
import { useDocumentTitle } from '../Page/useDocumentTitle.ts';
import { afterToastShows, useToast } from '../Toast/Toast.tsx';
import { REDIRECT_DELAY_MS } from './useLoggedOutFlow.ts';

/** Signed out: 'Unauthorized', then sign-in 500 ms after it shows, and back to `returnTo` (as the dashboard does). */
export function SignInFirst({ returnTo }: { returnTo: string }) {
  const toast = useToast();
  useEffect(() => {
    toast({
      title: 'Unauthorized',
      description: 'You are logged out. Logging in again...',
      variant: 'destructive',
    });
    return afterToastShows(REDIRECT_DELAY_MS, () => navigate.login(returnTo));
  }, [toast, returnTo]);
  return <PageSpinner />;
}

/**
 * A page of the artist area (SPEC §2: approved artists and admins only): signed out, the logged-out flow
 * back to `path`; awaiting approval, off to `/`, which shows the application's status (or `pending` when
 * the page says otherwise).
 */
export function ArtistArea({
  path,
  title,
  children,
  pending,
  earners = false,
}: {
  path: string;
  title: string;
  children: ReactNode;
  pending?: ReactNode;
  /** The page is for anyone with earnings: a collaborator who accepted a share opens it too. */
  earners?: boolean;
}) {
  const visitor = useVisitor();
  const { state } = visitor;
  useDocumentTitle(title);
  if (state === 'loading') return <PageSpinner />;
  if (state === 'anonymous') return <SignInFirst returnTo={path} />;
  if (earners && hasEarnings(visitor)) return <>{children}</>;
  if (state === 'pending') return <>{pending ?? <Navigate to="/" replace />}</>;
  return <>{children}</>;
}
