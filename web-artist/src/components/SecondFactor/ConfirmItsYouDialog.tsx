import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useCallback, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { secondFactorMessages, type SecondFactorReason } from '@riffline/contracts';
import { secondFactorReason, stepUpHref } from '../../api/secondFactor.ts';

interface Refusal {
  reason: SecondFactorReason;
  returnTo: string;
}

/**
 * "Confirm it's you": what a 403 for want of a recent second factor turns into (docs/security.md). With an
 * authenticator app, the button signs in again (password and code) and comes back to `returnTo`, the
 * same form; without one, it leads to Settings to set one up, so the artist is never sent round in circles.
 */
export function ConfirmItsYouDialog({ refusal, onClose }: { refusal: Refusal | null; onClose: () => void }) {
  const enrolled = refusal?.reason !== 'second_factor_not_enrolled';
  return (
    <Dialog open={Boolean(refusal)} onClose={onClose} aria-labelledby="confirm-its-you-title" maxWidth="xs">
      <DialogTitle id="confirm-its-you-title">
        {enrolled ? "Confirm it's you" : 'Set up two-factor authentication'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {enrolled
            ? 'Payouts, payment methods, splits and the fans export need a sign-in with your authenticator app within the last 10 minutes. Sign in again with your password and the code from your app: you will come back here.'
            : secondFactorMessages.second_factor_not_enrolled}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        {enrolled ? (
          <Button variant="contained" href={refusal ? stepUpHref(refusal.returnTo) : undefined}>
            Sign in again
          </Button>
        ) : (
          <Button
            variant="contained"
            component={RouterLink}
            to="/settings#two-factor-title"
            onClick={onClose}
          >
            Go to Settings
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * For a form whose call may need the step-up: `handle(error, returnTo)` opens the dialog and returns true
 * when the error was such a refusal; `dialog` is the element to render.
 */
export function useConfirmItsYou(): {
  handle: (error: unknown, returnTo: string) => boolean;
  dialog: ReactNode;
} {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const handle = useCallback((error: unknown, returnTo: string) => {
    const reason = secondFactorReason(error);
    if (!reason) return false;
    setRefusal({ reason, returnTo });
    return true;
  }, []);
  return { handle, dialog: <ConfirmItsYouDialog refusal={refusal} onClose={() => setRefusal(null)} /> };
}
