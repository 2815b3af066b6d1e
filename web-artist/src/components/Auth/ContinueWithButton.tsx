import LoginIcon from '@mui/icons-material/Login';
import { Button, type ButtonProps } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { providerQuery } from '../../api/auth.ts';

/**
 * 'Continue with' plus the identity provider's name (SPEC §1): a full-page navigation to /api/login, which
 * brings the browser back to `returnTo` once signed in.
 */
export function ContinueWithButton({ returnTo, ...props }: ButtonProps & { returnTo?: string }) {
  const { data } = useQuery(providerQuery);
  const href = returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
  return (
    <Button variant="contained" size="large" href={href} startIcon={<LoginIcon aria-hidden />} {...props}>
      Continue with {data?.name ?? 'Riffline ID'}
    </Button>
  );
}
