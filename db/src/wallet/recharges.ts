import type { Db, DbTransaction } from '../connection.ts';
import { affectedRows } from '../connection.ts';
import { PaymentTransaction } from '../models/PaymentTransaction.ts';

/**
 * Settles a pending order as completed, once: the conditional update succeeds for exactly one caller, and
 * only that caller credits the coins (in the same transaction). Later or concurrent callers get null.
 */
export async function completePendingOrder(
  trx: DbTransaction,
  orderId: string,
  facts: { utr: string | null; remark: string | null; remark2?: string | null; now: Date },
): Promise<PaymentTransaction | null> {
  const rows = await PaymentTransaction.query(trx)
    .patch({
      status: 'completed',
      utr: facts.utr,
      remark1: facts.remark,
      ...(facts.remark2 ? { remark2: facts.remark2 } : {}),
      completedAt: facts.now,
    })
    .where({ orderId, status: 'pending' })
    .returning('*');
  return (rows as unknown as PaymentTransaction[])[0] ?? null;
}

/**
 * Marks a pending order failed with the gateway's message (and its further detail, remark2); null if it
 * was no longer pending.
 */
export async function failPendingOrder(
  trx: DbTransaction,
  orderId: string,
  message: string,
  remark2?: string | null,
): Promise<PaymentTransaction | null> {
  const rows = await PaymentTransaction.query(trx)
    .patch({ status: 'failed', remark1: message, ...(remark2 ? { remark2 } : {}) })
    .where({ orderId, status: 'pending' })
    .returning('*');
  return (rows as unknown as PaymentTransaction[])[0] ?? null;
}

/** Pending recharges older than `before` become expired; returns how many. */
export async function expireStaleOrders(db: Db, before: Date): Promise<number> {
  return affectedRows(
    await db('payment_transactions')
      .update({ status: 'expired', updated_at: new Date() })
      .where({ status: 'pending', type: 'recharge' })
      .where('created_at', '<', before),
  );
}

/** The embedded sandbox gateway's record of one payment. */
export interface SandboxPayment {
  gatewayOrderId: string;
  orderId: string;
  amount: string;
  status: 'pending' | 'paid' | 'failed';
  utr: string | null;
}

export async function createSandboxPayment(
  db: Db,
  payment: Omit<SandboxPayment, 'status' | 'utr'>,
): Promise<void> {
  await db('sandbox_payments').insert({
    gateway_order_id: payment.gatewayOrderId,
    order_id: payment.orderId,
    amount: payment.amount,
  });
}

export async function findSandboxPayment(
  db: Db,
  gatewayOrderId: string,
): Promise<SandboxPayment | undefined> {
  const row = await db('sandbox_payments').where({ gateway_order_id: gatewayOrderId }).first();
  return row ? { ...(row as SandboxPayment), amount: String((row as SandboxPayment).amount) } : undefined;
}

/** Pay or Fail on the sandbox page: only a pending payment settles (a second click changes nothing). */
export async function settleSandboxPayment(
  db: Db,
  gatewayOrderId: string,
  status: 'paid' | 'failed',
  utr: string | null,
): Promise<boolean> {
  return (
    affectedRows(
      await db('sandbox_payments')
        .update({ status, utr, settled_at: new Date() })
        .where({ gateway_order_id: gatewayOrderId, status: 'pending' }),
    ) === 1
  );
}
