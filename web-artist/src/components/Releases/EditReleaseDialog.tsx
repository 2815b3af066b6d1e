import ImageIcon from '@mui/icons-material/Image';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_RELEASE_ARTISTS, ReleaseUpdateBody } from '@riffline/contracts';
import { ApiError } from '../../api/client.ts';
import {
  RELEASES_KEY,
  updateRelease,
  uploadArtwork,
  type Release,
  type ReleaseChanges,
} from '../../api/releases.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { useToast } from '../Toast/Toast.tsx';
import { checkArtworkFile } from './wizardRules.ts';

const padArtists = (names: string[]) => Array.from({ length: MAX_RELEASE_ARTISTS }, (_, i) => names[i] ?? '');

/** What changed, in the shape PATCH /api/releases/{id} takes (nothing: an empty object). */
function changes(release: Release, title: string, albumArt: string, artists: string[]): ReleaseChanges {
  const body: ReleaseChanges = {};
  if (title.trim() !== release.title) body.title = title;
  if (albumArt.trim() !== (release.albumArt ?? '')) body.albumArt = albumArt.trim() || null;
  const names = artists.map((s) => s.trim()).filter(Boolean);
  if (names.join('\n') !== release.releaseArtists.join('\n')) body.releaseArtists = names;
  return body;
}

/**
 * The Edit Release dialog (SPEC §2): title, album art (a URL, or an uploaded JPEG or PNG that becomes the
 * cover) and up to 3 release artists. Mount it with `key={release.id}` so each opening starts afresh.
 */
export function EditReleaseDialog({ release, onClose }: { release: Release | null; onClose: () => void }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(release?.title ?? '');
  const [albumArt, setAlbumArt] = useState(release?.albumArt ?? '');
  const [artists, setArtists] = useState(padArtists(release?.releaseArtists ?? []));
  const [artwork, setArtwork] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A field's problem goes as soon as the field changes. */
  const clearError = (name: string) =>
    setErrors((all) =>
      name in all ? Object.fromEntries(Object.entries(all).filter(([k]) => k !== name)) : all,
    );

  const save = useMutation({
    mutationFn: async ({ id, body, file }: { id: string; body: ReleaseChanges; file: File | null }) => {
      if (Object.keys(body).length) await updateRelease(id, body);
      if (file) {
        setProgress(0);
        try {
          await uploadArtwork(id, file, (loaded, total) => setProgress(total ? (loaded / total) * 100 : 0));
        } catch (error) {
          // The details are saved; the refused image is let go so they can be saved without it.
          setArtwork(null);
          throw error;
        }
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: RELEASES_KEY });
      toast({ title: 'Release Updated!', description: 'Your changes are saved.' });
      onClose();
    },
    onError: (error) => {
      // A part may have been saved (the details before a refused artwork): show what the server holds.
      void queryClient.invalidateQueries({ queryKey: RELEASES_KEY });
      setProgress(null);
      if (loggedOut(error)) return;
      toast({
        title: 'Failed to Update Release',
        description: error instanceof ApiError ? (error.serverMessage ?? error.message) : undefined,
        variant: 'destructive',
      });
    },
  });

  if (!release) return null;

  const onSave = () => {
    const body = changes(release, title, albumArt, artists);
    if (Object.keys(body).length) {
      const parsed = ReleaseUpdateBody.safeParse(body);
      if (!parsed.success) {
        const found: Record<string, string> = {};
        for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'title')] ??= issue.message;
        setErrors(found);
        return;
      }
    }
    setErrors({});
    if (!Object.keys(body).length && !artwork) {
      onClose();
      return;
    }
    save.mutate({ id: release.id, body, file: artwork });
  };

  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="edit-release-title"
    >
      <DialogTitle id="edit-release-title">Edit Release</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            id="edit-release-title-field"
            label="Title"
            required
            value={title}
            onChange={(e) => {
              setTitle(e.target.value);
              clearError('title');
            }}
            error={Boolean(errors.title)}
            helperText={errors.title}
          />
          <TextField
            id="edit-release-album-art"
            type="url"
            label="Album Art URL"
            placeholder="https://"
            value={albumArt}
            onChange={(e) => {
              setAlbumArt(e.target.value);
              clearError('albumArt');
            }}
            error={Boolean(errors.albumArt)}
            helperText={errors.albumArt ?? 'Or upload the artwork below'}
          />
          <Box sx={{ display: 'grid', gap: 0.5 }}>
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button component="label" variant="outlined" startIcon={<ImageIcon />}>
                Upload Artwork
                <input
                  hidden
                  type="file"
                  accept="image/jpeg,image/png,.jpg,.jpeg,.png"
                  aria-label="Artwork file"
                  onChange={(e) => {
                    const file = e.target.files?.[0] ?? null;
                    e.target.value = '';
                    if (!file) return;
                    const notice = checkArtworkFile(file);
                    if (notice) {
                      setArtwork(null);
                      toast({ ...notice, variant: 'destructive' });
                      return;
                    }
                    setArtwork(file);
                  }}
                />
              </Button>
              <Typography variant="body2" color="text.secondary">
                {artwork ? artwork.name : 'No file chosen'}
              </Typography>
            </Box>
            <Typography variant="caption" color="text.secondary">
              JPEG or PNG, square, at least 3000×3000 pixels, at most 20 MB. It replaces the album art URL as
              the cover.
            </Typography>
            {progress !== null && (
              <LinearProgress variant="determinate" value={progress} aria-label="Artwork upload progress" />
            )}
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              Release Artists (up to 3)
            </Typography>
            {artists.map((name, i) => (
              <TextField
                key={i}
                id={`edit-release-artist-${i + 1}`}
                label={`Release Artist ${i + 1}`}
                value={name}
                onChange={(e) => {
                  setArtists((all) => all.map((v, j) => (j === i ? e.target.value : v)));
                  clearError('releaseArtists');
                }}
              />
            ))}
            {errors.releaseArtists && (
              <Typography color="error" variant="caption">
                {errors.releaseArtists}
              </Typography>
            )}
          </Box>
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onSave} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
