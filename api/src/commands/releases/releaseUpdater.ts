import type { ReleaseUpdateBody } from '@riffline/contracts';
import { appendEvent, Release, Track, type Db, type User } from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { EDIT_REFUSED, isEditable, isOwner } from '../../policies/releases.ts';
import { loadRelease } from './ownRelease.ts';

/** The Edit Release dialog: title, album art URL, release artists. */
export async function updateRelease(
  db: Db,
  user: User,
  id: string,
  body: ReleaseUpdateBody,
): Promise<Release> {
  return db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, id, { lock: true });
    if (!isEditable(release)) throw ConflictError(EDIT_REFUSED);
    const changed = (['title', 'albumArt', 'releaseArtists'] as const).filter((k) => body[k] !== undefined);
    const updated = await Release.query(trx).patchAndFetchById(id, body);
    await appendEvent(trx, {
      type: 'release.updated',
      aggregateId: id,
      actorId: user.id,
      payload: { changed },
    });
    return updated;
  });
}

/** A track's title, saved on blur (SPEC §7). */
export async function updateTrackTitle(db: Db, user: User, trackId: string, title: string): Promise<Track> {
  return db.transaction(async (trx) => {
    const track = await Track.query(trx).findById(trackId).forUpdate();
    const release = track ? await Release.query(trx).findById(track.releaseId).forUpdate() : undefined;
    if (!track || !release || !isOwner(user, release)) throw NotFoundError('Track not found');
    if (!isEditable(release)) throw ConflictError(EDIT_REFUSED);
    const updated = await Track.query(trx).patchAndFetchById(trackId, { title });
    await appendEvent(trx, {
      type: 'track.updated',
      aggregateId: trackId,
      actorId: user.id,
      payload: { releaseId: release.id, changed: ['title'] },
    });
    return updated;
  });
}
