import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from './gateway.ts';
import { httpGateway, type HttpGatewayOptions } from './httpGateway.ts';
import { startTestGateway, type TestGateway } from './testGatewayServer.ts';

let server: TestGateway;
beforeAll(async () => {
  server = await startTestGateway();
});
afterAll(() => server.close());

const gatewayOf = (options: Partial<HttpGatewayOptions> = {}) =>
  httpGateway({ url: server.url, key: server.key, timeoutMs: 300, backoffMs: 5, ...options });

let next = 0;
const order = (amount = '500.00') => ({
  orderId: `RFLTEST${Date.now().toString(36).toUpperCase()}${next++}`,
  amount,
  customerMobile: '9876543210',
  redirectUrl: 'http://127.0.0.1/wallet',
});

const callsFor = (orderId: string) =>
  server.requests.filter((r) => r.body.includes(orderId) || r.path.endsWith(`/orders/${orderId}`));

describe('httpGateway: create order', () => {
  it('posts the order with our key and its orderId as the Idempotency-Key; answers the page and id', async () => {
    const o = order('1499.50');
    const created = await gatewayOf({ webhookUrl: 'http://127.0.0.1/api/payment/webhook' }).createOrder(o);
    const record = server.orders.get(o.orderId)!;
    expect(created).toEqual({
      gatewayOrderId: record.gatewayOrderId,
      paymentUrl: `${server.url}/pay/${record.gatewayOrderId}`,
    });
    const [call] = callsFor(o.orderId);
    expect(call).toMatchObject({ method: 'POST', path: '/orders' });
    expect(call!.headers).toMatchObject({
      authorization: `Bearer ${server.key}`,
      'idempotency-key': o.orderId,
      'content-type': 'application/json',
    });
    expect(JSON.parse(call!.body)).toEqual({
      ...o,
      currency: 'INR',
      webhookUrl: 'http://127.0.0.1/api/payment/webhook',
    });
  });

  it('a timed-out attempt is asked again under the same key: one order at the gateway', async () => {
    const o = order();
    server.fail('create', { kind: 'stall', ms: 600 });
    const created = await gatewayOf().createOrder(o);
    expect(created.gatewayOrderId).toBe(server.orders.get(o.orderId)!.gatewayOrderId);
    const calls = callsFor(o.orderId);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.headers['idempotency-key']))).toEqual(new Set([o.orderId]));
    expect([...server.orders.values()].filter((r) => r.orderId === o.orderId)).toHaveLength(1);
  });

  it('a dropped connection and a 503 are tried again, within the bound', async () => {
    const o = order();
    server.fail('create', { kind: 'drop' }, { kind: 'status', status: 503 });
    await gatewayOf().createOrder(o);
    expect(callsFor(o.orderId)).toHaveLength(3);
  });

  it('gives up after three attempts of 500 with a GatewayError, and never makes an order', async () => {
    const o = order();
    server.fail('create', ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
    const error = await gatewayOf()
      .createOrder(o)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as Error).message).toMatch(/did not answer \(answered 500, 3 attempts\)/);
    expect(callsFor(o.orderId)).toHaveLength(3);
    expect(server.orders.has(o.orderId)).toBe(false);
  });

  it('a refusal (a wrong key: 401) is not asked again', async () => {
    const o = order();
    const error = await gatewayOf({ key: 'wrong' })
      .createOrder(o)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as Error).message).toBe('create order: the gateway answered 401');
    expect(callsFor(o.orderId)).toHaveLength(1);
  });

  it('an unreachable gateway is a GatewayError after the attempts', async () => {
    const error = await httpGateway({ url: 'http://127.0.0.1:9/v1', key: 'k', timeoutMs: 300, backoffMs: 5 })
      .createOrder(order())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as Error).message).toMatch(/create order: the gateway did not answer \(.*3 attempts\)/);
  });
});

describe('httpGateway: check status', () => {
  it('reads pending, completed (UTR, remarks) and failed', async () => {
    const gateway = gatewayOf();
    const a = order();
    const b = order();
    await gateway.createOrder(a);
    await gateway.createOrder(b);
    const ask = (o: { orderId: string }) => gateway.checkStatus({ orderId: o.orderId, gatewayOrderId: 'x' });
    expect(await ask(a)).toEqual({
      status: 'pending',
      message: 'Payment is still processing. Try again in a moment.',
    });
    const paid = server.settle(a.orderId, 'completed');
    expect(await ask(a)).toEqual({
      status: 'completed',
      utr: paid.utr,
      message: 'Payment successful',
      remark2: 'payer@okbank',
    });
    server.settle(b.orderId, 'failed', { remark1: 'Insufficient funds', remark2: 'U30' });
    expect(await ask(b)).toEqual({ status: 'failed', message: 'Insufficient funds', remark2: 'U30' });
  });

  it('a stalled status check is asked again; a 404 or a bad answer is a GatewayError, never "failed"', async () => {
    const gateway = gatewayOf();
    const o = order();
    await gateway.createOrder(o);
    server.fail('status', { kind: 'stall', ms: 600 });
    expect((await gateway.checkStatus({ orderId: o.orderId, gatewayOrderId: 'x' })).status).toBe('pending');
    await expect(gateway.checkStatus({ orderId: 'RFLNOSUCH', gatewayOrderId: 'x' })).rejects.toThrow(
      'check status: the gateway answered 404',
    );
  });

  it('keeps only safe text from the gateway', async () => {
    const gateway = gatewayOf();
    const o = order();
    await gateway.createOrder(o);
    server.settle(o.orderId, 'failed', { remark1: 'bad\u0000text', remark2: 'x'.repeat(900) });
    const answer = await gateway.checkStatus({ orderId: o.orderId, gatewayOrderId: 'x' });
    expect(answer).toEqual({
      status: 'failed',
      message: 'The payment was declined',
      remark2: 'x'.repeat(500),
    });
  });
});

describe('httpGateway: answers that are not the protocol', () => {
  it('refuses them at once (no retry) with a GatewayError, and logs why', async () => {
    const answers = [
      { status: 200, body: 'not json' },
      { status: 201, body: JSON.stringify({ gatewayOrderId: 'g1', paymentUrl: 'javascript:alert(1)' }) },
      {
        status: 201,
        body: JSON.stringify({ orderId: 'RFLOTHER', gatewayOrderId: 'g1', paymentUrl: 'https://p/1' }),
      },
      { status: 200, body: JSON.stringify({ orderId: 'RFLOTHER', status: 'completed' }) },
      { status: 200, body: JSON.stringify({ status: 'refunded' }) },
      { status: 302, body: '' },
    ];
    let calls = 0;
    const odd = createServer((_, res) => {
      const answer = answers[calls++]!;
      res.writeHead(answer.status, { 'content-type': 'application/json', location: 'https://elsewhere/' });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    const logged: unknown[] = [];
    const log = (entry: unknown) => void logged.push(entry);
    const gateway = httpGateway({
      url: `http://127.0.0.1:${(odd.address() as AddressInfo).port}`,
      key: 'k',
      timeoutMs: 300,
      backoffMs: 5,
      logger: { warn: log, error: log } as unknown as HttpGatewayOptions['logger'],
    });
    try {
      const o = order();
      const ask = { orderId: o.orderId, gatewayOrderId: 'g1' };
      const outcomes = [
        await gateway.createOrder(o).catch((e: Error) => e),
        await gateway.createOrder(o).catch((e: Error) => e),
        await gateway.createOrder(o).catch((e: Error) => e),
        await gateway.checkStatus(ask).catch((e: Error) => e),
        await gateway.checkStatus(ask).catch((e: Error) => e),
        await gateway.checkStatus(ask).catch((e: Error) => e),
      ];
      expect(outcomes.map((e) => (e instanceof GatewayError ? e.message : e))).toEqual([
        'create order: the gateway answered 200 with something that is not JSON',
        'create order: the gateway answered something that is not our order',
        'create order: the gateway answered something that is not our order',
        'check status: the gateway answered something that is not our order',
        'check status: the gateway answered something that is not our order',
        'check status: the gateway answered 302',
      ]);
      expect(calls).toBe(answers.length); // one call each: nothing retried, no redirect followed
      expect(logged).toHaveLength(answers.length);
    } finally {
      odd.closeAllConnections();
      await new Promise((resolve) => odd.close(resolve));
    }
  });
});
