import { randomUUID } from 'node:crypto';
import { MAX_AUDIO_BYTES } from '@riffline/contracts';
import { appendEvent, Release, Track, type Db, type Storage, type User } from '@riffline/db';
import type { Logger } from 'pino';
import {
  ConflictError,
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from '../../errors.ts';
import { readAudio, type AudioVerdict } from '../../media/audio.ts';
import { streamToStorage, type IncomingFile } from '../../media/receive.ts';
import { audioContentType, sniffAudio } from '../../media/sniff.ts';
import { EDIT_REFUSED, isEditable, isOwner } from '../../policies/releases.ts';

export const TRACK_NOT_FOUND = 'Track not found';
export const AUDIO_NOT_ACCEPTED = 'Audio must be a WAV or MP3 file';
export const AUDIO_TOO_LARGE = 'Audio must be at most 200 MB (209,715,200 bytes)';
export const AUDIO_NO_SOUND = 'The file holds no audio: upload a complete WAV or MP3 file';
export const AUDIO_INCOMPLETE =
  'The audio file is incomplete: its header promises more sound than the file holds';
export const AUDIO_UNREADABLE = 'The audio could not be read: upload a valid WAV or MP3 file';

const refusals: Record<Extract<AudioVerdict, { ok: false }>['problem'], string> = {
  noAudio: AUDIO_NO_SOUND,
  incomplete: AUDIO_INCOMPLETE,
  unreadable: AUDIO_UNREADABLE,
};

interface Deps {
  db: Db;
  storage: Storage;
  logger: Logger;
}

/** Why an upload failed, in the words stored on the track (`audio_error`). */
const failureReason = (error: unknown) =>
  error instanceof HttpError ? error.message : 'The file could not be stored; please upload it again';

/** The artist's track, its release editable: 404 and 409 otherwise. */
async function editableTrack(db: Db, user: User, trackId: string, lock = false) {
  const track = await (lock
    ? Track.query(db).findById(trackId).forUpdate()
    : Track.query(db).findById(trackId));
  const release = track
    ? await (lock
        ? Release.query(db).findById(track.releaseId).forUpdate()
        : Release.query(db).findById(track.releaseId))
    : undefined;
  if (!track || !release || !isOwner(user, release)) throw NotFoundError(TRACK_NOT_FOUND);
  if (!isEditable(release)) throw ConflictError(EDIT_REFUSED);
  return track;
}

/**
 * `PUT /api/tracks/{id}/audio`: the artist's WAV or MP3, streamed to storage, never held in memory.
 *
 * 1. The track must be the artist's (404) and its release editable (409); a Content-Length past the
 *    limit is refused at once (413). Nothing is written yet.
 * 2. The body streams to a new key: format from its first bytes (415), at most MAX_AUDIO_BYTES (413,
 *    reading stops), hashed, and read on the way for its sound (400 when it has none, or less than its
 *    header says) and its length.
 * 3. One transaction checks 1 again, points the track at the new file, `ready` with size, hash, format
 *    and duration, and appends `track.audioUploaded`; the previous file is deleted after the commit.
 * Until then the track keeps its earlier audio, playable: a refused, broken or interrupted upload leaves
 * it as it was (deleting only its own file), and so does an API stopped mid-way, as no state is written
 * before the end: the track is never left `uploading`. A track without audio is marked `failed` with the
 * reason, pointing at no file.
 */
export async function uploadTrackAudio(
  { db, storage, logger }: Deps,
  user: User,
  trackId: string,
  file: IncomingFile,
): Promise<Track> {
  const { releaseId } = await editableTrack(db, user, trackId);
  if (file.declaredSize !== null && file.declaredSize > MAX_AUDIO_BYTES) {
    throw PayloadTooLargeError(AUDIO_TOO_LARGE);
  }
  const key = `audio/${releaseId}/${trackId}/${randomUUID()}`;
  const discard = (old: string) =>
    storage.delete(old).catch((err: unknown) => logger.warn({ err, key: old }, 'could not delete a file'));

  let received;
  let seconds: number;
  try {
    received = await streamToStorage(file, {
      storage,
      key,
      maxBytes: MAX_AUDIO_BYTES,
      sniff: sniffAudio,
      contentType: (format) => audioContentType[format],
      notAccepted: AUDIO_NOT_ACCEPTED,
      tooLarge: AUDIO_TOO_LARGE,
      inspect: readAudio,
    });
    const verdict = received.facts ?? { ok: false, problem: 'unreadable' };
    if (!verdict.ok) {
      await discard(key);
      throw ValidationError(refusals[verdict.problem]);
    }
    seconds = verdict.seconds;
  } catch (error) {
    if (!(error instanceof HttpError)) logger.error({ err: error, trackId }, 'audio upload failed');
    await markFailed(db, trackId, failureReason(error)).then(
      async (orphan) => {
        if (orphan) await discard(orphan);
      },
      (err: unknown) => logger.warn({ err, trackId }, 'could not mark an upload failed'),
    );
    throw error;
  }

  const { format, size, sha256 } = received;
  const duration = Math.round(seconds);
  const { ready, previousKey } = await db
    .transaction(async (trx) => {
      const track = await editableTrack(trx, user, trackId, true);
      const ready = await Track.query(trx).patchAndFetchById(trackId, {
        audioState: 'ready',
        audioKey: key,
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
      return { ready, previousKey: track.audioKey };
    })
    .catch(async (error: unknown) => {
      // The track was deleted, or its release submitted, meanwhile: this file belongs to nothing.
      await discard(key);
      throw error;
    });
  if (previousKey && previousKey !== key) await discard(previousKey);
  return ready;
}

/**
 * A failed upload's trace on a track without playable audio: `failed` with the reason. A track whose
 * audio is ready keeps it untouched. Answers the key of a file the track pointed at and no longer does
 * (a track an earlier version left `uploading`), for the caller to delete.
 */
async function markFailed(db: Db, trackId: string, reason: string): Promise<string | null> {
  return db.transaction(async (trx) => {
    const track = await Track.query(trx).findById(trackId).forUpdate();
    if (!track || track.audioState === 'ready') return null;
    await Track.query(trx).patchAndFetchById(trackId, {
      audioState: 'failed',
      audioKey: null,
      audioError: reason,
      audioSize: null,
      audioSha256: null,
      audioFormat: null,
      duration: null,
    });
    return track.audioKey;
  });
}
