import type { ReleaseBody } from '@riffline/contracts';
import { appendEvent, Release, Track, type Db, type DbTransaction, type User } from '@riffline/db';
import { HttpError } from '../../errors.ts';
import { createSmartLink } from '../smartlinks/smartLinks.ts';

export const isrcTakenMessage = (isrc: string) =>
  `ISRC ${isrc} is already used by another track in the catalogue`;
export const upcTakenMessage = (upc: string) =>
  `UPC ${upc} is already used by another release in the catalogue`;

/**
 * The 409 of the first code the body brings that some other release or track of the whole catalogue
 * already has (any artist, any status), named, with the field it came in; null when none is taken.
 */
async function takenIdentifier(db: Db | DbTransaction, body: ReleaseBody): Promise<HttpError | null> {
  if (body.upc && (await Release.query(db).findOne({ upc: body.upc }))) {
    const message = upcTakenMessage(body.upc);
    return new HttpError(409, message, [{ path: 'body.upc', message }]);
  }
  const isrcs = body.tracks.flatMap((t) => (t.isrc ? [t.isrc] : []));
  if (isrcs.length === 0) return null;
  const taken = new Set((await Track.query(db).whereIn('isrc', isrcs).select('isrc')).map((t) => t.isrc));
  const index = body.tracks.findIndex((t) => t.isrc && taken.has(t.isrc));
  if (index === -1) return null;
  const message = isrcTakenMessage(body.tracks[index]!.isrc!);
  return new HttpError(409, message, [{ path: `body.tracks.${index}.isrc`, message }]);
}

/** Whether an insert failed on the unique index of tracks' ISRCs or releases' UPCs. */
function identifierViolation(error: unknown): boolean {
  // Objection wraps the driver's error (UniqueViolationError, the original in `nativeError`).
  const e = error as {
    code?: string;
    constraint?: string;
    nativeError?: { code?: string; constraint?: string };
  };
  if ((e.code ?? e.nativeError?.code) !== '23505') return false;
  return ['tracks_isrc_unique', 'releases_upc_unique'].includes(
    e.constraint ?? e.nativeError?.constraint ?? '',
  );
}

/**
 * Creates a draft release with its tracks, numbered 1..n in the order sent, for the signed-in artist (never
 * a `userId` from the body; the label is always Riffline Records, the database's fixed default). A UPC or
 * ISRC the artist brings (a release that came out before) is unique across the whole catalogue: one some
 * other release or track has is a 409 naming it, checked first, and the unique index's violation (the
 * same code brought at the same moment) is answered the same way once the other side has committed.
 */
export async function createRelease(
  db: Db,
  user: User,
  body: ReleaseBody,
): Promise<{ release: Release; tracks: Track[] }> {
  const { tracks: trackInputs, ...fields } = body;
  try {
    return await db.transaction(async (trx) => {
      const taken = await takenIdentifier(trx, body);
      if (taken) throw taken;
      const release = await Release.query(trx)
        .insert({ ...fields, userId: user.id, status: 'draft' })
        .returning('*');
      const tracks = await Track.query(trx)
        .insert(
          trackInputs.map((track, index) => ({ ...track, releaseId: release.id, trackNumber: index + 1 })),
        )
        .returning('*');
      await createSmartLink(trx, release);
      await appendEvent(trx, {
        type: 'release.created',
        aggregateId: release.id,
        actorId: user.id,
        payload: {
          userId: user.id,
          title: release.title,
          releaseType: release.releaseType,
          trackCount: tracks.length,
        },
      });
      return { release, tracks: tracks.sort((a, b) => a.trackNumber - b.trackNumber) };
    });
  } catch (error) {
    if (identifierViolation(error)) throw (await takenIdentifier(db, body)) ?? error;
    throw error;
  }
}
