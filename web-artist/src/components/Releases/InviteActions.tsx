import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverMessage } from '../../api/client.ts';
import { releaseSplitsQuery, resendInvite, withdrawInvite } from '../../api/splits.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { useConfirmItsYou } from '../SecondFactor/ConfirmItsYouDialog.tsx';
import { useToast } from '../Toast/Toast.tsx';

/**
 * An invited payee's actions in a release's split: mail the link again, or withdraw the invite after a
 * dialog that says the held amount returns to the owner. Withdrawing changes who is paid, so it may ask
 * for "Confirm it's you" like Change Split.
 */
export function InviteActions({
  releaseId,
  payee,
  held,
}: {
  releaseId: string;
  payee: { payeeId: string; email: string | null; name: string | null };
  /** What is held for the payee, formatted as the section shows money. */
  held: string;
}) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const confirmItsYou = useConfirmItsYou();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const who = payee.name ?? payee.email ?? 'this collaborator';
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: releaseSplitsQuery(releaseId).queryKey });
  const failed = (error: unknown) => {
    if (loggedOut(error)) return;
    if (confirmItsYou.handle(error, `/releases?split=${releaseId}`)) return;
    toast({ title: 'Not done', description: serverMessage(error) ?? 'Try again.', variant: 'destructive' });
  };
  const resend = useMutation({
    mutationFn: () => resendInvite(releaseId, payee.payeeId),
    onSuccess: () => {
      refresh();
      toast({ title: 'Invite Sent', description: `A new link is on its way to ${payee.email ?? who}.` });
    },
    onError: failed,
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawInvite(releaseId, payee.payeeId),
    onSuccess: () => {
      refresh();
      setConfirming(false);
      toast({ title: 'Invite Withdrawn', description: `${held} held for ${who} is yours.` });
    },
    onError: (error) => {
      setConfirming(false);
      failed(error);
    },
  });

  return (
    <>
      <Button size="small" onClick={() => resend.mutate()} disabled={resend.isPending}>
        Resend invite
      </Button>
      <Button size="small" color="error" onClick={() => setConfirming(true)}>
        Withdraw invite
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby={`withdraw-${payee.payeeId}`}
      >
        <DialogTitle id={`withdraw-${payee.payeeId}`}>Withdraw the invite to {who}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The link mailed to them stops working. {held} held for them returns to you, and their share of
            later earnings is yours until you name them again.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => withdraw.mutate()}
            disabled={withdraw.isPending}
          >
            Withdraw invite
          </Button>
        </DialogActions>
      </Dialog>
      {confirmItsYou.dialog}
    </>
  );
}
