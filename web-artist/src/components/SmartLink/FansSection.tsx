import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { serverMessage } from '../../api/client.ts';
import { downloadFans, fansQuery } from '../../api/smartlinks.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { LoadFailed } from '../Page/LoadFailed.tsx';
import { useConfirmItsYou } from '../SecondFactor/ConfirmItsYouDialog.tsx';
import { useToast } from '../Toast/Toast.tsx';
import { plural } from './smartLinkView.ts';

/**
 * The artist's fans, from all their SmartLinks: how many confirmed their address (the ones the export
 * holds) and how many have yet to, and Export Fans (CSV). The export is a list of people's addresses: it
 * asks for a recent sign-in with the authenticator app, as payouts do ("Confirm it's you", back to this
 * panel, which then downloads the file: `exportOnOpen`).
 */
export function FansSection({
  releaseId,
  headingId,
  exportOnOpen = false,
}: {
  releaseId: string;
  headingId: string;
  exportOnOpen?: boolean;
}) {
  const fans = useQuery(fansQuery);
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const confirmItsYou = useConfirmItsYou();
  const exportFans = useMutation({
    mutationFn: downloadFans,
    onSuccess: (name) => toast({ title: 'Fans Exported', description: `${name} is in your downloads.` }),
    onError: (error) => {
      if (loggedOut(error) || confirmItsYou.handle(error, `/releases?smartlink=${releaseId}&export=1`))
        return;
      toast({
        title: 'Export Failed',
        description: serverMessage(error) ?? 'Your fans could not be exported. Please try again.',
        variant: 'destructive',
      });
    },
  });

  // Back from signing in again for the export: it runs once, as the artist asked before leaving.
  const resumed = useRef(false);
  const { mutate: startExport } = exportFans;
  useEffect(() => {
    if (!exportOnOpen || resumed.current) return;
    resumed.current = true;
    startExport();
  }, [exportOnOpen, startExport]);

  const confirmed = fans.data?.confirmed ?? 0;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h5" id={headingId} sx={{ fontWeight: 700, mr: 'auto' }}>
          Fans
        </Typography>
        <Button
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => exportFans.mutate()}
          disabled={exportFans.isPending || !fans.data}
        >
          {exportFans.isPending ? 'Exporting…' : 'Export Fans (CSV)'}
        </Button>
      </Box>
      {fans.isPending && <CircularProgress size={24} aria-label="Loading your fans" />}
      {fans.error && (
        <LoadFailed onRetry={() => void fans.refetch()}>Your fans could not be loaded.</LoadFailed>
      )}
      {fans.data && (
        <Typography variant="body2" color="text.secondary" data-testid="smartlink-fans">
          {confirmed === 0 && fans.data.pending === 0
            ? 'No fans yet. Fans who pre-save on any of your SmartLinks and confirm their email are listed here.'
            : `${plural(confirmed, 'confirmed fan')} across your SmartLinks${
                fans.data.pending
                  ? `, ${fans.data.pending.toLocaleString('en-US')} more yet to confirm their email`
                  : ''
              }. The export lists the confirmed ones, with the consent each gave.`}
        </Typography>
      )}
      {confirmItsYou.dialog}
    </Box>
  );
}
