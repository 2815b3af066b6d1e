import {
  Box,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { formatIsrc, type ReleaseWithTracksResponse, type TrackResponse } from '@riffline/contracts';
import { RecordContextProvider, useRecordContext, useTranslate } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { CopyCode } from './CopyCode.tsx';

const length = (seconds: number | null) =>
  seconds === null ? '—' : `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const artists = (track: TrackResponse) =>
  [
    track.primaryArtists.join(', '),
    track.featuringArtists.length ? `feat. ${track.featuringArtists.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');

/** The track's audio through its signed URL (15 minutes; the page reads a new one when reloaded). */
function Player({ track }: { track: TrackResponse }) {
  const translate = useTranslate();
  if (!track.audioUrl) return <EnumField source="audioState" name="audioState" />;
  return (
    <Box
      component="audio"
      controls
      preload="none"
      src={track.audioUrl}
      aria-label={translate('riffline.releases.audio', { number: track.trackNumber, title: track.title })}
      sx={{ width: '100%', minWidth: 200, height: 36 }}
    />
  );
}

/** The release's tracks with their ISRCs and players: a table on a desktop, one card per track on a phone. */
export function TrackList() {
  const release = useRecordContext<ReleaseWithTracksResponse>();
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const tracks = release?.tracks;
  const field = (name: string) => translate(`resources.releases.fields.tracks.${name}`);
  /** The ISRC as it is written (with its hyphens), and a button that copies it once there is one. */
  const isrc = (track: TrackResponse) => (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <span data-testid="isrc">
        {track.isrc ? formatIsrc(track.isrc) : translate('riffline.releases.noIsrc')}
      </span>
      {track.isrc && (
        <CopyCode
          label="ISRC"
          code={track.isrc}
          of={translate('riffline.releases.trackNumber', { number: track.trackNumber })}
        />
      )}
    </Box>
  );
  if (!tracks) return null;
  return (
    <Box component="section" aria-label={translate('riffline.releases.tracks')} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('riffline.releases.tracks')}
      </Typography>
      {!tracks.length && (
        <Typography color="text.secondary">{translate('riffline.releases.noTracks')}</Typography>
      )}
      {phone ? (
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {tracks.map((track) => (
            <RecordContextProvider key={track.id} value={track}>
              <Paper component="li" variant="outlined" sx={{ p: 1.5 }} aria-label={track.title}>
                <Typography variant="subtitle1" component="h3">
                  {track.trackNumber}. {track.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {artists(track)} · {length(track.duration)}
                </Typography>
                <Typography variant="body2" component="div">
                  {field('isrc')}: {isrc(track)}
                </Typography>
                <Box sx={{ mt: 1 }}>
                  <Player track={track} />
                </Box>
              </Paper>
            </RecordContextProvider>
          ))}
        </Stack>
      ) : (
        tracks.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                {['trackNumber', 'title', 'primaryArtists', 'isrc', 'duration', 'audio'].map((name) => (
                  <TableCell key={name}>{field(name)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {tracks.map((track) => (
                <RecordContextProvider key={track.id} value={track}>
                  <TableRow aria-label={track.title}>
                    <TableCell>{track.trackNumber}</TableCell>
                    <TableCell>{track.title}</TableCell>
                    <TableCell>{artists(track)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{isrc(track)}</TableCell>
                    <TableCell>{length(track.duration)}</TableCell>
                    <TableCell sx={{ width: 280 }}>
                      <Player track={track} />
                    </TableCell>
                  </TableRow>
                </RecordContextProvider>
              ))}
            </TableBody>
          </Table>
        )
      )}
    </Box>
  );
}
