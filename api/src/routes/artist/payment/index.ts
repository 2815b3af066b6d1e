import {
  CreateOrderBody,
  CreateOrderResponse,
  TransactionResponse,
  VerifyOrderResponse,
} from '@riffline/contracts';
import { PaymentTransaction } from '@riffline/db';
import { z } from 'zod';
import { createRechargeOrder, verifyRechargeOrder } from '../../../commands/wallet/recharges.ts';
import { paymentGateway } from '../../../payments/index.ts';
import { defineRoute } from '../../route.ts';

const tag = 'Wallet';
const CreateSchema = z.object({ body: CreateOrderBody });
const VerifySchema = z.object({
  params: z.object({
    orderId: z.string().trim().min(1, 'Order not found').max(64, 'Order not found'),
  }),
});

export const paymentRoutes = [
  defineRoute({
    method: 'post',
    path: '/payment/create-order',
    summary:
      'Top up coins (1 coin = 1 rupee): a pending recharge and the gateway page to pay it on (`paymentUrl`, opened in a new window)',
    tag,
    audience: 'approved',
    request: CreateSchema,
    response: CreateOrderResponse,
    errors: [502, 503],
    rateLimit: { name: 'recharge', limit: 30, windowMs: 60 * 60_000 },
    handler: async (ctx, deps) => {
      const { body } = ctx.state.input as z.infer<typeof CreateSchema>;
      const order = await createRechargeOrder(
        deps.db,
        paymentGateway(deps),
        ctx.state.user!,
        body,
        deps.config.publicUrl,
      );
      return { success: true as const, ...order };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/payment/verify/:orderId',
    summary:
      "Ask the gateway how the artist's order went: completed adds the coins exactly once, failed says why, anything else stays pending",
    tag,
    audience: 'approved',
    request: VerifySchema,
    response: VerifyOrderResponse,
    errors: [502, 503],
    handler: async (ctx, deps) => {
      const { params } = ctx.state.input as z.infer<typeof VerifySchema>;
      return verifyRechargeOrder(
        deps.db,
        paymentGateway(deps),
        ctx.state.user!,
        params.orderId,
        deps.clock(),
        deps.config.payments.orderTtlMs,
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/payment/transactions',
    summary: "The approved artist's coin transactions (recharges and distribution fees), newest first",
    tag,
    audience: 'approved',
    response: z.array(TransactionResponse),
    handler: async (ctx, { db }) => {
      const rows = await PaymentTransaction.query(db)
        .where({ userId: ctx.state.user!.id })
        .orderBy([
          { column: 'createdAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(200);
      return rows.map((t) => ({
        id: t.id,
        type: t.type,
        orderId: t.orderId,
        amount: t.amount,
        status: t.status,
        paymentUrl: t.status === 'pending' ? t.paymentUrl : null,
        utr: t.utr,
        message: t.status === 'failed' ? t.remark1 : null,
        releaseId: t.releaseId,
        completedAt: t.completedAt?.toISOString() ?? null,
        createdAt: t.createdAt.toISOString(),
      }));
    },
  }),
];
