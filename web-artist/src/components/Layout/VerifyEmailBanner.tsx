import { Alert, Button } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { providerQuery, sendVerificationEmail, useVisitor } from '../../api/auth.ts';
import { useToast } from '../Toast/Toast.tsx';

/**
 * Under the header while the signed-in user's address is unverified: they may sign in, apply and read, but
 * admin rights and payouts wait for the link sent at sign-up (or a new one from here).
 */
export function VerifyEmailBanner() {
  const { user } = useVisitor();
  const { data: provider } = useQuery(providerQuery);
  const toast = useToast();
  const resend = useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: ({ message }) => toast({ title: 'Verification email sent', description: message }),
    onError: (error) =>
      toast({
        title: 'Could not send the link',
        description: (error instanceof ApiError && error.serverMessage) || 'Please try again later.',
        variant: 'destructive',
      }),
  });
  if (!user || user.emailVerified || !provider) return null;
  if (!provider.embedded) {
    return (
      <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
        Please verify your email address with {provider.name}.
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      role="status"
      sx={{ borderRadius: 0, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={() => resend.mutate()} disabled={resend.isPending}>
          Resend link
        </Button>
      }
    >
      Please verify your email address. We sent a link to {user.email}.
    </Alert>
  );
}
