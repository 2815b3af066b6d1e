import type { ReleaseBody } from '@riffline/contracts';
import { appendEvent, Release, Track, type Db, type User } from '@riffline/db';
import { ConflictError } from '../../errors.ts';

/** The unique identifiers an artist may bring, and what to say when one is taken. */
export function identifierConflict(error: unknown): Error | null {
  // Objection wraps the driver's error (UniqueViolationError, the original in `nativeError`).
  const e = error as {
    code?: string;
    constraint?: string;
    nativeError?: { code?: string; constraint?: string };
  };
  if ((e.code ?? e.nativeError?.code) !== '23505') return null;
  const constraint = e.constraint ?? e.nativeError?.constraint;
  if (constraint === 'tracks_isrc_unique') return ConflictError('This ISRC is already used by another track');
  if (constraint === 'releases_upc_unique')
    return ConflictError('This UPC is already used by another release');
  return null;
}

/**
 * Creates a draft release with its tracks, numbered 1..n in the order sent, for the signed-in artist (never
 * a `userId` from the body; the label is always Riffline Records, the database's fixed default).
 */
export async function createRelease(
  db: Db,
  user: User,
  body: ReleaseBody,
): Promise<{ release: Release; tracks: Track[] }> {
  const { tracks: trackInputs, ...fields } = body;
  try {
    return await db.transaction(async (trx) => {
      const release = await Release.query(trx)
        .insert({ ...fields, userId: user.id, status: 'draft' })
        .returning('*');
      const tracks = await Track.query(trx)
        .insert(
          trackInputs.map((track, index) => ({ ...track, releaseId: release.id, trackNumber: index + 1 })),
        )
        .returning('*');
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
    throw identifierConflict(error) ?? error;
  }
}
