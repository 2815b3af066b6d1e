import ImageIcon from '@mui/icons-material/Image';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { releaseGenres, type ReleaseGenre } from '@riffline/contracts';
import { ApiError } from '../../api/client.ts';
import {
  releaseChangesQuery,
  requestCorrection,
  uploadProposedArtwork,
  type CorrectionRequest,
  type ProposedArtwork,
} from '../../api/deliveries.ts';
import { releaseTracksQuery, RELEASES_KEY, type Release } from '../../api/releases.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { Spinner } from '../Page/Spinner.tsx';
import { useToast } from '../Toast/Toast.tsx';
import {
  COVER_STILL_UPLOADING,
  correctionProblems,
  correctionRequest,
  coverUploadProblem,
  initialCorrection,
  newCoverProblem,
  problemsFromError,
  trackField,
  type CorrectionField,
  type CorrectionForm,
  type CorrectionProblems,
} from './correctionForm.ts';
import { artworkText } from './deliveryWords.ts';
import { genreLabels } from './labels.ts';
import { uploadPercent, type FileUpload } from './uploads.ts';
import { COVER_HINT } from './wizardRules.ts';

/** The problems but those of `fields` (a field's problem goes as soon as it changes). */
function without(problems: CorrectionProblems, ...fields: Array<keyof CorrectionProblems>) {
  if (!fields.some((f) => f in problems)) return problems;
  const rest = { ...problems };
  for (const f of fields) delete rest[f];
  return rest;
}

const coverThumb = { width: 88, height: 88, bgcolor: 'action.hover', color: 'text.secondary' } as const;

/**
 * The New Cover control: the cover now beside the new one (its preview from the signed link, with its
 * pixels and kind), a button to pick a JPEG or PNG (it uploads at once, with its progress, as the Release
 * Builder's artwork does) and one to remove it; the upload's refusal (in the API's words) shows here.
 */
function NewCoverField({
  id,
  release,
  artwork,
  upload,
  problem,
  onPick,
  onRemove,
  onCancel,
}: {
  id: string;
  release: Release;
  artwork: ProposedArtwork | null;
  upload: FileUpload | null;
  problem: string | undefined;
  onPick: (file: File) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const percent = upload ? Math.round(uploadPercent(upload)) : 0;
  const statusId = `${id}-cover-status`;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        New Cover
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box component="figure" sx={{ m: 0, display: 'grid', gap: 0.5, justifyItems: 'center' }}>
          <Avatar
            variant="rounded"
            src={release.coverUrl ?? undefined}
            alt={release.coverUrl ? 'The cover now' : undefined}
            sx={coverThumb}
          >
            <ImageIcon fontSize="large" aria-hidden />
          </Avatar>
          <Typography component="figcaption" variant="caption" color="text.secondary">
            Now
          </Typography>
        </Box>
        <Box component="figure" sx={{ m: 0, display: 'grid', gap: 0.5, justifyItems: 'center' }}>
          <Avatar
            variant="rounded"
            src={artwork?.url}
            alt={artwork ? 'The new cover' : undefined}
            sx={coverThumb}
          >
            <ImageIcon fontSize="large" aria-hidden />
          </Avatar>
          <Typography
            component="figcaption"
            variant="caption"
            color="text.secondary"
            data-testid="new-cover-size"
          >
            {artwork ? `New: ${artworkText(artwork)}` : 'New: none'}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start', minWidth: 0, flex: '1 1 12rem' }}>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" startIcon={<ImageIcon />} disabled={Boolean(upload)}>
              {artwork ? 'Choose Another' : 'Choose New Cover'}
              <input
                hidden
                type="file"
                accept=".jpg,.jpeg,.png,image/jpeg,image/png"
                aria-label="New cover file"
                aria-describedby={statusId}
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  // Cleared, so that the same file picked again uploads again.
                  e.target.value = '';
                  if (file) onPick(file);
                }}
              />
            </Button>
            {artwork && !upload && (
              <Button color="error" onClick={onRemove}>
                Remove New Cover
              </Button>
            )}
            {upload && <Button onClick={onCancel}>Stop Upload</Button>}
          </Box>
          {upload && (
            <Box sx={{ display: 'grid', gap: 0.5, width: '100%' }}>
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label="New cover upload progress"
                sx={{ height: 8, borderRadius: 4 }}
              />
            </Box>
          )}
          <Typography
            id={statusId}
            variant="caption"
            color={problem ? 'error' : 'text.secondary'}
            aria-live="polite"
            data-testid="new-cover-status"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {problem ??
              (upload
                ? `Uploading ${upload.fileName}: ${percent}%`
                : artwork
                  ? 'Uploaded. It replaces the cover once the correction is approved.'
                  : `${COVER_HINT}. None: the cover stays as it is.`)}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * Correct, for a live release (docs/delivery.md, "What the artist sees"): its title, release artists,
 * genres, cover and track titles, opened with the values the stores have now. A new cover uploads as soon
 * as it is picked (PUT …/corrections/artwork) and is named by its key. Only what changed is sent; the
 * correction goes to review, then to the stores. A refusal shows on the field it is about (in the API's
 * words), else above the buttons; once sent, a toast says so and the release lists it. Mount it only while
 * open, so each opening starts afresh (an upload still running when it closes is stopped).
 */
export function CorrectionDialog({ release, onClose }: { release: Release; onClose: () => void }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const tracks = useQuery(releaseTracksQuery(release.id));
  // Untouched, the form is the release as it is (its tracks once they load).
  const [edited, setEdited] = useState<CorrectionForm | null>(null);
  const form = edited ?? (tracks.data ? initialCorrection(release, tracks.data) : null);
  const [problems, setProblems] = useState<CorrectionProblems>({});
  const id = `correct-${release.id}`;
  // The new cover's upload while it runs (its progress), and the means to stop it.
  const [coverUpload, setCoverUpload] = useState<FileUpload | null>(null);
  const uploading = useRef<AbortController | null>(null);
  useEffect(() => () => uploading.current?.abort(), []);

  const change = (patch: Partial<CorrectionForm>, field: CorrectionField) => {
    if (!form) return;
    setEdited({ ...form, ...patch });
    setProblems((all) => without(all, field, 'form'));
  };

  const stopCoverUpload = () => {
    uploading.current?.abort();
    uploading.current = null;
    setCoverUpload(null);
  };

  /** A new cover picked: checked as the upload checks its file, then uploaded at once in its place. */
  const pickCover = (file: File) => {
    if (!form) return;
    stopCoverUpload();
    const refused = newCoverProblem(file);
    setEdited({ ...form, artwork: null });
    setProblems((all) => {
      const rest = without(all, 'artwork', 'form');
      return refused ? { ...rest, artwork: refused } : rest;
    });
    if (refused) return;
    const controller = new AbortController();
    uploading.current = controller;
    const current = () => uploading.current === controller;
    const base = { releaseId: release.id, fileName: file.name };
    setCoverUpload({ ...base, status: 'uploading', loaded: 0, total: file.size });
    uploadProposedArtwork(
      release.id,
      file,
      (loaded, total) => {
        if (current()) setCoverUpload({ ...base, status: 'uploading', loaded, total });
      },
      controller.signal,
    ).then(
      (artwork) => {
        if (!current()) return;
        uploading.current = null;
        setCoverUpload(null);
        setEdited((now) => ({ ...(now ?? form), artwork }));
      },
      (error: unknown) => {
        if (!current()) return;
        uploading.current = null;
        setCoverUpload(null);
        if (loggedOut(error)) return;
        // No longer live: the card shows why.
        if (error instanceof ApiError && error.status === 409)
          void queryClient.invalidateQueries({ queryKey: RELEASES_KEY });
        setProblems((all) => ({ ...all, artwork: coverUploadProblem(error) }));
      },
    );
  };

  const send = useMutation({
    mutationFn: (body: CorrectionRequest) => requestCorrection(release.id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: releaseChangesQuery(release.id).queryKey });
      toast({
        title: 'Correction Sent for Review',
        description: 'Once approved, the stores get the update. The release shows where it stands.',
      });
      onClose();
    },
    onError: (error, body) => {
      if (loggedOut(error)) return;
      // Refused as the release now stands (a correction waiting, no longer live): the card shows why.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: RELEASES_KEY });
      const found = problemsFromError(error, body);
      // The new cover is gone (kept aside too long): the control asks for it again.
      if (found.artwork) setEdited((now) => now && { ...now, artwork: null });
      setProblems(found);
    },
  });

  const onSubmit = () => {
    if (send.isPending || !form || !tracks.data) return;
    if (uploading.current) {
      setProblems((all) => ({ ...all, artwork: COVER_STILL_UPLOADING }));
      return;
    }
    const found = correctionProblems(form, release, tracks.data);
    setProblems(found);
    if (Object.keys(found).length) return;
    send.mutate(correctionRequest(form, release, tracks.data));
  };

  const problem = (field: CorrectionField, hint?: string) => ({
    error: Boolean(problems[field]),
    helperText: problems[field] ?? hint,
  });

  return (
    <Dialog
      open
      onClose={() => !send.isPending && onClose()}
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
      aria-labelledby={`${id}-heading`}
    >
      <DialogTitle id={`${id}-heading`} sx={{ overflowWrap: 'anywhere' }}>
        Correct “{release.title}”
      </DialogTitle>
      <DialogContent>
        {!form ? (
          tracks.isError ? (
            <Alert severity="error">The release’s tracks could not be loaded. Please try again.</Alert>
          ) : (
            <Spinner label="Loading the release’s tracks" />
          )
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit();
            }}
            sx={{ display: 'grid', gap: 2, pt: 1 }}
          >
            <Typography variant="body2" color="text.secondary">
              Riffline reviews the correction first; once it is approved, the stores that have the release get
              the update.
            </Typography>
            <TextField
              id={`${id}-title`}
              label="Title"
              required
              value={form.title}
              onChange={(e) => change({ title: e.target.value }, 'title')}
              {...problem('title')}
            />
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                Release Artists (up to 3)
              </Typography>
              {form.releaseArtists.map((name, i) => (
                <TextField
                  key={i}
                  id={`${id}-artist-${i + 1}`}
                  label={`Release Artist ${i + 1}`}
                  value={name}
                  onChange={(e) =>
                    change(
                      { releaseArtists: form.releaseArtists.map((v, j) => (j === i ? e.target.value : v)) },
                      'releaseArtists',
                    )
                  }
                  error={Boolean(problems.releaseArtists)}
                />
              ))}
              {problems.releaseArtists && (
                <Typography color="error" variant="caption">
                  {problems.releaseArtists}
                </Typography>
              )}
            </Box>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                id={`${id}-genre`}
                select
                label="Primary Genre"
                required
                value={form.genre}
                onChange={(e) => change({ genre: e.target.value as ReleaseGenre }, 'genre')}
                {...problem('genre')}
              >
                {releaseGenres.map((g) => (
                  <MenuItem key={g} value={g}>
                    {genreLabels[g]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                id={`${id}-secondary-genre`}
                select
                label="Secondary Genre"
                value={form.secondaryGenre}
                onChange={(e) =>
                  change({ secondaryGenre: e.target.value as ReleaseGenre | '' }, 'secondaryGenre')
                }
                {...problem('secondaryGenre')}
              >
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
                {releaseGenres.map((g) => (
                  <MenuItem key={g} value={g}>
                    {genreLabels[g]}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <NewCoverField
              id={id}
              release={release}
              artwork={form.artwork}
              upload={coverUpload}
              problem={problems.artwork}
              onPick={pickCover}
              onRemove={() => change({ artwork: null }, 'artwork')}
              onCancel={() => {
                stopCoverUpload();
                setProblems((all) => without(all, 'artwork'));
              }}
            />
            {form.tracks.length > 0 && (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
                <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                  Track Titles
                </Typography>
                {form.tracks.map((track) => (
                  <TextField
                    key={track.id}
                    id={`${id}-track-${track.trackNumber}`}
                    label={`Track ${track.trackNumber}`}
                    required
                    value={track.title}
                    onChange={(e) =>
                      change(
                        {
                          tracks: form.tracks.map((t) =>
                            t.id === track.id ? { ...t, title: e.target.value } : t,
                          ),
                        },
                        trackField(track.id),
                      )
                    }
                    {...problem(trackField(track.id))}
                  />
                ))}
              </Box>
            )}
            {problems.form && (
              <Alert severity="error" onClose={() => setProblems((all) => without(all, 'form'))}>
                {problems.form}
              </Alert>
            )}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onSubmit} disabled={send.isPending || !form}>
          {send.isPending ? 'Sending…' : 'Send for Review'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
