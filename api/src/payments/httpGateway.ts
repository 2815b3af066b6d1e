import { setTimeout as sleep } from 'node:timers/promises';
import { isSafeText } from '@riffline/contracts';
import type { Logger } from 'pino';
import { z } from 'zod';
import { GatewayError, type GatewayStatus, type PaymentGateway } from './gateway.ts';

/**
 * A UPI gateway over HTTP (PAYMENT_GATEWAY_URL, PAYMENT_GATEWAY_KEY): JSON both ways, our key as a bearer
 * token on every call. The protocol (README, "Coin top-ups through a UPI gateway"):
 *
 *   POST {url}/orders         Idempotency-Key: <orderId>
 *        {orderId, amount, currency: "INR", customerMobile, redirectUrl, webhookUrl?}
 *     → 200/201 {orderId, gatewayOrderId, paymentUrl}; the same orderId again answers the same order
 *   GET  {url}/orders/{orderId}
 *     → 200 {orderId, gatewayOrderId, status: "pending" | "completed" | "failed", utr, remark1, remark2}
 *
 * Each attempt has its own timeout; a network error, a timeout, 408, 429 or 5xx is tried again, up to
 * `attempts` in all. Retrying cannot make a second order: every create carries our orderId as its
 * Idempotency-Key (and in the body). Nor can it credit twice: crediting happens only on our side, once, by
 * the conditional status update (commands/wallet/recharges.ts). Whatever still fails is a GatewayError.
 */
export interface HttpGatewayOptions {
  url: string;
  key: string;
  /** Per attempt (PAYMENT_GATEWAY_TIMEOUT_MS). */
  timeoutMs: number;
  /** Where the gateway posts its signed notifications; left out when the webhook is off. */
  webhookUrl?: string;
  /** Attempts in all for one call (3). */
  attempts?: number;
  /** The wait before the second attempt, doubled for each later one (250 ms). */
  backoffMs?: number;
  logger?: Pick<Logger, 'warn' | 'error'>;
}

/** Text of the gateway's that we keep and may show: bounded, and null unless it is safe text. */
const remark = z
  .string()
  .nullish()
  .transform((v) => (v && isSafeText(v) ? v.slice(0, 500) : null));

const CreatedOrder = z.object({
  orderId: z.string().optional(),
  gatewayOrderId: z.string().trim().min(1).max(128),
  paymentUrl: z.url({ protocol: /^https?$/ }).max(2048),
});

const OrderStatus = z.object({
  orderId: z.string().optional(),
  status: z.enum(['pending', 'completed', 'failed']),
  utr: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => (v && isSafeText(v) ? v : null)),
  remark1: remark,
  remark2: remark,
});

const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

function describe(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timed out';
  if (error instanceof GatewayError) return error.message;
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
}

export function httpGateway(options: HttpGatewayOptions): PaymentGateway {
  const { url, key, timeoutMs, webhookUrl, attempts = 3, backoffMs = 250, logger } = options;

  /** The gateway answered, but not as the protocol says: logged (the artist sees only a 502), not retried. */
  const refused = (message: string) => {
    logger?.error({ gateway: url, reason: message }, 'payment gateway answer refused');
    return new GatewayError(message);
  };

  /** One call, retried while the failure says nothing about the order; the answer's status and JSON. */
  async function call(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    body?: { idempotencyKey: string; json: unknown },
  ): Promise<{ status: number; json: unknown }> {
    let last: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
      let status: number;
      let text: string;
      try {
        const res = await fetch(`${url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${key}`,
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json', 'idempotency-key': body.idempotencyKey } : {}),
          },
          body: body ? JSON.stringify(body.json) : undefined,
          redirect: 'manual',
          // Covers the answer's body too: a gateway that stalls mid-answer times out the same way.
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = res.status;
        text = await res.text();
      } catch (error) {
        last = error;
        logger?.warn(
          { gateway: url, call: what, attempt, of: attempts, reason: describe(error) },
          'payment gateway call failed',
        );
        continue;
      }
      if (retryable(status)) {
        last = new GatewayError(`answered ${status}`);
        logger?.warn(
          { gateway: url, call: what, attempt, of: attempts, reason: `answered ${status}` },
          'payment gateway call failed',
        );
        continue;
      }
      // An answer that is not the protocol will not get better by asking again.
      try {
        return { status, json: text ? (JSON.parse(text) as unknown) : null };
      } catch {
        throw refused(`${what}: the gateway answered ${status} with something that is not JSON`);
      }
    }
    const message = `${what}: the gateway did not answer (${describe(last)}, ${attempts} attempts)`;
    logger?.error({ gateway: url, reason: message }, 'payment gateway unreachable');
    throw new GatewayError(message, { cause: last });
  }

  return {
    name: new URL(url).host,

    async createOrder(order) {
      const res = await call('create order', 'POST', '/orders', {
        idempotencyKey: order.orderId,
        json: {
          orderId: order.orderId,
          amount: order.amount,
          currency: 'INR',
          customerMobile: order.customerMobile,
          redirectUrl: order.redirectUrl,
          ...(webhookUrl ? { webhookUrl } : {}),
        },
      });
      if (res.status !== 200 && res.status !== 201) {
        throw refused(`create order: the gateway answered ${res.status}`);
      }
      const created = CreatedOrder.safeParse(res.json);
      if (!created.success || (created.data.orderId && created.data.orderId !== order.orderId)) {
        throw refused('create order: the gateway answered something that is not our order');
      }
      return { gatewayOrderId: created.data.gatewayOrderId, paymentUrl: created.data.paymentUrl };
    },

    async checkStatus({ orderId }): Promise<GatewayStatus> {
      // By our order id: it is known to the gateway from the first create attempt, whether or not its
      // answer reached us.
      const res = await call('check status', 'GET', `/orders/${encodeURIComponent(orderId)}`);
      // A 404 (or any other refusal) changes nothing: a wrong URL or key must never fail paid orders.
      if (res.status !== 200) throw refused(`check status: the gateway answered ${res.status}`);
      const answer = OrderStatus.safeParse(res.json);
      if (!answer.success || (answer.data.orderId && answer.data.orderId !== orderId)) {
        throw refused('check status: the gateway answered something that is not our order');
      }
      const { status, utr, remark1, remark2 } = answer.data;
      if (status === 'completed') return { status, utr, message: remark1 ?? 'Payment received', remark2 };
      if (status === 'failed') return { status, message: remark1 ?? 'The payment was declined', remark2 };
      return { status, message: remark1 ?? 'Payment is still processing. Try again in a moment.' };
    },
  };
}
