import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook, SIGNATURE_HEADER } from './webhookSignature.ts';

/**
 * A UPI gateway speaking the protocol of httpGateway.ts on loopback, for tests (and for trying the HTTP
 * adapter by hand). Orders are kept in memory, one per orderId whatever the retries; the customer pays or
 * is declined on its page (`POST <paymentUrl>/pay` or `/fail`); `notify` posts the signed webhook to the
 * URL the order was created with. Faults make the next calls of a kind fail as a real gateway can.
 */
export type Fault =
  /** Answer this status, and do nothing. */
  | { kind: 'status'; status: number }
  /** Do the work, but answer only after `ms` (past the caller's timeout: it gives up and asks again). */
  | { kind: 'stall'; ms: number }
  /** Close the connection without an answer. */
  | { kind: 'drop' };

export interface GatewayOrderRecord {
  orderId: string;
  gatewayOrderId: string;
  amount: string;
  customerMobile: string;
  redirectUrl: string;
  webhookUrl?: string;
  status: 'pending' | 'completed' | 'failed';
  utr: string | null;
  remark1: string | null;
  remark2: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface TestGateway {
  /** The base URL to configure as PAYMENT_GATEWAY_URL. */
  url: string;
  key: string;
  orders: Map<string, GatewayOrderRecord>;
  /** Every API call (create and status; not the payment page), in order. */
  requests: RecordedRequest[];
  /** The next calls of this kind meet these faults, one each, in order. */
  fail(call: 'create' | 'status', ...faults: Fault[]): void;
  /** The customer's outcome, as on the payment page: a pending order only, once. */
  settle(
    orderId: string,
    outcome: 'completed' | 'failed',
    remarks?: { remark1?: string; remark2?: string },
  ): GatewayOrderRecord;
  /** Posts the order's notification to its webhook URL, signed with `secret` (or a body as given). */
  notify(
    orderId: string,
    options?: { secret?: string; body?: string; signature?: string },
  ): Promise<Response>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startTestGateway(
  options: { key?: string; webhookSecret?: string } = {},
): Promise<TestGateway> {
  const key = options.key ?? `test-gateway-key-${randomBytes(8).toString('hex')}`;
  const orders = new Map<string, GatewayOrderRecord>();
  const byGatewayId = new Map<string, GatewayOrderRecord>();
  const requests: RecordedRequest[] = [];
  const faults: Record<'create' | 'status', Fault[]> = { create: [], status: [] };
  let base = '';

  const view = (o: GatewayOrderRecord) => ({
    orderId: o.orderId,
    gatewayOrderId: o.gatewayOrderId,
    status: o.status,
    utr: o.utr,
    remark1: o.remark1,
    remark2: o.remark2,
  });

  function settle(
    orderId: string,
    outcome: 'completed' | 'failed',
    remarks: { remark1?: string; remark2?: string } = {},
  ) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`the test gateway has no order ${orderId}`);
    if (order.status !== 'pending') return order;
    order.status = outcome;
    order.utr = outcome === 'completed' ? String(100_000_000_000 + Math.floor(Math.random() * 1e11)) : null;
    order.remark1 = remarks.remark1 ?? (outcome === 'completed' ? 'Payment successful' : 'Declined by bank');
    order.remark2 = remarks.remark2 ?? (outcome === 'completed' ? 'payer@okbank' : 'U30 debit failed');
    return order;
  }

  /** Answers a call of an API kind, after its fault if one is queued; false when the fault answered. */
  async function faulted(call: 'create' | 'status', res: ServerResponse, work: () => void) {
    const fault = faults[call].shift();
    if (!fault) return false;
    if (fault.kind === 'drop') {
      res.socket?.destroy();
      return true;
    }
    if (fault.kind === 'status') {
      json(res, fault.status, { message: `test gateway: ${fault.status}` });
      return true;
    }
    work();
    await new Promise((r) => setTimeout(r, fault.ms));
    return false;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://gateway');
      const path = url.pathname.replace(/^\/v1/, '');
      const body = await readBody(req);
      const payPage = /^\/pay\/([^/]+)(?:\/(pay|fail))?$/.exec(path);
      if (payPage) {
        // The customer's side: no key, as in a browser.
        const order = byGatewayId.get(decodeURIComponent(payPage[1]!));
        if (!order) return json(res, 404, { message: 'Unknown payment' });
        if (req.method === 'POST' && payPage[2]) {
          settle(order.orderId, payPage[2] === 'pay' ? 'completed' : 'failed');
        }
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(`<h1>Pay ₹${order.amount}</h1><p>${order.status}</p>`);
      }
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (req.headers.authorization !== `Bearer ${key}`) return json(res, 401, { message: 'Bad API key' });

      if (req.method === 'POST' && path === '/orders') {
        let input: Record<string, string>;
        try {
          input = JSON.parse(body) as Record<string, string>;
        } catch {
          return json(res, 400, { message: 'Body must be JSON' });
        }
        const idempotencyKey = req.headers['idempotency-key'];
        if (!input.orderId || idempotencyKey !== input.orderId) {
          return json(res, 400, { message: 'Idempotency-Key must be the orderId' });
        }
        const create = () => {
          if (orders.has(input.orderId!)) return;
          const order: GatewayOrderRecord = {
            orderId: input.orderId!,
            gatewayOrderId: `upi_${randomBytes(8).toString('hex')}`,
            amount: input.amount!,
            customerMobile: input.customerMobile!,
            redirectUrl: input.redirectUrl!,
            webhookUrl: input.webhookUrl,
            status: 'pending',
            utr: null,
            remark1: null,
            remark2: null,
          };
          orders.set(order.orderId, order);
          byGatewayId.set(order.gatewayOrderId, order);
        };
        if (await faulted('create', res, create)) return;
        const existing = orders.get(input.orderId);
        if (existing && existing.amount !== input.amount) {
          return json(res, 409, { message: 'This orderId was used for another amount' });
        }
        const isNew = !existing;
        create();
        const order = orders.get(input.orderId)!;
        return json(res, isNew ? 201 : 200, {
          orderId: order.orderId,
          gatewayOrderId: order.gatewayOrderId,
          paymentUrl: `${base}/pay/${order.gatewayOrderId}`,
        });
      }

      const status = /^\/orders\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && status) {
        if (await faulted('status', res, () => undefined)) return;
        const order = orders.get(decodeURIComponent(status[1]!));
        return order ? json(res, 200, view(order)) : json(res, 404, { message: 'No such order' });
      }
      json(res, 404, { message: 'Not found' });
    })().catch(() => res.socket?.destroy());
  });
  // A caller that gave up (timeout) leaves a stalled answer nowhere to go: that is fine.
  server.on('clientError', (_, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;

  return {
    url: base,
    key,
    orders,
    requests,
    fail: (call, ...list) => faults[call].push(...list),
    settle,
    async notify(orderId, notice = {}) {
      const order = orders.get(orderId);
      if (!order?.webhookUrl) throw new Error(`order ${orderId} was created without a webhookUrl`);
      const body = notice.body ?? JSON.stringify(view(order));
      const secret = notice.secret ?? options.webhookSecret;
      const signature = notice.signature ?? (secret ? signWebhook(body, secret) : undefined);
      return fetch(order.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
        },
        body,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
