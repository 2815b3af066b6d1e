import AddIcon from '@mui/icons-material/Add';
import AudioFileIcon from '@mui/icons-material/AudioFile';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { trackLimits, trackTypes, type TrackType } from '@riffline/contracts';
import { releaseTypeNames, trackTypeLabels } from '../../../components/Releases/labels.ts';
import {
  addPrimaryArtist,
  addTrack,
  pickAudio,
  removePrimaryArtist,
  removeTrack,
  setPrimaryArtist,
  updateTrack,
  type TrackDraft,
} from '../../../components/Releases/wizardRules.ts';
import { fieldError, type StepProps } from './types.ts';

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function TrackFields({
  track,
  index,
  errors,
  apply,
}: {
  track: TrackDraft<File>;
  index: number;
  errors: StepProps['errors'];
  apply: StepProps['apply'];
}) {
  const n = track.trackNumber;
  const id = (name: string) => `track-${track.key}-${name}`;
  const path = (name: string) => `tracks.${index}.${name}`;
  const text = (name: 'title' | 'featuringArtists' | 'producer' | 'lyricist' | 'composer') => ({
    id: id(name),
    value: track[name],
    onChange: (e: { target: { value: string } }) =>
      apply((s) => updateTrack(s, track.key, name, e.target.value)),
  });
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={`Track ${n}`}
      sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Track {n}
        </Typography>
        <Button
          color="error"
          size="small"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => apply((s) => removeTrack(s, track.key))}
          aria-label={`Remove track ${n}`}
        >
          Remove
        </Button>
      </Box>
      <TextField label="Track Title" required {...text('title')} {...fieldError(errors, path('title'))} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Primary Artists (1 to 3)
        </Typography>
        {track.primaryArtists.map((name, i) => (
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              id={id(`primary-${i + 1}`)}
              label={`Primary Artist ${i + 1}`}
              required={i === 0}
              value={name}
              onChange={(e) => apply((s) => setPrimaryArtist(s, track.key, i, e.target.value))}
              fullWidth
            />
            {i > 0 && (
              <IconButton
                aria-label={`Remove primary artist ${i + 1}`}
                onClick={() => apply((s) => removePrimaryArtist(s, track.key, i))}
                sx={{ mt: 1 }}
              >
                <CloseIcon />
              </IconButton>
            )}
          </Box>
        ))}
        {errors[path('primaryArtists')] && (
          <Typography color="error" variant="caption">
            {errors[path('primaryArtists')]}
          </Typography>
        )}
        <Box>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => apply((s) => addPrimaryArtist(s, track.key))}
          >
            Add Primary Artist
          </Button>
        </Box>
      </Box>
      <TextField
        label="Featuring Artists"
        {...text('featuringArtists')}
        {...fieldError(errors, path('featuringArtists'), 'Optional, separated by commas')}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
        <TextField label="Producer" {...text('producer')} {...fieldError(errors, path('producer'))} />
        <TextField label="Lyricist" {...text('lyricist')} {...fieldError(errors, path('lyricist'))} />
        <TextField label="Composer" {...text('composer')} {...fieldError(errors, path('composer'))} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          id={id('type')}
          select
          label="Track Type"
          value={track.trackType}
          onChange={(e) => apply((s) => updateTrack(s, track.key, 'trackType', e.target.value as TrackType))}
          sx={{ minWidth: 180 }}
        >
          {trackTypes.map((t) => (
            <MenuItem key={t} value={t}>
              {trackTypeLabels[t]}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={track.isExplicit}
              onChange={(e) => apply((s) => updateTrack(s, track.key, 'isExplicit', e.target.checked))}
            />
          }
          label="Explicit"
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button component="label" variant="outlined" startIcon={<AudioFileIcon />}>
            {track.file ? 'Change Audio File' : 'Choose Audio File'}
            <input
              hidden
              type="file"
              accept=".wav,.mp3,audio/wav,audio/x-wav,audio/mpeg"
              aria-label={`Audio file for track ${n}`}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                // The field is cleared either way: a refused file leaves no choice behind, an accepted one
                // lives in the wizard's state (and can be chosen again after a change of mind).
                e.target.value = '';
                if (file) apply((s) => pickAudio(s, track.key, file));
              }}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" data-testid={`track-${n}-file`}>
            {track.file ? `${track.file.name} (${fileSize(track.file.size)})` : 'No file chosen'}
          </Typography>
        </Box>
        <Typography variant="caption" color="text.secondary">
          WAV preferred, or MP3; max 200MB per track. It uploads once the release is created.
        </Typography>
      </Box>
    </Paper>
  );
}

/** Step 2: tracks and their metadata (SPEC §2, §5). */
export function TracksStep({ state, errors, apply }: StepProps) {
  const type = state.form.releaseType;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {releaseTypeNames[type]}: {state.tracks.length} of {trackLimits[type]}{' '}
          {trackLimits[type] === 1 ? 'track' : 'tracks'}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Single: 1 track · EP: 2-5 tracks · Album: 5-20 tracks. Audio: .wav preferred or .mp3, max 200MB per
          track.
        </Typography>
      </Box>
      {errors.tracks && <Alert severity="error">{errors.tracks}</Alert>}
      {state.tracks.length === 0 && (
        <Typography color="text.secondary">No tracks yet: add the first one.</Typography>
      )}
      {state.tracks.map((track, index) => (
        <TrackFields key={track.key} track={track} index={index} errors={errors} apply={apply} />
      ))}
      <Box>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => apply(addTrack)}>
          Add Track
        </Button>
      </Box>
    </Box>
  );
}
