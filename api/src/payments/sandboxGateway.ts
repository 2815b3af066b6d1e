import { randomBytes } from 'node:crypto';
import { createSandboxPayment, findSandboxPayment, type Db } from '@riffline/db';
import type { PaymentGateway } from './gateway.ts';

/**
 * The embedded default: a gateway that lives in this app. Its page `/sandbox-pay/:gatewayOrderId` shows the
 * amount with Pay and Fail buttons (sandboxPages.ts); its ledger is the `sandbox_payments` table.
 */
export function sandboxGateway(db: Db, publicUrl: string): PaymentGateway {
  return {
    name: 'Riffline sandbox',
    async createOrder(order) {
      const gatewayOrderId = `sbx_${randomBytes(12).toString('hex')}`;
      await createSandboxPayment(db, { gatewayOrderId, orderId: order.orderId, amount: order.amount });
      return { gatewayOrderId, paymentUrl: `${publicUrl}/sandbox-pay/${gatewayOrderId}` };
    },
    async checkStatus({ gatewayOrderId }) {
      const payment = await findSandboxPayment(db, gatewayOrderId);
      if (!payment) return { status: 'failed', message: 'The gateway does not know this order' };
      if (payment.status === 'paid')
        return { status: 'completed', utr: payment.utr, message: 'Payment received' };
      if (payment.status === 'failed') return { status: 'failed', message: 'The payment was declined' };
      return { status: 'pending', message: 'Payment is still processing. Try again in a moment.' };
    },
  };
}
