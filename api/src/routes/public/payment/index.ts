import { transactionStatuses } from '@riffline/contracts';
import { z } from 'zod';
import { settleRechargeNotification } from '../../../commands/wallet/recharges.ts';
import { AuthenticationError, HttpError } from '../../../errors.ts';
import { paymentGateway } from '../../../payments/index.ts';
import { SIGNATURE_HEADER, webhookSignatureValid } from '../../../payments/webhookSignature.ts';
import { defineRoute } from '../../route.ts';

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a string` })
    .max(max, `${name} must be at most ${max} characters`)
    .nullish();

/** The gateway's notification: which order, and what it says happened (a hint: the gateway is asked). */
const WebhookSchema = z.object({
  body: z.object(
    {
      orderId: z
        .string({
          error: (issue) => (issue.input === undefined ? 'orderId is required' : 'orderId must be a string'),
        })
        .trim()
        .min(1, 'orderId is required')
        .max(64, 'orderId must be at most 64 characters'),
      status: z.enum(['pending', 'completed', 'failed'], {
        error: 'status must be pending, completed or failed',
      }),
      gatewayOrderId: text('gatewayOrderId', 128),
      utr: text('utr', 64),
      remark1: text('remark1', 500),
      remark2: text('remark2', 500),
    },
    { error: 'The notification must be a JSON object' },
  ),
});

const WebhookResponse = z.object({
  received: z.literal(true),
  status: z.enum(transactionStatuses).describe('the order as it stands here after the notification'),
});

export const paymentWebhookRoutes = [
  defineRoute({
    method: 'post',
    path: '/payment/webhook',
    summary:
      `The UPI gateway tells us an order changed (server to server; no session, no Origin): signed with ` +
      `\`${SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of the raw body under PAYMENT_WEBHOOK_SECRET>\`. ` +
      'The gateway is then asked how the order stands, and it is settled as verify settles it (coins added once)',
    tag: 'Payment gateway',
    audience: 'public',
    webhook: { signatureHeader: SIGNATURE_HEADER },
    request: WebhookSchema,
    response: WebhookResponse,
    errors: [401, 404, 502, 503],
    handler: async (ctx, deps) => {
      const secrets = deps.config.payments.webhookSecrets;
      if (!secrets.length)
        throw new HttpError(503, 'Payment notifications are not configured on this server.');
      const signature = ctx.get(SIGNATURE_HEADER);
      if (!signature) throw AuthenticationError(`Missing ${SIGNATURE_HEADER} header`);
      if (!webhookSignatureValid(ctx.request.rawBody ?? '', signature, secrets)) {
        throw AuthenticationError('Invalid signature');
      }
      const { body } = ctx.state.input as z.infer<typeof WebhookSchema>;
      const order = await settleRechargeNotification(
        deps.db,
        paymentGateway(deps),
        body.orderId,
        deps.clock(),
        deps.config.payments.orderTtlMs,
      );
      if (body.status === 'completed' && (order.status === 'failed' || order.status === 'expired')) {
        // Paid at the gateway, but no longer pending here: nothing is credited automatically.
        deps.logger.warn(
          { orderId: body.orderId, here: order.status },
          'the payment gateway reports a payment for an order that is not pending: reconcile it by hand',
        );
      }
      return { received: true as const, status: order.status };
    },
  }),
];
