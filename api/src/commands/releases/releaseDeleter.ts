import { appendEvent, Release, Track, type Db, type Storage, type User } from '@riffline/db';
import type { Logger } from 'pino';
import { ConflictError } from '../../errors.ts';
import { DELETE_REFUSED, isEditable } from '../../policies/releases.ts';
import { loadRelease } from './ownRelease.ts';

/**
 * Deletes a draft or rejected release and its tracks (the database cascades), then its stored media. The
 * files go after the commit: a failed delete leaves an orphan file (logged), never a row without its file.
 */
export async function deleteRelease(
  db: Db,
  storage: Storage,
  logger: Logger,
  user: User,
  id: string,
): Promise<void> {
  const keys = await db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, id, { lock: true });
    if (!isEditable(release)) throw ConflictError(DELETE_REFUSED);
    const tracks = await Track.query(trx).where({ releaseId: id }).select('audioKey');
    await Release.query(trx).deleteById(id);
    await appendEvent(trx, {
      type: 'release.deleted',
      aggregateId: id,
      actorId: user.id,
      payload: { userId: user.id, title: release.title },
    });
    return [release.artworkKey, ...tracks.map((t) => t.audioKey)].filter((k): k is string => Boolean(k));
  });
  for (const key of keys) {
    await storage.delete(key).catch((err: unknown) => logger.warn({ err, key }, 'could not delete a file'));
  }
}
