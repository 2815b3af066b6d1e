import { appendEvent, Release, Track, type Db, type Storage, type User } from '@riffline/db';
import type { Logger } from 'pino';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { EDIT_REFUSED, isEditable, isOwner } from '../../policies/releases.ts';

/**
 * Removes a track from a draft or rejected release and renumbers the rest 1..n in their order (the
 * (release, number) uniqueness is checked at commit, so numbers may pass each other on the way). The
 * last track stays: a release needs one. Its audio file goes after the commit.
 */
export async function removeTrack(
  db: Db,
  storage: Storage,
  logger: Logger,
  user: User,
  trackId: string,
): Promise<Track[]> {
  const { remaining, audioKey } = await db.transaction(async (trx) => {
    const track = await Track.query(trx).findById(trackId);
    const release = track ? await Release.query(trx).findById(track.releaseId).forUpdate() : undefined;
    if (!track || !release || !isOwner(user, release)) throw NotFoundError('Track not found');
    if (!isEditable(release)) throw ConflictError(EDIT_REFUSED);
    const siblings = await Track.query(trx)
      .where({ releaseId: release.id })
      .orderBy('trackNumber')
      .forUpdate();
    if (siblings.length === 1) throw ConflictError('A release needs at least one track: add another first');
    await Track.query(trx).deleteById(trackId);
    const remaining = siblings.filter((t) => t.id !== trackId);
    for (const [index, sibling] of remaining.entries()) {
      if (sibling.trackNumber !== index + 1) {
        sibling.trackNumber = index + 1;
        await Track.query(trx)
          .patch({ trackNumber: index + 1 })
          .where({ id: sibling.id });
      }
    }
    await appendEvent(trx, {
      type: 'track.deleted',
      aggregateId: trackId,
      actorId: user.id,
      payload: { releaseId: release.id, title: track.title, trackNumber: track.trackNumber },
    });
    return { remaining, audioKey: track.audioKey };
  });
  if (audioKey) {
    await storage
      .delete(audioKey)
      .catch((err: unknown) => logger.warn({ err, key: audioKey }, 'could not delete a file'));
  }
  return remaining;
}
