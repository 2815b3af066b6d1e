import {
  storeTargetCredentialsProblem,
  storeTargetWhereProblem,
  type StoreTargetBody,
  type StoreTargetUpdateBody,
} from '@riffline/contracts';
import {
  appendEvent,
  credentialsKey,
  Delivery,
  encryptCredentials,
  StoreTarget,
  type Db,
  type User,
} from '@riffline/db';
import { ConflictError, NotFoundError, ValidationError } from '../../errors.ts';

export const STORE_TAKEN_MESSAGE = 'This store already has a drop box: change that one.';
export const STORE_DELIVERED_MESSAGE =
  'Releases were delivered to this store: switch it off instead, so that its deliveries keep their history.';

const FIELDS = [
  'protocol',
  'host',
  'port',
  'folder',
  'username',
  'bucket',
  'region',
  'endpoint',
  'dpid',
  'profile',
  'mode',
  'enabled',
] as const;

/** A store's drop box, new (docs/delivery.md): its credentials encrypted before they are stored; audited. */
export async function createStoreTarget(
  db: Db,
  admin: User,
  key: string | undefined,
  { credentials, ...body }: StoreTargetBody,
): Promise<StoreTarget> {
  const sealed = encryptCredentials(await credentialsKey(db, key), credentials);
  return db.transaction(async (trx) => {
    if (await StoreTarget.query(trx).findOne({ store: body.store })) throw ConflictError(STORE_TAKEN_MESSAGE);
    const target = await StoreTarget.query(trx)
      .insert({ ...body, credentials: sealed })
      .returning('*');
    await appendEvent(trx, {
      type: 'storeTarget.saved',
      aggregateId: target.id,
      actorId: admin.id,
      payload: { store: target.store, changed: [...FIELDS], credentialsReplaced: true },
    });
    return target;
  });
}

/**
 * Changes a store's drop box; credentials are replaced only when given. The result must still say where the
 * drop box is and hold the credentials its protocol needs (400 otherwise).
 */
export async function updateStoreTarget(
  db: Db,
  admin: User,
  key: string | undefined,
  id: string,
  { credentials, store: _store, ...body }: StoreTargetUpdateBody,
): Promise<StoreTarget> {
  const secret = await credentialsKey(db, key);
  return db.transaction(async (trx) => {
    const target = await StoreTarget.query(trx).findById(id).forUpdate();
    if (!target) throw NotFoundError('Store not found');
    const where = storeTargetWhereProblem(body);
    if (where) throw ValidationError(where);
    if (credentials) {
      const problem = storeTargetCredentialsProblem(body.protocol, credentials);
      if (problem) throw ValidationError(problem, [{ path: 'body.credentials', message: problem }]);
    } else if (body.protocol !== target.protocol) {
      const problem = storeTargetCredentialsProblem(body.protocol, {});
      throw ValidationError(problem!, [{ path: 'body.credentials', message: problem! }]);
    }
    const changed = FIELDS.filter((f) => body[f] !== target[f]);
    const updated = await target.$query(trx).patchAndFetch({
      ...body,
      ...(credentials ? { credentials: encryptCredentials(secret, credentials) } : {}),
    });
    if (changed.length || credentials) {
      await appendEvent(trx, {
        type: 'storeTarget.saved',
        aggregateId: target.id,
        actorId: admin.id,
        payload: { store: target.store, changed, credentialsReplaced: Boolean(credentials) },
      });
    }
    return updated;
  });
}

/** Deletes a store's drop box that nothing was delivered to (409 otherwise: switch it off instead). */
export async function deleteStoreTarget(db: Db, admin: User, id: string): Promise<StoreTarget> {
  return db.transaction(async (trx) => {
    const target = await StoreTarget.query(trx).findById(id).forUpdate();
    if (!target) throw NotFoundError('Store not found');
    if (await Delivery.query(trx).findOne({ targetId: id })) throw ConflictError(STORE_DELIVERED_MESSAGE);
    await target.$query(trx).delete();
    await appendEvent(trx, {
      type: 'storeTarget.deleted',
      aggregateId: target.id,
      actorId: admin.id,
      payload: { store: target.store },
    });
    return target;
  });
}
