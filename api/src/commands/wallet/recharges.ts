import { randomBytes } from 'node:crypto';
import { addAmounts, type CreateOrderBody, type VerifyOrderResponse } from '@riffline/contracts';
import {
  appendEvent,
  completePendingOrder,
  failPendingOrder,
  PaymentTransaction,
  User,
  type Db,
} from '@riffline/db';
import { HttpError, NotFoundError } from '../../errors.ts';
import type { PaymentGateway } from '../../payments/gateway.ts';

const ALREADY_ADDED = 'This payment was already added to your coins.';
const EXPIRED = 'This payment order has expired. Please create a new one.';

const newOrderId = () =>
  `RFL${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

/**
 * Starts a coin top-up: a pending `recharge` transaction with our order id, then the gateway's payment
 * page for it. A gateway that cannot be reached leaves the order failed and answers 502.
 */
export async function createRechargeOrder(
  db: Db,
  gateway: PaymentGateway,
  user: User,
  body: CreateOrderBody,
  publicUrl: string,
): Promise<{ orderId: string; paymentUrl: string }> {
  const orderId = newOrderId();
  await db.transaction(async (trx) => {
    await PaymentTransaction.query(trx).insert({
      userId: user.id,
      type: 'recharge',
      orderId,
      amount: body.amount,
      customerMobile: body.customerMobile,
      status: 'pending',
      redirectUrl: `${publicUrl}/wallet`,
    });
    await appendEvent(trx, {
      type: 'wallet.orderCreated',
      aggregateId: orderId,
      actorId: user.id,
      payload: { userId: user.id, orderId, amount: body.amount },
    });
  });
  try {
    const created = await gateway.createOrder({
      orderId,
      amount: body.amount,
      customerMobile: body.customerMobile,
      redirectUrl: `${publicUrl}/wallet`,
    });
    await PaymentTransaction.query(db)
      .patch({ gatewayOrderId: created.gatewayOrderId, paymentUrl: created.paymentUrl })
      .where({ orderId });
    return { orderId, paymentUrl: created.paymentUrl };
  } catch (error) {
    await db.transaction((trx) => failPendingOrder(trx, orderId, 'The payment service could not be reached'));
    throw Object.assign(new HttpError(502, 'Failed to Create Order - Please try again later.'), {
      cause: error,
    });
  }
}

/**
 * Asks the gateway how an order went. Completed credits the coins exactly once: the conditional status
 * update and the balance update share one transaction, so repeated or concurrent verifies add nothing more.
 */
export async function verifyRechargeOrder(
  db: Db,
  gateway: PaymentGateway,
  user: User,
  orderId: string,
  now: Date,
  /** Orders left pending this long are expired (PAYMENT_ORDER_TTL_MINUTES). */
  orderTtlMs: number,
): Promise<VerifyOrderResponse> {
  const order = await PaymentTransaction.query(db).findOne({ orderId, type: 'recharge' });
  if (!order || order.userId !== user.id) throw NotFoundError('Order not found');
  const none = '0.00';
  if (order.status === 'completed')
    return {
      status: 'completed',
      coinsAdded: none,
      message: ALREADY_ADDED,
    };
  if (order.status === 'failed')
    return { status: 'failed', coinsAdded: none, message: order.remark1 ?? 'Payment verification failed.' };
  if (
    order.status === 'expired' ||
    (!order.gatewayOrderId && order.createdAt.getTime() < now.getTime() - orderTtlMs)
  ) {
    return {
      status: 'expired',
      coinsAdded: none,
      message: EXPIRED,
    };
  }
  const answer = await gateway.checkStatus({ orderId, gatewayOrderId: order.gatewayOrderId ?? '' });
  if (answer.status === 'completed') {
    return db.transaction(async (trx) => {
      const settled = await completePendingOrder(trx, orderId, {
        utr: answer.utr,
        remark: answer.message,
        now,
      });
      if (!settled)
        return {
          status: 'completed',
          coinsAdded: none,
          message: ALREADY_ADDED,
        };
      const owner = (await User.query(trx).findById(user.id).forUpdate())!;
      await User.query(trx)
        .patch({ coins: addAmounts(owner.coins, settled.amount) })
        .where({ id: user.id });
      await appendEvent(trx, {
        type: 'wallet.paymentCompleted',
        aggregateId: orderId,
        actorId: user.id,
        payload: { userId: user.id, orderId, coinsAdded: settled.amount },
      });
      return {
        status: 'completed' as const,
        coinsAdded: settled.amount,
        message: `${settled.amount} coins added to your wallet.`,
      };
    });
  }
  if (answer.status === 'failed') {
    await db.transaction(async (trx) => {
      if (await failPendingOrder(trx, orderId, answer.message)) {
        await appendEvent(trx, {
          type: 'wallet.paymentFailed',
          aggregateId: orderId,
          actorId: user.id,
          payload: { userId: user.id, orderId, message: answer.message },
        });
      }
    });
    return { status: 'failed', coinsAdded: none, message: answer.message };
  }
  if (order.createdAt.getTime() < now.getTime() - orderTtlMs) {
    await PaymentTransaction.query(db).patch({ status: 'expired' }).where({ orderId, status: 'pending' });
    return {
      status: 'expired',
      coinsAdded: none,
      message: EXPIRED,
    };
  }
  return { status: 'pending', coinsAdded: none, message: answer.message };
}
