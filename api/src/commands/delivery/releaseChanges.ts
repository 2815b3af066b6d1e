import {
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
  type Db,
  type DbTransaction,
  type User,
} from '@riffline/db';
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
