import { Alert, AlertTitle, Box, CircularProgress, Snackbar } from '@mui/material';
import { useEffect, useState, type ReactNode } from 'react';
import { SecondFactorSetup } from './SecondFactorSetup.tsx';
import { useSecondFactorRequired } from './secondFactorGate.ts';
import { ACCESS_DENIED_REDIRECT_MS, fetchVisitor, navigate, type Visitor } from './session.ts';

/**
 * Only admins get the console. Signed out: to the identity provider, back here after. Signed in without
 * the admin role: the 'Access Denied' toast, then / after 500 ms (SPEC §2). An admin whose calls are refused
 * for want of the second factor the platform requires: the set-up page in place of the console.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const [visitor, setVisitor] = useState<Visitor | null>(null);
  const secondFactor = useSecondFactorRequired();
  useEffect(() => {
    fetchVisitor().then(setVisitor, () => setVisitor({ state: 'anonymous' }));
  }, []);
  useEffect(() => {
    if (visitor?.state === 'anonymous') navigate.login();
    if (visitor?.state === 'denied') {
      const timer = window.setTimeout(navigate.home, ACCESS_DENIED_REDIRECT_MS);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [visitor]);

  if (visitor?.state === 'admin' && secondFactor) return <SecondFactorSetup reason={secondFactor} />;
  if (visitor?.state === 'admin') return <>{children}</>;
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="Loading" />
      <Snackbar open={visitor?.state === 'denied'} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
        <Alert severity="error" variant="filled" data-testid="toast">
          <AlertTitle>Access Denied</AlertTitle>
          You don&apos;t have permission to access this page.
        </Alert>
      </Snackbar>
    </Box>
  );
}
