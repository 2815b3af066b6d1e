import type { Db, DbTransaction } from '../connection.ts';
import { Release } from '../models/Release.ts';
import { Track } from '../models/Track.ts';

/** An artist's releases, newest first, one page (served by releases_user_created_index). */
export function ownReleasesPage(
  db: Db | DbTransaction,
  userId: string,
  page: { limit: number; offset: number },
) {
  return Release.query(db)
    .where('releases.userId', userId)
    .orderBy([
      { column: 'releases.createdAt', order: 'desc' },
      { column: 'releases.id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
}

/** A release's tracks in order (served by the (release_id, track_number) unique index). */
export function tracksOf(db: Db | DbTransaction, releaseId: string) {
  return Track.query(db).where('tracks.releaseId', releaseId).orderBy('tracks.trackNumber');
}

/** How many tracks each of these releases has. */
export async function trackCounts(
  db: Db | DbTransaction,
  releaseIds: string[],
): Promise<Map<string, number>> {
  if (!releaseIds.length) return new Map();
  const rows = (await Track.query(db)
    .select('releaseId')
    .count({ n: '*' })
    .whereIn('releaseId', releaseIds)
    .groupBy('releaseId')) as unknown as Array<{ releaseId: string; n: number | string }>;
  return new Map(rows.map((r) => [r.releaseId, Number(r.n)]));
}
