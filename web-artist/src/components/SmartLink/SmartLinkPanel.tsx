import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EditIcon from '@mui/icons-material/Edit';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  FormControlLabel,
  Link,
  Paper,
  Switch,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { artistOptInText, isPublicRelease } from '@riffline/contracts';
import { serverMessage } from '../../api/client.ts';
import { smartLinkQuery, updateSmartLink, type SmartLink } from '../../api/smartlinks.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { LoadFailed } from '../Page/LoadFailed.tsx';
import { useToast } from '../Toast/Toast.tsx';
import { FansSection } from './FansSection.tsx';
import { SlugForm } from './SlugForm.tsx';
import { SmartLinkNumbers } from './SmartLinkNumbers.tsx';

/** The page's address, to open or copy, and Edit Slug. */
function Address({ smartLink, releaseTitle }: { smartLink: SmartLink; releaseTitle: string }) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(smartLink.url);
      toast({ title: 'Link Copied', description: `${smartLink.url} is on your clipboard.` });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Your browser did not allow it: select the link and copy it.',
        variant: 'destructive',
      });
    }
  };
  if (editing) return <SlugForm smartLink={smartLink} onDone={() => setEditing(false)} />;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Link
        href={smartLink.url}
        target="_blank"
        rel="noopener"
        data-testid="smartlink-url"
        aria-label={`${smartLink.url} (the SmartLink of ${releaseTitle}, opens in a new tab)`}
        sx={{
          fontFamily: 'monospace',
          fontWeight: 600,
          overflowWrap: 'anywhere',
          mr: 'auto',
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
        }}
      >
        {smartLink.url}
        <OpenInNewIcon fontSize="inherit" aria-hidden />
      </Link>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy Link
        </Button>
        <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
          Edit Slug
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Collect fan emails: the pre-save form also offers fans news from the artist beyond this release (the
 * export says who ticked it). Saved as it is switched (the switch waits for the server's answer).
 */
function CollectEmails({ smartLink, artist }: { smartLink: SmartLink; artist: string }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const save = useMutation({
    mutationFn: (collectEmails: boolean) => updateSmartLink(smartLink.releaseId, { collectEmails }),
    onSuccess: (updated) => {
      queryClient.setQueryData(smartLinkQuery(smartLink.releaseId).queryKey, updated);
      toast({
        title: 'SmartLink Saved',
        description: updated.collectEmails
          ? 'Your pre-save form now asks fans whether they want news from you.'
          : 'Your pre-save form no longer asks fans whether they want news from you.',
      });
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      toast({
        title: 'Not Saved',
        description: serverMessage(error) ?? 'The change could not be saved. Please try again.',
        variant: 'destructive',
      });
    },
  });
  const checked = save.isPending ? save.variables : smartLink.collectEmails;
  const hintId = `smartlink-${smartLink.releaseId}-emails-hint`;
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => save.mutate(event.target.checked)}
            disabled={save.isPending}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label="Collect fan emails"
      />
      <Typography variant="body2" color="text.secondary" id={hintId}>
        Your pre-save form also offers fans news from you beyond this release: “{artistOptInText(artist)}”.
        Your fans export says who ticked it.
      </Typography>
    </Box>
  );
}

/** What the page offers now: pre-saves before release day, then a button per store that has it. */
function Stores({ smartLink }: { smartLink: SmartLink }) {
  if (smartLink.mode === 'presave')
    return (
      <Typography variant="body2" color="text.secondary">
        Before release day your page takes pre-saves: fans leave their email and hear from you the day it is
        out. The store buttons appear on release day, or as soon as a store has it live.
      </Typography>
    );
  if (smartLink.stores.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No store has the release yet: the buttons appear as the stores put it out.
      </Typography>
    );
  return (
    <Box>
      <Typography variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
        Your page links fans to
      </Typography>
      <Box
        component="ul"
        aria-label="Stores"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}
      >
        {smartLink.stores.map((store) => (
          <Box
            component="li"
            key={store.store}
            data-testid="smartlink-store"
            sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
          >
            <Link href={store.url} target="_blank" rel="noopener" sx={{ fontWeight: 600 }}>
              {store.storeName}
            </Link>
            <Typography variant="caption" color="text.secondary">
              {store.source === 'store' ? 'its own page' : 'a search, until the store gives its own page'}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A release's SmartLink (its public page at `/l/{slug}`, docs/smartlinks.md), in the Release Builder: the
 * address (Copy Link, Edit Slug), Collect fan emails, what the page offers (pre-saves, then the stores),
 * its Numbers over 30 days with a chart, and the artist's fans with Export Fans (CSV). A page an admin
 * disabled says so and why.
 */
export function SmartLinkPanel({
  releaseId,
  releaseTitle,
  releaseStatus,
  artist,
  exportOnOpen,
}: {
  releaseId: string;
  releaseTitle: string;
  /** A draft's page is not public yet. */
  releaseStatus: string;
  /** The release's artist, as the page names them. */
  artist: string;
  /** Back from signing in again for the export: it runs as the panel opens. */
  exportOnOpen?: boolean;
}) {
  const smartLink = useQuery(smartLinkQuery(releaseId));
  const headingId = `release-${releaseId}-smartlink`;
  const data = smartLink.data;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h6" component="h4" id={headingId} sx={{ mr: 'auto' }}>
          SmartLink
        </Typography>
        {data && !data.disabledAt && (
          <Chip
            size="small"
            label={data.mode === 'presave' ? 'Pre-save' : 'Live'}
            color={data.mode === 'presave' ? 'primary' : 'success'}
            data-testid="smartlink-mode"
            sx={{ fontWeight: 700 }}
          />
        )}
      </Box>
      {smartLink.isPending && <CircularProgress size={24} aria-label="Loading the SmartLink" />}
      {smartLink.error && (
        <LoadFailed onRetry={() => void smartLink.refetch()}>
          This release’s SmartLink could not be loaded.
        </LoadFailed>
      )}
      {data && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {data.disabledAt && (
            <Alert severity="error">
              <AlertTitle>Disabled by Riffline</AlertTitle>
              {data.disabledReason} Fans who open it read that it is unavailable. If you think this is a
              mistake, open a support ticket.
            </Alert>
          )}
          {!isPublicRelease(releaseStatus) && (
            <Alert severity="info" data-testid="smartlink-not-public">
              Fans can open your SmartLink once you submit this release for review.
            </Alert>
          )}
          <Address smartLink={data} releaseTitle={releaseTitle} />
          <CollectEmails smartLink={data} artist={artist} />
          <Stores smartLink={data} />
          <Divider />
          <SmartLinkNumbers releaseId={releaseId} headingId={`${headingId}-numbers`} />
          <Divider />
          <FansSection releaseId={releaseId} headingId={`${headingId}-fans`} exportOnOpen={exportOnOpen} />
        </Box>
      )}
    </Paper>
  );
}
