import {
  CHANGE_DECIDED,
  CORRECTION_ARTWORK_MISSING,
  CORRECTION_NOT_FOUND,
  CORRECTION_NOT_LIVE,
  CORRECTION_NOT_WAITING,
  CORRECTION_NOTHING,
  CORRECTION_PENDING,
  CORRECTION_TRACK_UNKNOWN,
  CORRECTION_WITHDRAWN,
  correctionFieldNames,
  type ChangeReviewBody,
  type CorrectionBody,
  type CorrectionFields,
  PURGE_NOT_LIVE,
  PURGE_TWICE,
  REDELIVER_NEWER,
  REDELIVER_PURGED,
  REDELIVER_SWITCHED_OFF,
  storeName,
  TAKEDOWN_NOT_LIVE,
  TAKEDOWN_PURGED,
  TAKEDOWN_STORE_NOT_SENT,
  type TakedownBody,
} from '@riffline/contracts';
import {
  appendEvent,
  Delivery,
  laterDeliveryExists,
  Release,
  ReleaseChange,
  StoreTarget,
  Track,
  type Db,
  type DbTransaction,
  type Storage,
  type User,
} from '@riffline/db';
import { checkArtwork, proposedArtworkPrefix } from '../releases/artworkUploader.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';
import { loadRelease, RELEASE_NOT_FOUND } from '../releases/ownRelease.ts';

const isPurged = async (trx: DbTransaction, releaseId: string) =>
  Boolean(await ReleaseChange.query(trx).findOne({ releaseId, kind: 'purge' }));

/**
 * The artist asks for their live release to be taken down (docs/delivery.md): from the stores they name
 * (those the release goes to), in the countries they name, at once or from a date. No review: the
 * `delivery` group sends each store that has the release its deals as they now stand.
 */
export async function requestTakedown(
  db: Db,
  user: User,
  releaseId: string,
  body: TakedownBody,
): Promise<ReleaseChange> {
  return db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, releaseId, { lock: true });
    if (await isPurged(trx, release.id)) throw ConflictError(TAKEDOWN_PURGED);
    if (release.status !== 'live') throw ConflictError(TAKEDOWN_NOT_LIVE);
    const elsewhere =
      release.storeDistribution === 'custom'
        ? (body.stores ?? []).filter((s) => !release.selectedStores.includes(s))
        : [];
    if (elsewhere.length) {
      const message = TAKEDOWN_STORE_NOT_SENT(elsewhere.map(storeName));
      throw ValidationError(message, [{ path: 'stores', message }]);
    }
    const change = await ReleaseChange.query(trx)
      .insert({
        releaseId: release.id,
        kind: 'takedown',
        stores: body.stores,
        territories: body.territories,
        effectiveOn: body.date,
        requestedBy: user.id,
      })
      .returning('*');
    await appendEvent(trx, {
      type: 'release.takedownRequested',
      aggregateId: release.id,
      actorId: user.id,
      payload: {
        userId: release.userId,
        changeId: change.id,
        stores: change.stores,
        territories: change.territories,
        effectiveOn: change.effectiveOn,
      },
    });
    return change;
  });
}

/** An admin removes a live release from every store for good (a PurgeReleaseMessage to each; once). */
export async function purgeRelease(db: Db, admin: User, releaseId: string): Promise<ReleaseChange> {
  return db.transaction(async (trx) => {
    const release = await Release.query(trx).findById(releaseId).forUpdate();
    if (!release) throw NotFoundError(RELEASE_NOT_FOUND);
    if (await isPurged(trx, release.id)) throw ConflictError(PURGE_TWICE);
    if (release.status !== 'live') throw ConflictError(PURGE_NOT_LIVE);
    const change = await ReleaseChange.query(trx)
      .insert({ releaseId: release.id, kind: 'purge', requestedBy: admin.id })
      .returning('*');
    await appendEvent(trx, {
      type: 'release.purged',
      aggregateId: release.id,
      actorId: admin.id,
      payload: { userId: release.userId, changeId: change.id },
    });
    return change;
  });
}

/**
 * An admin sends a delivery again (docs/delivery.md: the console's answer to a store that could not take
 * it, past the automatic tries): the `delivery` group sends the same material in a new batch.
 */
export async function requestRedelivery(db: Db, admin: User, deliveryId: string): Promise<Delivery> {
  return db.transaction(async (trx) => {
    const delivery = await Delivery.query(trx).findById(deliveryId).forUpdate();
    if (!delivery) throw NotFoundError('Delivery not found');
    const target = await StoreTarget.query(trx).findById(delivery.targetId);
    if (!target?.enabled) throw ConflictError(REDELIVER_SWITCHED_OFF);
    if (delivery.kind !== 'purge' && (await isPurged(trx, delivery.releaseId)))
      throw ConflictError(REDELIVER_PURGED);
    if (await laterDeliveryExists(trx, delivery)) throw ConflictError(REDELIVER_NEWER);
    await appendEvent(trx, {
      type: 'delivery.redeliveryRequested',
      aggregateId: delivery.id,
      actorId: admin.id,
      payload: { releaseId: delivery.releaseId, store: target.store },
    });
    return delivery;
  });
}

/** The values a correction would replace, and only those it really changes (a title sent as it is drops). */
function correctionOf(
  release: Release,
  tracks: Track[],
  body: CorrectionBody,
): { proposed: CorrectionFields; previous: CorrectionFields } {
  const proposed: CorrectionFields = {};
  const previous: CorrectionFields = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  for (const field of ['title', 'releaseArtists', 'genre', 'secondaryGenre'] as const) {
    if (body[field] === undefined || same(body[field], release[field])) continue;
    Object.assign(proposed, { [field]: body[field] });
    Object.assign(previous, { [field]: release[field] });
  }
  const renamed = (body.tracks ?? []).filter((t) => tracks.find((own) => own.id === t.id)?.title !== t.title);
  if (renamed.length) {
    proposed.tracks = renamed;
    previous.tracks = renamed.map((t) => ({ id: t.id, title: tracks.find((own) => own.id === t.id)!.title }));
  }
  return { proposed, previous };
}

/** A cover uploaded for a correction of this release (kept aside under its prefix), checked again. */
async function proposedArtwork(storage: Storage, releaseId: string, key: string) {
  const missing = () =>
    ValidationError(CORRECTION_ARTWORK_MISSING, [
      { path: 'artworkKey', message: CORRECTION_ARTWORK_MISSING },
    ]);
  if (!key.startsWith(proposedArtworkPrefix(releaseId)) || key.includes('..')) throw missing();
  const bytes = await storage.get(key).catch(() => null);
  if (!bytes) throw missing();
  const { format, dimensions } = await checkArtwork(bytes);
  return { key, format, size: bytes.length, width: dimensions.width, height: dimensions.height };
}

/**
 * The artist proposes a correction of their live release (docs/delivery.md): kept for review, one at a
 * time; nothing changes on the release until an admin approves it.
 */
export async function requestCorrection(
  { db, storage }: { db: Db; storage: Storage },
  user: User,
  releaseId: string,
  body: CorrectionBody,
): Promise<ReleaseChange> {
  const artwork = body.artworkKey ? await proposedArtwork(storage, releaseId, body.artworkKey) : undefined;
  return db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, releaseId, { lock: true });
    if (await isPurged(trx, release.id)) throw ConflictError(TAKEDOWN_PURGED);
    if (release.status !== 'live') throw ConflictError(CORRECTION_NOT_LIVE);
    const tracks = await Track.query(trx).where({ releaseId: release.id });
    if ((body.tracks ?? []).some((t) => !tracks.some((own) => own.id === t.id))) {
      throw ValidationError(CORRECTION_TRACK_UNKNOWN, [
        { path: 'tracks', message: CORRECTION_TRACK_UNKNOWN },
      ]);
    }
    const { proposed, previous } = correctionOf(release, tracks, body);
    if (artwork) {
      proposed.artwork = artwork;
      previous.artwork = release.artworkKey
        ? {
            key: release.artworkKey,
            format: release.artworkFormat ?? '',
            size: Number(release.artworkSize ?? 0),
            width: release.artworkWidth ?? 0,
            height: release.artworkHeight ?? 0,
          }
        : null;
    }
    if (!Object.keys(proposed).length) throw ValidationError(CORRECTION_NOTHING);
    if (
      await ReleaseChange.query(trx).findOne({ releaseId: release.id, kind: 'correction', status: 'pending' })
    )
      throw ConflictError(CORRECTION_PENDING);
    const change = await ReleaseChange.query(trx)
      .insert({
        releaseId: release.id,
        kind: 'correction',
        status: 'pending',
        proposed,
        previous,
        requestedBy: user.id,
      })
      .returning('*');
    await appendEvent(trx, {
      type: 'release.correctionRequested',
      aggregateId: release.id,
      actorId: user.id,
      payload: { userId: release.userId, changeId: change.id },
    });
    return change;
  });
}

/**
 * The artist withdraws their correction while it waits for review: kept as `withdrawn`, nothing changes on
 * the release, and another correction can be proposed at once.
 */
export async function withdrawCorrection(
  db: Db,
  user: User,
  releaseId: string,
  changeId: string,
): Promise<ReleaseChange> {
  return db.transaction(async (trx) => {
    const release = await loadRelease(trx, user, releaseId, { lock: true });
    const change = await ReleaseChange.query(trx)
      .findOne({ id: changeId, releaseId: release.id, kind: 'correction' })
      .forUpdate();
    if (!change) throw NotFoundError(CORRECTION_NOT_FOUND);
    if (change.status !== 'pending') throw ConflictError(CORRECTION_NOT_WAITING);
    const withdrawn = await ReleaseChange.query(trx).patchAndFetchById(change.id, {
      status: 'withdrawn',
      decidedBy: user.id,
      decidedAt: new Date(),
    });
    await appendEvent(trx, {
      type: 'release.correctionWithdrawn',
      aggregateId: release.id,
      actorId: user.id,
      payload: { userId: release.userId, changeId: change.id },
    });
    return withdrawn;
  });
}

/**
 * An admin reviews a correction: approved, the release takes the proposed values and the stores that have
 * it are sent the update (`release.corrected`); rejected, nothing changes and the artist is told why.
 */
export async function reviewCorrection(
  db: Db,
  admin: User,
  changeId: string,
  body: ChangeReviewBody,
): Promise<ReleaseChange> {
  return db.transaction(async (trx) => {
    const change = await ReleaseChange.query(trx).findById(changeId).forUpdate();
    if (!change || change.kind !== 'correction') throw NotFoundError(CORRECTION_NOT_FOUND);
    if (change.status === 'withdrawn') throw ConflictError(CORRECTION_WITHDRAWN);
    if (change.status !== 'pending') throw ConflictError(CHANGE_DECIDED);
    const release = await Release.query(trx).findById(change.releaseId).forUpdate();
    if (!release) throw NotFoundError(RELEASE_NOT_FOUND);
    const decided = { status: body.status, reason: body.reason, decidedBy: admin.id, decidedAt: new Date() };
    const reviewed = await ReleaseChange.query(trx).patchAndFetchById(change.id, decided);
    if (body.status === 'rejected') {
      await appendEvent(trx, {
        type: 'release.correctionRejected',
        aggregateId: release.id,
        actorId: admin.id,
        payload: { userId: release.userId, changeId: change.id, reason: body.reason! },
      });
      return reviewed;
    }
    const { tracks, artwork, ...fields } = change.proposed!;
    const cover = artwork && {
      artworkKey: artwork.key,
      artworkFormat: artwork.format as Release['artworkFormat'],
      artworkSize: artwork.size,
      artworkWidth: artwork.width,
      artworkHeight: artwork.height,
    };
    if (Object.keys(fields).length || cover)
      await Release.query(trx)
        .patch({ ...(fields as Partial<Release>), ...cover })
        .findById(release.id);
    for (const track of tracks ?? []) {
      await Track.query(trx).patch({ title: track.title }).where({ id: track.id, releaseId: release.id });
    }
    await appendEvent(trx, {
      type: 'release.corrected',
      aggregateId: release.id,
      actorId: admin.id,
      payload: {
        userId: release.userId,
        changeId: change.id,
        changed: correctionFieldNames.filter((field) => field in change.proposed!),
      },
    });
    return reviewed;
  });
}
