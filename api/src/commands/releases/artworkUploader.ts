import { randomUUID } from 'node:crypto';
import { CORRECTION_NOT_LIVE, MAX_ARTWORK_BYTES, MIN_ARTWORK_PIXELS } from '@riffline/contracts';
import { appendEvent, Release, type Db, type Storage, type User } from '@riffline/db';
import type { Logger } from 'pino';
import { ConflictError, HttpError, ValidationError } from '../../errors.ts';
import { imageHeader, imageIsComplete } from '../../media/image.ts';
import { readUpTo, type IncomingFile } from '../../media/receive.ts';
import { imageContentType, sniffImage } from '../../media/sniff.ts';
import { EDIT_REFUSED, isEditable } from '../../policies/releases.ts';
import { loadRelease } from './ownRelease.ts';

export const ARTWORK_NOT_ACCEPTED = 'Artwork must be a JPEG or PNG image';
export const ARTWORK_TOO_LARGE = 'Artwork must be at most 20 MB';
export const ARTWORK_UNREADABLE = 'The artwork could not be read: upload a valid JPEG or PNG image';
export const ARTWORK_NOT_SQUARE = 'Artwork must be square';
export const ARTWORK_TOO_SMALL = `Artwork must be at least ${MIN_ARTWORK_PIXELS}×${MIN_ARTWORK_PIXELS} pixels`;
/** The largest side taken: 36 megapixels, what stores ask for and more, a bounded size to decode. */
export const MAX_ARTWORK_PIXELS = 6000;
export const ARTWORK_TOO_BIG = `Artwork must be at most ${MAX_ARTWORK_PIXELS}×${MAX_ARTWORK_PIXELS} pixels`;

/** An artwork's bytes as the stores take them: JPEG or PNG, square, 3000 to 6000 px, whole. */
export async function checkArtwork(bytes: Buffer) {
  const format = sniffImage(bytes);
  if (!format) throw new HttpError(415, ARTWORK_NOT_ACCEPTED);
  // The size from the header alone: a picture too large to decode is refused before anything is decoded.
  const dimensions = imageHeader(format, bytes);
  if (!dimensions) throw ValidationError(ARTWORK_UNREADABLE);
  if (dimensions.width !== dimensions.height) throw ValidationError(ARTWORK_NOT_SQUARE);
  if (dimensions.width < MIN_ARTWORK_PIXELS) throw ValidationError(ARTWORK_TOO_SMALL);
  if (dimensions.width > MAX_ARTWORK_PIXELS) throw ValidationError(ARTWORK_TOO_BIG);
  if (!(await imageIsComplete(format, bytes))) throw ValidationError(ARTWORK_UNREADABLE);
  return { format, dimensions };
}

/** Where a cover proposed by a correction is kept until the correction is reviewed. */
export const proposedArtworkPrefix = (releaseId: string) => `artwork/${releaseId}/proposed/`;

/**
 * `PUT /api/releases/{id}/corrections/artwork`: a new cover for a live release, checked as any artwork and
 * kept aside; the correction that names it (POST …/corrections, `artworkKey`) proposes it for review.
 */
export async function uploadProposedArtwork(
  { db, storage }: Omit<Deps, 'logger'>,
  user: User,
  releaseId: string,
  file: IncomingFile,
) {
  const release = await loadRelease(db, user, releaseId);
  if (release.status !== 'live') throw ConflictError(CORRECTION_NOT_LIVE);
  const bytes = await readUpTo(file, MAX_ARTWORK_BYTES, ARTWORK_TOO_LARGE);
  const { format, dimensions } = await checkArtwork(bytes);
  const key = `${proposedArtworkPrefix(release.id)}${randomUUID()}`;
  await storage.put(key, bytes, imageContentType[format]);
  return { key, format, size: bytes.length, width: dimensions.width, height: dimensions.height };
}

interface Deps {
  db: Db;
  storage: Storage;
  logger: Logger;
}

/**
 * `PUT /api/releases/{id}/artwork`: a JPEG or PNG (from its bytes), at most 20 MB (413; read into memory up
 * to that), square, 3000×3000 to 6000×6000 px from its header, and whole (every pixel its header announces
 * is there; 400), stored under a new key. The release then points at it and `release.updated` (changed:
 * artwork) is appended in one transaction; the previous artwork is deleted after the commit, so that a
 * refused or failed upload leaves the cover as it was. Another artist's release is a 404, one in review
 * or live a 409.
 */
export async function uploadArtwork(
  { db, storage, logger }: Deps,
  user: User,
  releaseId: string,
  file: IncomingFile,
): Promise<Release> {
  const release = await loadRelease(db, user, releaseId);
  if (!isEditable(release)) throw ConflictError(EDIT_REFUSED);

  const bytes = await readUpTo(file, MAX_ARTWORK_BYTES, ARTWORK_TOO_LARGE);
  const { format, dimensions } = await checkArtwork(bytes);

  const key = `artwork/${release.id}/${randomUUID()}`;
  await storage.put(key, bytes, imageContentType[format]);
  const discard = (old: string) =>
    storage.delete(old).catch((err: unknown) => logger.warn({ err, key: old }, 'could not delete a file'));
  try {
    const { updated, previousKey } = await db.transaction(async (trx) => {
      const locked = await loadRelease(trx, user, releaseId, { lock: true });
      if (!isEditable(locked)) throw ConflictError(EDIT_REFUSED);
      const updated = await Release.query(trx).patchAndFetchById(releaseId, {
        artworkKey: key,
        artworkSize: bytes.length,
        artworkFormat: format,
        artworkWidth: dimensions.width,
        artworkHeight: dimensions.height,
      });
      await appendEvent(trx, {
        type: 'release.updated',
        aggregateId: releaseId,
        actorId: user.id,
        payload: { changed: ['artwork'] },
      });
      return { updated, previousKey: locked.artworkKey };
    });
    if (previousKey && previousKey !== key) await discard(previousKey);
    return updated;
  } catch (error) {
    await discard(key);
    throw error;
  }
}
