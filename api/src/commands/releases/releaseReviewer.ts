import { buildIsrc, buildUpc, MIN_ARTWORK_PIXELS, type ReleaseReviewBody } from '@riffline/contracts';
import {
  appendEvent,
  nextCounterValue,
  Release,
  Track,
  type Config,
  type Db,
  type DbTransaction,
  type User,
} from '@riffline/db';
import { ConflictError, HttpError, NotFoundError } from '../../errors.ts';
import { hasValidCover } from './releaseSubmitter.ts';

/** Why approval is refused to a release in review without a cover the stores take (older data). */
export const COVER_MISSING_FOR_APPROVAL = `The release has no valid cover art (a square JPG or PNG, at least ${MIN_ARTWORK_PIXELS}×${MIN_ARTWORK_PIXELS} pixels): reject it so the artist can add one`;

/** An identifier the counter gives that an artist already brought is skipped, never shared. */
async function unusedIdentifier(
  trx: DbTransaction,
  counter: string,
  build: (value: number) => string,
  taken: (code: string) => Promise<boolean>,
): Promise<string> {
  for (;;) {
    const code = build(await nextCounterValue(trx, counter));
    if (!(await taken(code))) return code;
  }
}

/**
 * An admin approves (processing → live) or rejects (processing → rejected, with the reason the artist will
 * read) a release in review. Approval gives every track without one an ISRC and the release, if it has
 * none, a UPC, from counters that never repeat, in the same transaction as the status and the event.
 * A release without a valid cover (one that reached review before submission checked it) is not
 * approved: 409, nothing written; it can still be rejected.
 */
export async function reviewRelease(
  db: Db,
  reviewer: User,
  id: string,
  body: ReleaseReviewBody,
  identifiers: Config['identifiers'],
  now: Date,
): Promise<Release> {
  return db.transaction(async (trx) => {
    const release = await Release.query(trx).findById(id).forUpdate();
    if (!release) throw NotFoundError('Release not found');
    if (release.status !== 'processing') {
      throw ConflictError('Only a release in review (processing) can be approved or rejected');
    }
    if (body.status === 'live' && !hasValidCover(release)) {
      throw new HttpError(409, `Not ready to approve: ${COVER_MISSING_FOR_APPROVAL}`, [
        { path: 'release', message: COVER_MISSING_FOR_APPROVAL },
      ]);
    }
    const reviewed = { reviewedBy: reviewer.id, reviewedAt: now };
    if (body.status === 'rejected') {
      const reason = body.reason!;
      const rejected = await Release.query(trx).patchAndFetchById(id, {
        ...reviewed,
        status: 'rejected',
        rejectionReason: reason,
      });
      await appendEvent(trx, {
        type: 'release.rejected',
        aggregateId: id,
        actorId: reviewer.id,
        payload: { userId: release.userId, reason },
      });
      return rejected;
    }

    const year = now.getUTCFullYear();
    const isrcCounter = `isrc:${identifiers.isrcPrefix}:${year}`;
    const tracks = await Track.query(trx).where({ releaseId: id }).orderBy('trackNumber').forUpdate();
    const isrcs: Array<{ trackId: string; isrc: string }> = [];
    for (const track of tracks) {
      const isrc =
        track.isrc ??
        (await unusedIdentifier(
          trx,
          isrcCounter,
          (n) => buildIsrc(identifiers.isrcPrefix, year, n),
          async (code) => Boolean(await Track.query(trx).findOne({ isrc: code })),
        ));
      if (!track.isrc) await Track.query(trx).patchAndFetchById(track.id, { isrc });
      isrcs.push({ trackId: track.id, isrc });
    }
    const upc =
      release.upc ??
      (await unusedIdentifier(
        trx,
        `upc:${identifiers.upcPrefix}`,
        (n) => buildUpc(identifiers.upcPrefix, n),
        async (code) => Boolean(await Release.query(trx).findOne({ upc: code })),
      ));
    const live = await Release.query(trx).patchAndFetchById(id, {
      ...reviewed,
      status: 'live',
      upc,
      rejectionReason: null,
    });
    await appendEvent(trx, {
      type: 'release.approved',
      aggregateId: id,
      actorId: reviewer.id,
      payload: { userId: release.userId, upc, isrcs },
    });
    return live;
  });
}
