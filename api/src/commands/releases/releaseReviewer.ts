import { buildIsrc, buildUpc, type ReleaseReviewBody } from '@riffline/contracts';
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
import { ConflictError, NotFoundError } from '../../errors.ts';

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
