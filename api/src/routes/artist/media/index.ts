import {
  MAX_ARTWORK_BYTES,
  MAX_AUDIO_BYTES,
  ProposedArtworkResponse,
  ReleaseResponse,
  TrackResponse,
} from '@riffline/contracts';
import { defineRoute } from '../../route.ts';
import * as handlers from './media.ts';
import { UploadSchema } from './schema.ts';

const tag = 'Releases';

/** Audio and artwork together: an album's worth of uploads and re-uploads an hour, per artist, counting those stored. */
export const UPLOADS_PER_HOUR = 120;
const rateLimit = {
  name: 'uploads',
  limit: UPLOADS_PER_HOUR,
  windowMs: 60 * 60_000,
  count: 'succeed',
} as const;

/** The release builder's files: a track's audio and a release's artwork, each the raw request body. */
export const mediaRoutes = [
  defineRoute({
    method: 'put',
    path: '/tracks/:id/audio',
    summary:
      "Upload a track's audio (the raw WAV or MP3 file as the body, streamed to storage; at most 209,715,200 bytes). The format is read from the bytes, and the file must hold all the sound its header announces. Replaces any earlier upload once stored; a refused one leaves the earlier audio as it was",
    tag,
    audience: 'approved',
    request: UploadSchema,
    upload: {
      mediaTypes: ['audio/wav', 'audio/mpeg', 'application/octet-stream'],
      maxBytes: MAX_AUDIO_BYTES,
    },
    response: TrackResponse,
    errors: [409],
    rateLimit,
    handler: handlers.audio,
  }),
  defineRoute({
    method: 'put',
    path: '/releases/:id/artwork',
    summary:
      "Upload a release's artwork (the raw JPEG or PNG as the body: whole, square, 3000×3000 to 6000×6000 px, at most 20 MB). It becomes the cover",
    tag,
    audience: 'approved',
    request: UploadSchema,
    upload: {
      mediaTypes: ['image/jpeg', 'image/png', 'application/octet-stream'],
      maxBytes: MAX_ARTWORK_BYTES,
    },
    response: ReleaseResponse,
    errors: [409],
    rateLimit,
    handler: handlers.artwork,
  }),
  defineRoute({
    method: 'put',
    path: '/releases/:id/corrections/artwork',
    summary:
      "Upload a new cover for a correction of the owner's live release (the raw JPEG or PNG, checked as any artwork); kept aside until a correction names it (artworkKey). 409 when the release is not live",
    tag,
    audience: 'approved',
    request: UploadSchema,
    upload: {
      mediaTypes: ['image/jpeg', 'image/png', 'application/octet-stream'],
      maxBytes: MAX_ARTWORK_BYTES,
    },
    response: ProposedArtworkResponse,
    status: 201,
    errors: [409],
    rateLimit,
    handler: handlers.proposedArtwork,
  }),
];
