import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { releaseGenres, type ReleaseGenre } from '@riffline/contracts';
import { ApiError } from '../../api/client.ts';
import { releaseChangesQuery, requestCorrection, type CorrectionRequest } from '../../api/deliveries.ts';
import { releaseTracksQuery, RELEASES_KEY, type Release } from '../../api/releases.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { Spinner } from '../Page/Spinner.tsx';
import { useToast } from '../Toast/Toast.tsx';
import {
  correctionProblems,
  correctionRequest,
  initialCorrection,
  problemsFromError,
  trackField,
  type CorrectionField,
  type CorrectionForm,
  type CorrectionProblems,
} from './correctionForm.ts';
import { genreLabels } from './labels.ts';

/** The problems but those of `fields` (a field's problem goes as soon as it changes). */
function without(problems: CorrectionProblems, ...fields: Array<keyof CorrectionProblems>) {
  if (!fields.some((f) => f in problems)) return problems;
  const rest = { ...problems };
  for (const f of fields) delete rest[f];
  return rest;
}

/**
 * Correct, for a live release (docs/delivery.md, "What the artist sees"): its title, release artists,
 * genres and track titles, opened with the values the stores have now. Only what changed is sent; the
 * correction goes to review, then to the stores. A refusal shows on the field it is about (in the API's
 * words), else above the buttons; once sent, a toast says so and the release lists it. Mount it only while
 * open, so each opening starts afresh.
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

  const change = (patch: Partial<CorrectionForm>, field: CorrectionField) => {
    if (!form) return;
    setEdited({ ...form, ...patch });
    setProblems((all) => without(all, field, 'form'));
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
      setProblems(problemsFromError(error, body));
    },
  });

  const onSubmit = () => {
    if (send.isPending || !form || !tracks.data) return;
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
