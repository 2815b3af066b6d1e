import type { PaymentMethodBody } from '@riffline/contracts';
import {
  appendEvent,
  PaymentMethod,
  User,
  WithdrawalRequest,
  type Db,
  type DbTransaction,
} from '@riffline/db';
import { ConflictError, NotFoundError } from '../../errors.ts';

const NOT_FOUND = 'Payment method not found';

/** The user's methods are changed one at a time: the user row is the lock that keeps one default. */
async function lockUser(trx: DbTransaction, user: User) {
  await User.query(trx).findById(user.id).forUpdate();
}

async function ownMethod(trx: DbTransaction, user: User, id: string): Promise<PaymentMethod> {
  const method = await PaymentMethod.query(trx).findById(id);
  if (!method || method.userId !== user.id) throw NotFoundError(NOT_FOUND);
  return method;
}

/** Adds a payout method; the user's first becomes the default. */
export async function addPaymentMethod(db: Db, user: User, body: PaymentMethodBody): Promise<PaymentMethod> {
  return db.transaction(async (trx) => {
    await lockUser(trx, user);
    const hasDefault = Boolean(await PaymentMethod.query(trx).findOne({ userId: user.id, isDefault: true }));
    const method = await PaymentMethod.query(trx)
      .insert({ ...body, userId: user.id, isDefault: !hasDefault })
      .returning('*');
    await appendEvent(trx, {
      type: 'paymentMethod.added',
      aggregateId: method.id,
      actorId: user.id,
      payload: { userId: user.id, type: method.type, isDefault: method.isDefault },
    });
    return method;
  });
}

/**
 * Removes a method. One that a pending withdrawal pays out to stays (409); removing the default makes the
 * most recently added other method the default.
 */
export async function removePaymentMethod(db: Db, user: User, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    await lockUser(trx, user);
    const method = await ownMethod(trx, user, id);
    const pending = await WithdrawalRequest.query(trx).findOne({ paymentMethodId: id, status: 'pending' });
    if (pending) {
      throw ConflictError(
        'This payment method has a pending withdrawal: it can be removed once that is processed.',
      );
    }
    await PaymentMethod.query(trx).deleteById(id);
    let promotedId: string | null = null;
    if (method.isDefault) {
      const next = await PaymentMethod.query(trx)
        .where({ userId: user.id })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first();
      if (next) {
        await PaymentMethod.query(trx).patch({ isDefault: true }).where({ id: next.id });
        promotedId = next.id;
      }
    }
    await appendEvent(trx, {
      type: 'paymentMethod.removed',
      aggregateId: id,
      actorId: user.id,
      payload: { userId: user.id, promotedId },
    });
  });
}

/** Makes one method the default; the previous default stops being one in the same transaction. */
export async function setDefaultPaymentMethod(db: Db, user: User, id: string): Promise<PaymentMethod> {
  return db.transaction(async (trx) => {
    await lockUser(trx, user);
    const method = await ownMethod(trx, user, id);
    if (method.isDefault) return method;
    const previous = await PaymentMethod.query(trx).findOne({ userId: user.id, isDefault: true });
    if (previous) await PaymentMethod.query(trx).patch({ isDefault: false }).where({ id: previous.id });
    const updated = await PaymentMethod.query(trx).patchAndFetchById(id, { isDefault: true });
    await appendEvent(trx, {
      type: 'paymentMethod.defaultSet',
      aggregateId: id,
      actorId: user.id,
      payload: { userId: user.id, previousId: previous?.id ?? null },
    });
    return updated;
  });
}
