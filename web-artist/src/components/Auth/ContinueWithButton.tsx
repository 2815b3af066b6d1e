import LoginIcon from '@mui/icons-material/Login';
import { Button, type ButtonProps } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { LoginScreen } from '@riffline/contracts';
import { providerQuery } from '../../api/auth.ts';

/**
 * 'Continue with' plus the identity provider's name (SPEC §1): a full-page navigation to /api/login, which
 * brings the browser back to `returnTo` once signed in. `screen="signup"` opens the provider's
 * create-account form first (the person can still switch to sign in there).
 */
export function ContinueWithButton({
  returnTo,
  screen,
  ...props
}: ButtonProps & { returnTo?: string; screen?: LoginScreen }) {
  const { data } = useQuery(providerQuery);
  const query = new URLSearchParams();
  if (returnTo) query.set('returnTo', returnTo);
  if (screen && screen !== 'signin') query.set('screen', screen);
  const href = query.toString() ? `/api/login?${query.toString()}` : '/api/login';
  return (
    <Button variant="contained" size="large" href={href} startIcon={<LoginIcon aria-hidden />} {...props}>
      Continue with {data?.name ?? 'Riffline ID'}
    </Button>
  );
}
