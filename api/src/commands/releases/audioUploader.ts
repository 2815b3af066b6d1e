import { randomUUID } from 'node:crypto';
import { MAX_AUDIO_BYTES } from '@riffline/contracts';
import { appendEvent, Release, Track, type Db, type Storage, type User } from '@riffline/db';
import type { Logger } from 'pino';
import { ConflictError, HttpError, NotFoundError, PayloadTooLargeError } from '../../errors.ts';
import { audioDuration, durationBytes } from '../../media/audio.ts';
import { streamToStorage, type IncomingFile } from '../../media/receive.ts';
import { audioContentType, sniffAudio } from '../../media/sniff.ts';
import { EDIT_REFUSED, isEditable, isOwner } from '../../policies/releases.ts';

export const TRACK_NOT_FOUND = 'Track not found';
export const AUDIO_NOT_ACCEPTED = 'Audio must be a WAV or MP3 file';
export const AUDIO_TOO_LARGE = 'Audio must be at most 200 MB (209,715,200 bytes)';
export const UPLOAD_REPLACED = 'Another upload of this track replaced this one';

interface Deps {
  db: Db;
  storage: Storage;
  logger: Logger;
}

/** Why an upload failed, in the words stored on the track (`audio_error`). */
const failureReason = (error: unknown) =>
  error instanceof HttpError ? error.message : 'The file could not be stored; please upload it again';

/**
 * `PUT /api/tracks/{id}/audio`: the artist's WAV or MP3, streamed to storage, never held in memory.
 *
 * 1. One transaction checks the track is the artist's (404 otherwise) and its release editable (409), and
 *    marks it `uploading` under a new key (a refused Content-Length changes nothing: 413 at once).
 * 2. The body streams to that key: format from its first bytes (415), at most MAX_AUDIO_BYTES (413,
 *    reading stops), hashed, its duration read by music-metadata on the way.
 * 3. One transaction marks it `ready` with size, hash, format and duration and appends
 *    `track.audioUploaded`; or, on any failure, `failed` with the reason, and nothing is kept.
 * The previous file goes once the new upload has begun: a re-upload replaces it.
 */
export async function uploadTrackAudio(
  { db, storage, logger }: Deps,
  user: User,
  trackId: string,
  file: IncomingFile,
): Promise<Track> {
  const { key, previousKey, releaseId } = await db.transaction(async (trx) => {
    const track = await Track.query(trx).findById(trackId).forUpdate();
    const release = track ? await Release.query(trx).findById(track.releaseId).forUpdate() : undefined;
    if (!track || !release || !isOwner(user, release)) throw NotFoundError(TRACK_NOT_FOUND);
    if (!isEditable(release)) throw ConflictError(EDIT_REFUSED);
    if (file.declaredSize !== null && file.declaredSize > MAX_AUDIO_BYTES) {
      throw PayloadTooLargeError(AUDIO_TOO_LARGE);
    }
    const key = `audio/${release.id}/${track.id}/${randomUUID()}`;
    await Track.query(trx).patchAndFetchById(trackId, {
      audioState: 'uploading',
      audioKey: key,
      audioError: null,
      audioSize: null,
      audioSha256: null,
      audioFormat: null,
      duration: null,
    });
    return { key, previousKey: track.audioKey, releaseId: release.id };
  });
  const discard = (old: string) =>
    storage.delete(old).catch((err: unknown) => logger.warn({ err, key: old }, 'could not delete a file'));
  if (previousKey) await discard(previousKey);

  let received;
  try {
    received = await streamToStorage(file, {
      storage,
      key,
      maxBytes: MAX_AUDIO_BYTES,
      sniff: sniffAudio,
      contentType: (format) => audioContentType[format],
      notAccepted: AUDIO_NOT_ACCEPTED,
      tooLarge: AUDIO_TOO_LARGE,
      inspect: (format, bytes) => audioDuration(format, bytes, file.declaredSize),
      inspectBytes: durationBytes,
    });
  } catch (error) {
    if (!(error instanceof HttpError)) logger.error({ err: error, trackId }, 'audio upload failed');
    await db.transaction(async (trx) => {
      const track = await Track.query(trx).findById(trackId).forUpdate();
      // Only this upload's own state: a later upload of the same track has taken over otherwise.
      if (track?.audioKey !== key) return;
      await Track.query(trx).patchAndFetchById(trackId, {
        audioState: 'failed',
        audioKey: null,
        audioError: failureReason(error),
      });
    });
    throw error;
  }

  const { format, size, sha256, facts: duration } = received;
  const ready = await db
    .transaction(async (trx) => {
      const track = await Track.query(trx).findById(trackId).forUpdate();
      if (!track) throw NotFoundError(TRACK_NOT_FOUND);
      if (track.audioKey !== key) throw ConflictError(UPLOAD_REPLACED);
      const updated = await Track.query(trx).patchAndFetchById(trackId, {
        audioState: 'ready',
        audioSize: size,
        audioSha256: sha256,
        audioFormat: format,
        duration,
        audioError: null,
      });
      await appendEvent(trx, {
        type: 'track.audioUploaded',
        aggregateId: trackId,
        actorId: user.id,
        payload: { releaseId, size, format, duration, sha256 },
      });
      return updated;
    })
    .catch(async (error: unknown) => {
      // The track was deleted or re-uploaded meanwhile: this file belongs to nothing.
      await discard(key);
      throw error;
    });
  return ready;
}
