import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { deleteRelease, RELEASES_KEY, type Release } from '../../api/releases.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { useToast } from '../Toast/Toast.tsx';
import { DELETE_CONFIRMATION } from './wizardRules.ts';

/** Delete, after the spec's confirmation (SPEC §5); offered only for draft and rejected releases. */
export function DeleteReleaseDialog({ release, onClose }: { release: Release | null; onClose: () => void }) {
  // The dialog fades out after `release` is cleared: it keeps naming the release meanwhile.
  const [shown, setShown] = useState(release);
  if (release && release !== shown) setShown(release);
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => deleteRelease(id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RELEASES_KEY });
      toast({ title: 'Release Deleted!', description: 'The release and its files are gone.' });
      onClose();
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      toast({
        title: 'Failed to Delete Release',
        description: error instanceof ApiError ? (error.serverMessage ?? error.message) : undefined,
        variant: 'destructive',
      });
    },
  });
  return (
    <Dialog
      open={Boolean(release)}
      onClose={() => !remove.isPending && onClose()}
      aria-labelledby="delete-release-title"
      aria-describedby="delete-release-text"
    >
      <DialogTitle id="delete-release-title">
        Delete {release ? `“${release.title}”` : 'release'}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-release-text">{DELETE_CONFIRMATION}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disabled={remove.isPending}
          onClick={() => release && remove.mutate(release.id)}
        >
          {remove.isPending ? 'Deleting…' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
