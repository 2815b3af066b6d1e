import AlbumIcon from '@mui/icons-material/Album';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  AlertTitle,
  Avatar,
  Box,
  Button,
  Card,
  CardActions,
  Collapse,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { compareAmounts, formatCoins } from '@riffline/contracts';
import { ApiError, serverMessage } from '../../api/client.ts';
import { releaseChangesQuery, withdrawCorrection, type ReleaseChange } from '../../api/deliveries.ts';
import {
  errorIssues,
  releaseTracksQuery,
  RELEASES_KEY,
  submitRelease,
  type Release,
} from '../../api/releases.ts';
import { coinsQuery } from '../../api/wallet.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { SmartLinkPanel } from '../SmartLink/SmartLinkPanel.tsx';
import { useToast } from '../Toast/Toast.tsx';
import { CopyCode } from './CopyCode.tsx';
import { CorrectionDialog } from './CorrectionDialog.tsx';
import { ReleaseChanges } from './ReleaseChanges.tsx';
import { SplitsSection } from './SplitsSection.tsx';
import { StoreStatuses } from './StoreStatuses.tsx';
import { formatDate, releaseTypeNames } from './labels.ts';
import { StatusChip } from './StatusChip.tsx';
import { TakedownDialog } from './TakedownDialog.tsx';
import { TrackList } from './TrackList.tsx';
import { uploadPercent, useCoverUpload } from './uploads.ts';
import { isScheduled } from './releaseTiming.ts';
import { isEditable } from './wizardRules.ts';

type Problem = { kind: 'missing'; items: string[] } | { kind: 'fee'; message: string };

/** The distribution fee before it is taken: what submitting costs, and whether the coins cover it. */
function FeeNote() {
  const coins = useQuery(coinsQuery);
  if (!coins.data) return null;
  const { coins: balance, distributionFeeCoins: fee } = coins.data;
  const free = compareAmounts(fee, '0') <= 0;
  const short = !free && compareAmounts(balance, fee) < 0;
  return (
    <Typography variant="body2" color={short ? 'error' : 'text.secondary'} data-testid="release-fee">
      {free
        ? 'Distribution fee: none. Submitting takes no coins.'
        : `Distribution fee: ${formatCoins(fee)} coins, taken from your balance when you submit.`}
      {short && ` Your balance is ${formatCoins(balance)} coins: top up first.`}
    </Typography>
  );
}

/** The cover's upload from the wizard, while it runs (or why it failed). */
function CoverUploadProgress({ releaseId }: { releaseId: string }) {
  const upload = useCoverUpload(releaseId);
  if (!upload || upload.status === 'done') return null;
  if (upload.status === 'failed') {
    return (
      <Typography variant="body2" color="error">
        Cover not uploaded ({upload.fileName}): {upload.error}
      </Typography>
    );
  }
  const percent = Math.round(uploadPercent(upload));
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label="Cover upload progress"
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {upload.status === 'queued'
          ? `Waiting to upload the cover ${upload.fileName}`
          : `Uploading the cover ${upload.fileName}: ${percent}%`}
      </Typography>
    </Box>
  );
}

/**
 * One release of the Release Builder: cover, title, status chip, its tracks (rename, upload audio with
 * progress), the rejection reason when rejected, and Edit, Delete and Submit for distribution (with the
 * fee it takes, and the cover it needs) while it is a draft or was rejected. Once approved: the day it goes
 * live when that is still ahead, its UPC and ISRCs to copy, and where it stands at each store. Once live:
 * Correct (one correction at a time: disabled, saying why, while one waits for review) and Take Down, with
 * the changes asked for so far (neither once an admin removed it for good). Show Splits opens the release's
 * split, at any status: the owner may share what it will earn before it is out. Show SmartLink opens the
 * release's public page's panel (its address, fan emails, numbers and fans), at any status too.
 */
export function ReleaseCard({
  release,
  expanded,
  onToggle,
  onEdit,
  onDelete,
  resumeSplit,
  resumeSmartLink,
}: {
  release: Release;
  expanded: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /**
   * Back from signing in again for its split (`/releases?split=<id>`): the split shows, and with
   * `&change=1` its Change Split form (`&expense=1`: its Add Expense form) reopens as it was.
   */
  resumeSplit?: 'open' | 'change' | 'expense';
  /**
   * Back from signing in again for the fans export (`/releases?smartlink=<id>&export=1`): the SmartLink
   * panel shows, and with `export` the export runs.
   */
  resumeSmartLink?: 'open' | 'export';
}) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  // The split is asked for only once opened: a list of releases does not load every release's split.
  const [splitsOpen, setSplitsOpen] = useState(Boolean(resumeSplit));
  // The SmartLink too: its numbers are asked for only once the panel opens.
  const [smartLinkOpen, setSmartLinkOpen] = useState(Boolean(resumeSmartLink));
  const editable = isEditable(release.status);
  const headingId = `release-${release.id}-title`;
  const coverUpload = useCoverUpload(release.id);
  const coverUploading = coverUpload?.status === 'queued' || coverUpload?.status === 'uploading';
  const live = release.status === 'live';
  const changes = useQuery({ ...releaseChangesQuery(release.id), enabled: live });
  const purged = Boolean(changes.data?.some((c) => c.kind === 'purge'));
  const [takingDown, setTakingDown] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const correctionWaiting = Boolean(
    changes.data?.some((c) => c.kind === 'correction' && c.status === 'pending'),
  );
  const correctionWaitingId = `release-${release.id}-correction-waiting`;
  // A correction of track titles names each track by its number: the tracks are read only then.
  const tracksCorrected = Boolean(
    changes.data?.some((c) => c.kind === 'correction' && c.proposed?.tracks?.length),
  );
  const tracks = useQuery({ ...releaseTracksQuery(release.id), enabled: tracksCorrected });
  const trackNumbers = useMemo(
    () => new Map((tracks.data ?? []).map((t) => [t.id, t.trackNumber])),
    [tracks.data],
  );

  const withdraw = useMutation({
    mutationFn: (change: ReleaseChange) => withdrawCorrection(release.id, change.id),
    onSuccess: () => {
      toast({
        title: 'Correction Withdrawn',
        description: 'Nothing changes on the stores. You can correct the release again.',
      });
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      const message = serverMessage(error) ?? 'The correction could not be withdrawn. Please try again.';
      toast({ title: 'Not Withdrawn', description: message, variant: 'destructive' });
    },
    // Either way the card shows where the correction now stands (an admin may have reviewed it meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: releaseChangesQuery(release.id).queryKey }),
  });

  const submit = useMutation({
    mutationFn: () => submitRelease(release.id),
    onSuccess: () => {
      setProblem(null);
      void queryClient.invalidateQueries({ queryKey: RELEASES_KEY });
      void queryClient.invalidateQueries({ queryKey: coinsQuery.queryKey });
      toast({
        title: 'Release Submitted!',
        description: 'Your release is in review. Once approved it goes live in 3-5 days.',
      });
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
      if (error instanceof ApiError && error.status === 409) {
        const items = errorIssues(error);
        setProblem({ kind: 'missing', items: items.length ? items : [message] });
        toast({
          title: 'Not Ready to Submit',
          description: 'Complete what the release lists, then submit it again.',
          variant: 'destructive',
        });
        return;
      }
      if (error instanceof ApiError && error.status === 402) {
        setProblem({ kind: 'fee', message });
        toast({ title: 'Not Enough Coins', description: message, variant: 'destructive' });
        return;
      }
      setProblem(null);
      toast({ title: 'Submission Failed', description: message, variant: 'destructive' });
    },
  });

  const facts = [
    release.artist,
    releaseTypeNames[release.releaseType],
    `${release.trackCount} ${release.trackCount === 1 ? 'track' : 'tracks'}`,
    release.releaseDate ? `Release date ${formatDate(release.releaseDate)}` : '',
  ].filter(Boolean);

  return (
    <Card component="article" aria-labelledby={headingId} data-testid="release-card">
      <Box sx={{ display: 'flex', gap: 2, p: 2, alignItems: 'flex-start' }}>
        <Avatar
          variant="rounded"
          src={release.coverUrl ?? undefined}
          alt={release.coverUrl ? `Cover of ${release.title}` : undefined}
          sx={{ width: { xs: 64, sm: 88 }, height: { xs: 64, sm: 88 }, bgcolor: 'primary.light' }}
        >
          <AlbumIcon sx={{ fontSize: 40 }} aria-hidden />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              variant="h6"
              component="h3"
              id={headingId}
              sx={{ fontWeight: 700, overflowWrap: 'anywhere', mr: 'auto' }}
            >
              {release.title}
            </Typography>
            <StatusChip status={release.status} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {facts.join(' · ')}
          </Typography>
          {release.upc && (
            <Box sx={{ mt: 0.5 }}>
              <CopyCode label="UPC" code={release.upc} name={release.title} />
            </Box>
          )}
        </Box>
      </Box>

      <Box sx={{ px: 2, display: 'grid', gap: 1.5 }}>
        {release.status === 'rejected' && (
          <Alert severity="error">
            <AlertTitle>Rejected</AlertTitle>
            {release.rejectionReason || 'The review team rejected this release.'} Fix it, then submit it
            again.
          </Alert>
        )}
        {release.status === 'processing' && (
          <Alert severity="info">In review: once approved, it goes live in 3-5 days.</Alert>
        )}
        {isScheduled(release) && (
          <Alert severity="success" data-testid="release-scheduled">
            <AlertTitle>Scheduled for {formatDate(release.releaseDate)}</AlertTitle>
            Approved: the stores put it out on its release date.
          </Alert>
        )}
        {/* Approved releases have their UPC: the stores they were delivered to say where each stands. */}
        {release.upc && !editable && <StoreStatuses releaseId={release.id} />}
        {live && changes.data && (
          <ReleaseChanges
            releaseId={release.id}
            changes={changes.data}
            trackNumbers={trackNumbers}
            onWithdraw={(change) => withdraw.mutate(change)}
            withdrawing={withdraw.isPending}
          />
        )}
        <CoverUploadProgress releaseId={release.id} />
        {editable && !release.hasArtwork && !coverUploading && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={onEdit}>
                Add Cover
              </Button>
            }
          >
            <AlertTitle>No cover art yet</AlertTitle>
            Add one before you submit: a square JPG or PNG, at least 3000×3000 pixels.
          </Alert>
        )}
        {problem?.kind === 'missing' && (
          <Alert severity="warning" onClose={() => setProblem(null)}>
            <AlertTitle>Not ready to submit</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {problem.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </Box>
          </Alert>
        )}
        {problem?.kind === 'fee' && (
          <Alert
            severity="error"
            onClose={() => setProblem(null)}
            action={
              <Button component={RouterLink} to="/wallet" color="inherit" size="small">
                Top Up Coins
              </Button>
            }
          >
            {problem.message}
          </Alert>
        )}
      </Box>

      {editable && (
        <Box sx={{ px: 2, pt: 1.5 }}>
          <FeeNote />
        </Box>
      )}
      <CardActions
        sx={{ px: 2, py: 1.5, gap: 1, flexWrap: 'wrap', '& > :not(style) ~ :not(style)': { ml: 0 } }}
      >
        <Button
          onClick={onToggle}
          aria-expanded={expanded}
          endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          {expanded ? 'Hide Tracks' : 'Show Tracks'}
        </Button>
        <Button
          onClick={() => setSplitsOpen((open) => !open)}
          aria-expanded={splitsOpen}
          endIcon={splitsOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          {splitsOpen ? 'Hide Splits' : 'Show Splits'}
        </Button>
        <Button
          onClick={() => setSmartLinkOpen((open) => !open)}
          aria-expanded={smartLinkOpen}
          endIcon={smartLinkOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          {smartLinkOpen ? 'Hide SmartLink' : 'Show SmartLink'}
        </Button>
        {live && !purged && (
          <>
            <Button
              startIcon={<EditNoteIcon />}
              onClick={() => setCorrecting(true)}
              disabled={changes.isPending || correctionWaiting}
              aria-label={`Correct ${release.title}`}
              aria-describedby={correctionWaiting ? correctionWaitingId : undefined}
              sx={{ ml: { sm: 'auto !important' } }}
            >
              Correct
            </Button>
            <Button
              color="error"
              startIcon={<RemoveCircleOutlineIcon />}
              onClick={() => setTakingDown(true)}
              aria-label={`Take down ${release.title}`}
            >
              Take Down
            </Button>
            {correctionWaiting && (
              <Typography
                variant="caption"
                color="text.secondary"
                id={correctionWaitingId}
                sx={{ flexBasis: '100%', textAlign: { sm: 'right' } }}
              >
                One correction at a time: yours is waiting for review.
              </Typography>
            )}
          </>
        )}
        {editable && (
          <>
            <Button startIcon={<EditIcon />} onClick={onEdit} aria-label={`Edit ${release.title}`}>
              Edit
            </Button>
            <Button
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={onDelete}
              aria-label={`Delete ${release.title}`}
            >
              Delete
            </Button>
            <Button
              variant="contained"
              startIcon={<SendIcon />}
              onClick={() => submit.mutate()}
              disabled={submit.isPending}
              sx={{ ml: { sm: 'auto !important' } }}
            >
              {submit.isPending ? 'Submitting…' : 'Submit for Distribution'}
            </Button>
          </>
        )}
      </CardActions>
      <Collapse in={expanded} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          <TrackList releaseId={release.id} editable={editable} />
        </Box>
      </Collapse>
      <Collapse in={splitsOpen} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          <SplitsSection
            releaseId={release.id}
            releaseTitle={release.title}
            resume={resumeSplit === 'open' ? undefined : resumeSplit}
          />
        </Box>
      </Collapse>
      <Collapse in={smartLinkOpen} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          <SmartLinkPanel
            releaseId={release.id}
            releaseTitle={release.title}
            releaseStatus={release.status}
            artist={release.artist}
            exportOnOpen={resumeSmartLink === 'export'}
          />
        </Box>
      </Collapse>
      {takingDown && <TakedownDialog release={release} onClose={() => setTakingDown(false)} />}
      {correcting && <CorrectionDialog release={release} onClose={() => setCorrecting(false)} />}
    </Card>
  );
}
