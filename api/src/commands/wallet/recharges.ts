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
import {
  GatewayError,
  walletReturnPath,
  type GatewayStatus,
  type PaymentGateway,
} from '../../payments/gateway.ts';

const ALREADY_ADDED = 'This payment was already added to your coins.';
const EXPIRED = 'This payment order has expired. Please create a new one.';
export const CREATE_FAILED = 'Failed to Create Order - Please try again later.';
export const VERIFY_FAILED = 'Verification Error - Failed to verify payment. Please try again in a moment.';
export const NOTIFICATION_UNCHECKED =
  'The payment gateway could not be asked about this order. Please send the notification again later.';
/** What a recharge that never reached the gateway says (remark1) once failed. */
const UNREACHED = 'The payment service could not be reached';

const newOrderId = () =>
  `RFL${Date.now().toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;

/** A failure of the gateway (not of ours) as the 502 the UI shows; anything else as it is. */
function asBadGateway(error: unknown, message: string): unknown {
  return error instanceof GatewayError ? Object.assign(new HttpError(502, message), { cause: error }) : error;
}

/**
 * Starts a coin top-up: a pending `recharge` transaction with our order id, then the gateway's payment
 * page for it. A gateway that cannot be reached (after the adapter's retries) leaves the order failed, with
 * its `wallet.paymentFailed` event, and answers 502: the artist never got a page to pay on, so nothing is
 * left pending without one.
 */
export async function createRechargeOrder(
  db: Db,
  gateway: PaymentGateway,
  user: User,
  body: CreateOrderBody,
  publicUrl: string,
): Promise<{ orderId: string; paymentUrl: string }> {
  const orderId = newOrderId();
  const redirectUrl = `${publicUrl}${walletReturnPath(orderId)}`;
  await db.transaction(async (trx) => {
    await PaymentTransaction.query(trx).insert({
      userId: user.id,
      type: 'recharge',
      orderId,
      amount: body.amount,
      customerMobile: body.customerMobile,
      status: 'pending',
      redirectUrl,
    });
    await appendEvent(trx, {
      type: 'wallet.orderCreated',
      aggregateId: orderId,
      actorId: user.id,
      payload: { userId: user.id, orderId, amount: body.amount },
    });
  });
  let created: { gatewayOrderId: string; paymentUrl: string };
  try {
    created = await gateway.createOrder({
      orderId,
      amount: body.amount,
      customerMobile: body.customerMobile,
      redirectUrl,
    });
  } catch (error) {
    await db.transaction(async (trx) => {
      if (await failPendingOrder(trx, orderId, UNREACHED)) {
        await appendEvent(trx, {
          type: 'wallet.paymentFailed',
          aggregateId: orderId,
          actorId: user.id,
          payload: { userId: user.id, orderId, message: UNREACHED },
        });
      }
    });
    throw asBadGateway(error, CREATE_FAILED);
  }
  await PaymentTransaction.query(db)
    .patch({ gatewayOrderId: created.gatewayOrderId, paymentUrl: created.paymentUrl })
    .where({ orderId });
  return { orderId, paymentUrl: created.paymentUrl };
}

/**
 * The artist asks how their order went (`POST /api/payment/verify/:orderId`): someone else's order reads as
 * one that does not exist. A gateway that cannot be asked changes nothing and answers 502.
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
  return settleRecharge(db, gateway, order, {
    now,
    orderTtlMs,
    actorId: user.id,
    unreachable: VERIFY_FAILED,
  });
}

/**
 * The gateway says something happened to an order (`POST /api/payment/webhook`, its signature already
 * checked). The notification names the order; what it claims is not taken for it: the gateway is asked, as
 * verify asks it, so a replayed or out-of-order notification settles nothing that is not so. The same
 * settlement as verify, so the coins are added once whichever comes first, or both at once.
 */
export async function settleRechargeNotification(
  db: Db,
  gateway: PaymentGateway,
  orderId: string,
  now: Date,
  orderTtlMs: number,
): Promise<VerifyOrderResponse> {
  const order = await PaymentTransaction.query(db).findOne({ orderId, type: 'recharge' });
  if (!order) throw NotFoundError('Order not found');
  return settleRecharge(db, gateway, order, {
    now,
    orderTtlMs,
    actorId: null,
    unreachable: NOTIFICATION_UNCHECKED,
  });
}

/**
 * Asks the gateway how an order went and records it. Completed credits the coins exactly once: the
 * conditional status update and the balance update share one transaction, so repeated or concurrent
 * settlements (verifies, webhook calls, retries of either) add nothing more.
 */
async function settleRecharge(
  db: Db,
  gateway: PaymentGateway,
  order: PaymentTransaction,
  options: { now: Date; orderTtlMs: number; actorId: string | null; unreachable: string },
): Promise<VerifyOrderResponse> {
  const { now, orderTtlMs, actorId } = options;
  const { orderId, userId } = order;
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
  let answer: GatewayStatus;
  try {
    answer = await gateway.checkStatus({ orderId, gatewayOrderId: order.gatewayOrderId ?? '' });
  } catch (error) {
    throw asBadGateway(error, options.unreachable);
  }
  if (answer.status === 'completed') {
    const { utr, message, remark2 } = answer;
    return db.transaction(async (trx) => {
      const settled = await completePendingOrder(trx, orderId, { utr, remark: message, remark2, now });
      if (!settled)
        return {
          status: 'completed',
          coinsAdded: none,
          message: ALREADY_ADDED,
        };
      const owner = (await User.query(trx).findById(userId).forUpdate())!;
      await User.query(trx)
        .patch({ coins: addAmounts(owner.coins, settled.amount) })
        .where({ id: userId });
      await appendEvent(trx, {
        type: 'wallet.paymentCompleted',
        aggregateId: orderId,
        actorId,
        payload: { userId, orderId, coinsAdded: settled.amount },
      });
      return {
        status: 'completed' as const,
        coinsAdded: settled.amount,
        message: `${settled.amount} coins added to your wallet.`,
      };
    });
  }
  if (answer.status === 'failed') {
    const { message, remark2 } = answer;
    await db.transaction(async (trx) => {
      if (await failPendingOrder(trx, orderId, message, remark2)) {
        await appendEvent(trx, {
          type: 'wallet.paymentFailed',
          aggregateId: orderId,
          actorId,
          payload: { userId, orderId, message },
        });
      }
    });
    return { status: 'failed', coinsAdded: none, message };
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
