import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, LinearProgress, List, ListItem, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatIsrc } from '@riffline/contracts';
import { ApiError } from '../../api/client.ts';
import { releaseTracksQuery, renameTrack, RELEASES_KEY, type Track } from '../../api/releases.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { Spinner } from '../Page/Spinner.tsx';
import { useToast } from '../Toast/Toast.tsx';
import { CopyCode } from './CopyCode.tsx';
import { uploadPercent, useFileUploader, useTrackUpload } from './uploads.ts';
import { checkAudioFile, formatDuration } from './wizardRules.ts';

function AudioStatus({ track }: { track: Track }) {
  switch (track.audioState) {
    case 'ready':
      return (
        <Typography
          variant="body2"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          color="success.main"
        >
          <CheckCircleIcon fontSize="small" aria-hidden />
          {[
            'Audio ready',
            track.audioFormat?.toUpperCase(),
            track.duration !== null && formatDuration(track.duration),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      );
    case 'uploading':
      return (
        <Typography variant="body2" color="text.secondary">
          Upload in progress
        </Typography>
      );
    case 'failed':
      return (
        <Typography variant="body2" color="error">
          Upload failed: choose the file again
        </Typography>
      );
    default:
      return (
        <Typography variant="body2" color="text.secondary">
          No audio yet
        </Typography>
      );
  }
}

/** The local upload of this track, if one ran in this tab: its progress bar and words. */
function UploadProgress({ track }: { track: Track }) {
  const upload = useTrackUpload(track.id);
  if (!upload || upload.status === 'failed') {
    return upload?.error ? (
      <Typography variant="caption" color="error">
        {upload.fileName}: {upload.error}
      </Typography>
    ) : null;
  }
  const percent = Math.round(uploadPercent(upload));
  const words =
    upload.status === 'queued'
      ? `Waiting to upload ${upload.fileName}`
      : upload.status === 'uploading'
        ? `Uploading ${upload.fileName}: ${percent}%`
        : `Upload complete: ${upload.fileName}`;
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={upload.status === 'done' ? 'success' : 'primary'}
        aria-label={`Upload progress for track ${track.trackNumber}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {words}
      </Typography>
    </Box>
  );
}

function TrackRow({ track, editable }: { track: Track; editable: boolean }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const startUploads = useFileUploader();
  const upload = useTrackUpload(track.id);
  const busy = upload?.status === 'queued' || upload?.status === 'uploading';
  const [title, setTitle] = useState(track.title);
  const [error, setError] = useState<string | null>(null);

  const rename = useMutation({
    mutationFn: (next: string) => renameTrack(track.id, next),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: [...RELEASES_KEY, track.releaseId] });
      toast({ title: 'Track Updated!', description: `Track ${saved.trackNumber} is now “${saved.title}”.` });
    },
    onError: (err) => {
      setTitle(track.title);
      if (loggedOut(err)) return;
      toast({
        title: 'Failed to Update Track',
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: 'destructive',
      });
    },
  });

  /** Saved on blur, only when it changed (SPEC §7). */
  const onBlur = () => {
    const next = title.trim();
    if (next === track.title) {
      setTitle(track.title);
      setError(null);
      return;
    }
    if (!next) {
      setError('Track title is required');
      setTitle(track.title);
      return;
    }
    setError(null);
    rename.mutate(next);
  };

  return (
    <ListItem
      divider
      sx={{ display: 'grid', gap: 1, px: 0, py: 1.5, justifyContent: 'stretch', alignItems: 'stretch' }}
      aria-label={`Track ${track.trackNumber}`}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 700, minWidth: 24 }} aria-hidden>
          {track.trackNumber}.
        </Typography>
        {editable ? (
          <TextField
            id={`track-title-${track.id}`}
            label={`Track ${track.trackNumber} title`}
            size="small"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={onBlur}
            onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLInputElement).blur()}
            error={Boolean(error)}
            helperText={error}
            fullWidth
          />
        ) : (
          <Typography sx={{ flex: 1 }}>{track.title}</Typography>
        )}
      </Box>
      {track.isrc && (
        <Box sx={{ pl: { xs: 0, sm: 4.5 } }}>
          <CopyCode
            label="ISRC"
            code={track.isrc}
            shown={formatIsrc(track.isrc)}
            name={`track ${track.trackNumber}`}
          />
        </Box>
      )}
      <Box
        sx={{
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          pl: { xs: 0, sm: 4.5 },
        }}
      >
        <AudioStatus track={track} />
        {editable && (
          <Button
            component="label"
            size="small"
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={busy}
          >
            {track.audioState === 'ready' ? 'Replace Audio' : 'Upload Audio'}
            <input
              hidden
              type="file"
              accept=".wav,.mp3,audio/wav,audio/x-wav,audio/mpeg"
              aria-label={`Audio file for track ${track.trackNumber}`}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                e.target.value = '';
                if (!file) return;
                const notice = checkAudioFile(file);
                if (notice) {
                  toast({ ...notice, variant: 'destructive' });
                  return;
                }
                startUploads([{ kind: 'audio', trackId: track.id, releaseId: track.releaseId, file }]);
              }}
            />
          </Button>
        )}
      </Box>
      <Box sx={{ pl: { xs: 0, sm: 4.5 } }}>
        <UploadProgress track={track} />
      </Box>
    </ListItem>
  );
}

/** A release's tracks: titles saved on blur, ISRCs once given, each audio upload with its progress. */
export function TrackList({ releaseId, editable }: { releaseId: string; editable: boolean }) {
  const { data, isPending, error, refetch } = useQuery(releaseTracksQuery(releaseId));
  if (isPending) return <Spinner label="Loading tracks" />;
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        The tracks could not be loaded.
      </Alert>
    );
  }
  return (
    <List disablePadding aria-label="Tracks">
      {data.map((track) => (
        // Keyed by the saved title too: a rename from the server starts the field afresh.
        <TrackRow key={`${track.id}:${track.title}`} track={track} editable={editable} />
      ))}
    </List>
  );
}
