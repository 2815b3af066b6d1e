import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Step,
  StepLabel,
  Stepper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { ReleaseInput, ReleaseWithTracksResponse } from '@riffline/contracts';
import { ApiError } from '../../api/client.ts';
import { createRelease, RELEASES_KEY } from '../../api/releases.ts';
import { coinsQuery } from '../../api/wallet.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useToast } from '../../components/Toast/Toast.tsx';
import { useFileUploader, type UploadJob } from '../../components/Releases/uploads.ts';
import { ChecklistStep } from './wizard/ChecklistStep.tsx';
import { ReleaseInfoStep } from './wizard/ReleaseInfoStep.tsx';
import { ReviewStep } from './wizard/ReviewStep.tsx';
import { SettingsStep } from './wizard/SettingsStep.tsx';
import { TracksStep } from './wizard/TracksStep.tsx';
import type { Change, Wizard } from './wizard/types.ts';
import {
  blocksEnter,
  closeWizard,
  goNext,
  goPrevious,
  initialWizard,
  LAST_STEP,
  readyToCreate,
  shownErrors,
  toReleaseInput,
  WIZARD_STEPS,
} from '../../components/Releases/wizardRules.ts';

interface CreateVariables {
  body: ReleaseInput;
  cover: File | null;
  files: Map<number, File>;
}

/**
 * The 5-step Create New Release dialog (SPEC §2): release info (with the cover art), tracks and metadata,
 * distribution checklist, release settings, review (with the distribution fee) and Create Release. Once
 * the release exists, the cover and then each chosen audio file upload, with their progress shown on the
 * release's card.
 */
export function ReleaseWizard({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (release: ReleaseWithTracksResponse) => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const startUploads = useFileUploader();
  const coins = useQuery(coinsQuery);
  const [state, setState] = useState<Wizard>(() => initialWizard<File>());
  // The latest state, for a change that arrives later than the render it was made in (a cover is read
  // before it is picked): it applies to what the artist has typed since.
  const latest = useRef(state);
  const [createError, setCreateError] = useState<string | null>(null);
  const content = useRef<HTMLDivElement>(null);

  const commit = (next: Wizard) => {
    latest.current = next;
    setState(next);
  };

  const apply = (change: Change) => {
    const result = change(latest.current);
    if ('form' in result) {
      commit(result);
      return;
    }
    commit(result.state);
    if (result.notice) toast({ ...result.notice, variant: 'destructive' });
  };

  const moveTo = (next: Wizard) => {
    commit(next);
    if (next.step !== state.step) content.current?.scrollTo({ top: 0 });
  };

  /** Closing resets the step to 1, clears the tracks and resets the form (SPEC §2). */
  const close = () => {
    commit(closeWizard<File>());
    setCreateError(null);
    onClose();
  };

  const create = useMutation({
    mutationFn: ({ body }: CreateVariables) => createRelease(body),
    onSuccess: (release, { cover, files }) => {
      void queryClient.invalidateQueries({ queryKey: RELEASES_KEY });
      const audio = release.tracks.flatMap((track): UploadJob[] => {
        const file = files.get(track.trackNumber);
        return file ? [{ kind: 'audio', trackId: track.id, releaseId: release.id, file }] : [];
      });
      const jobs: UploadJob[] = [
        ...(cover ? [{ kind: 'cover' as const, releaseId: release.id, file: cover }] : []),
        ...audio,
      ];
      toast({
        title: 'Release Created!',
        description: audio.length
          ? 'Your cover and audio are uploading. Submit the release for distribution once every track is ready.'
          : "Your cover is uploading. Upload each track's audio, then submit the release for distribution.",
      });
      if (jobs.length) startUploads(jobs);
      onCreated?.(release);
      close();
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      setCreateError(error instanceof ApiError ? (error.serverMessage ?? null) : null);
      toast({
        title: 'Failed to Create Release',
        description: 'There was an error creating your release. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const onCreate = () => {
    const check = readyToCreate(state);
    if (!check.ready) {
      moveTo(check.state);
      return;
    }
    setCreateError(null);
    const files = new Map(state.tracks.flatMap((t) => (t.file ? [[t.trackNumber, t.file] as const] : [])));
    create.mutate({ body: toReleaseInput(state), cover: state.cover, files });
  };

  /** Enter inside the form is blocked (SPEC §2): it neither submits nor moves a step. */
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (blocksEnter(event.key, target.tagName)) event.preventDefault();
  };

  const errors = shownErrors(state);
  const stepProps = { state, errors, apply };
  const last = state.step === LAST_STEP;

  return (
    <Dialog
      open={open}
      onClose={(_event, reason) => {
        // A stray click beside the dialog would lose the whole form: only Escape, Cancel and × close it.
        if (reason !== 'backdropClick' && !create.isPending) close();
      }}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="release-wizard-title"
    >
      <DialogTitle id="release-wizard-title" sx={{ pr: 7 }}>
        Create New Release
        <IconButton
          aria-label="Close"
          onClick={close}
          disabled={create.isPending}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Box sx={{ px: 3, pb: 2 }}>
        <Stepper activeStep={state.step} alternativeLabel={!phone}>
          {WIZARD_STEPS.map((label) => (
            <Step key={label}>
              <StepLabel>{phone ? '' : label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography
          variant="subtitle2"
          color="text.secondary"
          sx={{ mt: 1.5, textAlign: phone ? 'left' : 'center' }}
          aria-live="polite"
          data-testid="wizard-step"
        >
          Step {state.step + 1} of {WIZARD_STEPS.length}: {WIZARD_STEPS[state.step]}
        </Typography>
      </Box>
      <DialogContent dividers ref={content}>
        <Box
          component="form"
          noValidate
          aria-label={WIZARD_STEPS[state.step]}
          onKeyDown={onKeyDown}
          onSubmit={(e) => e.preventDefault()}
        >
          {state.step === 0 && <ReleaseInfoStep {...stepProps} />}
          {state.step === 1 && <TracksStep {...stepProps} />}
          {state.step === 2 && <ChecklistStep {...stepProps} />}
          {state.step === 3 && <SettingsStep {...stepProps} />}
          {state.step === 4 && <ReviewStep state={state} coins={coins.data} />}
          {last && createError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {createError}
            </Alert>
          )}
        </Box>
      </DialogContent>
      {create.isPending && <LinearProgress aria-label="Creating the release" />}
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={close} disabled={create.isPending} sx={{ mr: 'auto' }}>
          Cancel
        </Button>
        <Button
          variant="outlined"
          onClick={() => moveTo(goPrevious(state))}
          disabled={state.step === 0 || create.isPending}
        >
          Previous
        </Button>
        {last ? (
          <Button variant="contained" onClick={onCreate} disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create Release'}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => moveTo(goNext(state))}>
            Next
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
