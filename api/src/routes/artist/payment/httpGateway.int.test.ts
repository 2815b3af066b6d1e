/**
 * Coin top-ups through the HTTP adapter (payments/httpGateway.ts) against a real UPI gateway speaking its
 * protocol on loopback (payments/testGatewayServer.ts): the API is configured with PAYMENT_GATEWAY_URL and
 * its key, as in production.
 */
import { afterAll, describe, expect } from 'vitest';
import type { VerifyOrderResponse } from '@riffline/contracts';
import { Event, PaymentTransaction, User, type Db } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';
import { CREATE_FAILED, VERIFY_FAILED } from '../../../commands/wallet/recharges.ts';
import { startTestGateway } from '../../../payments/testGatewayServer.ts';

const gateway = await startTestGateway();
afterAll(() => gateway.close());
const test = apiTest.extend({
  serverEnv: {
    PAYMENT_GATEWAY_URL: gateway.url,
    PAYMENT_GATEWAY_KEY: gateway.key,
    PAYMENT_GATEWAY_TIMEOUT_MS: '300',
  },
});

async function createOrder(artist: Actor, amount: unknown = 500) {
  const res = await artist.send('POST', '/api/payment/create-order', { amount });
  expect(res.status, res.body).toBe(200);
  return res.json<{ success: true; orderId: string; paymentUrl: string }>();
}

const verify = (artist: Actor, orderId: string) =>
  artist
    .send('POST', `/api/payment/verify/${orderId}`)
    .then((r) => ({ status: r.status, body: r.json<VerifyOrderResponse>() }));

/** The customer on the gateway's own page: Pay or Fail. */
async function pay(paymentUrl: string, outcome: 'pay' | 'fail') {
  const res = await fetch(`${paymentUrl}/${outcome}`, { method: 'POST' });
  expect(res.status).toBe(200);
}

const coins = async (db: Db, artist: Actor) => (await User.query(db).findById(artist.user.id))!.coins;
const events = (db: Db, orderId: string) =>
  Event.query(db).where({ aggregateId: orderId }).orderBy('id').select('type');
const createCalls = (orderId: string) =>
  gateway.requests.filter((r) => r.method === 'POST' && r.body.includes(`"${orderId}"`));
const statusCalls = (orderId: string) => gateway.requests.filter((r) => r.path === `/orders/${orderId}`);

describe('the HTTP gateway: create → pay → verify', () => {
  test('the gateway’s page and id are kept; paid and verified, the coins are added once', async ({
    db,
    approvedArtist,
  }) => {
    const before = await coins(db, approvedArtist);
    const order = await createOrder(approvedArtist, '1499.50');
    const atGateway = gateway.orders.get(order.orderId)!;
    expect(order.paymentUrl).toBe(`${gateway.url}/pay/${atGateway.gatewayOrderId}`);
    expect(atGateway).toMatchObject({ amount: '1499.50', customerMobile: '0000000000' });
    // The gateway sends the artist back to the wallet naming the order, which the wallet then verifies.
    expect(atGateway.redirectUrl).toMatch(new RegExp(`^http://[^/]+/wallet\\?order=${order.orderId}$`));
    expect(atGateway.webhookUrl).toBeUndefined(); // no PAYMENT_WEBHOOK_SECRET on this server
    expect(createCalls(order.orderId)[0]!.headers).toMatchObject({
      authorization: `Bearer ${gateway.key}`,
      'idempotency-key': order.orderId,
    });
    expect(await PaymentTransaction.query(db).findOne({ orderId: order.orderId })).toMatchObject({
      status: 'pending',
      gatewayOrderId: atGateway.gatewayOrderId,
      paymentUrl: order.paymentUrl,
    });

    expect((await verify(approvedArtist, order.orderId)).body).toMatchObject({
      status: 'pending',
      coinsAdded: '0.00',
    });
    await pay(order.paymentUrl, 'pay');
    expect((await verify(approvedArtist, order.orderId)).body).toEqual({
      status: 'completed',
      coinsAdded: '1499.50',
      message: '1499.50 coins added to your wallet.',
    });
    expect((await verify(approvedArtist, order.orderId)).body).toMatchObject({
      status: 'completed',
      coinsAdded: '0.00',
    });
    expect(Number(await coins(db, approvedArtist)) - Number(before)).toBe(1499.5);
    const row = (await PaymentTransaction.query(db).findOne({ orderId: order.orderId }))!;
    expect(row).toMatchObject({
      status: 'completed',
      utr: gateway.orders.get(order.orderId)!.utr,
      remark1: 'Payment successful',
      remark2: 'payer@okbank',
    });
    expect(await events(db, order.orderId)).toEqual([
      { type: 'wallet.orderCreated' },
      { type: 'wallet.paymentCompleted' },
    ]);
  });

  test('declined at the gateway: failed with the gateway’s message, no coins', async ({
    db,
    approvedArtist,
  }) => {
    const before = await coins(db, approvedArtist);
    const order = await createOrder(approvedArtist, 250);
    await pay(order.paymentUrl, 'fail');
    expect((await verify(approvedArtist, order.orderId)).body).toEqual({
      status: 'failed',
      coinsAdded: '0.00',
      message: 'Declined by bank',
    });
    expect(await PaymentTransaction.query(db).findOne({ orderId: order.orderId })).toMatchObject({
      status: 'failed',
      remark1: 'Declined by bank',
      remark2: 'U30 debit failed',
    });
    expect(await coins(db, approvedArtist)).toBe(before);
    expect(await events(db, order.orderId)).toEqual([
      { type: 'wallet.orderCreated' },
      { type: 'wallet.paymentFailed' },
    ]);
  });
});

describe('the HTTP gateway when it is slow or down', () => {
  test('a create that times out is asked again under the same Idempotency-Key: one gateway order', async ({
    approvedArtist,
  }) => {
    gateway.fail('create', { kind: 'stall', ms: 700 });
    const order = await createOrder(approvedArtist, 42);
    const calls = createCalls(order.orderId);
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.headers['idempotency-key'])).toEqual([order.orderId, order.orderId]);
    expect([...gateway.orders.values()].filter((o) => o.orderId === order.orderId)).toHaveLength(1);
    expect(order.paymentUrl).toBe(`${gateway.url}/pay/${gateway.orders.get(order.orderId)!.gatewayOrderId}`);
  });

  test('a status check that times out is asked again, and the verify goes through', async ({
    db,
    approvedArtist,
  }) => {
    const order = await createOrder(approvedArtist, 75);
    await pay(order.paymentUrl, 'pay');
    gateway.fail('status', { kind: 'stall', ms: 700 }, { kind: 'drop' });
    expect((await verify(approvedArtist, order.orderId)).body).toMatchObject({
      status: 'completed',
      coinsAdded: '75.00',
    });
    expect(statusCalls(order.orderId)).toHaveLength(3);
    expect(await events(db, order.orderId)).toHaveLength(2);
  });

  test('a gateway answering 500 to create: 502 with a message to show, the order failed (with its event)', async ({
    db,
    approvedArtist,
  }) => {
    const before = await PaymentTransaction.query(db).where({ userId: approvedArtist.user.id });
    gateway.fail('create', ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
    const res = await approvedArtist.send('POST', '/api/payment/create-order', { amount: 60 });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: CREATE_FAILED });
    const rows = await PaymentTransaction.query(db).where({ userId: approvedArtist.user.id });
    expect(rows).toHaveLength(before.length + 1);
    const row = rows.find((r) => !before.some((b) => b.id === r.id))!;
    expect(row).toMatchObject({
      status: 'failed',
      remark1: 'The payment service could not be reached',
      gatewayOrderId: null,
      paymentUrl: null,
    });
    expect(createCalls(row.orderId)).toHaveLength(3); // bounded: three attempts, then the answer
    expect(gateway.orders.has(row.orderId)).toBe(false);
    expect(await events(db, row.orderId)).toEqual([
      { type: 'wallet.orderCreated' },
      { type: 'wallet.paymentFailed' },
    ]);
    // The artist's list shows it failed, with why.
    const list = (await approvedArtist.get('/api/payment/transactions')).json<Array<{ orderId: string }>>();
    expect(list[0]).toMatchObject({
      orderId: row.orderId,
      status: 'failed',
      message: 'The payment service could not be reached',
    });
  });

  test('a gateway down during verify: 502 to show, the order left pending and unchanged', async ({
    db,
    approvedArtist,
  }) => {
    const order = await createOrder(approvedArtist, 80);
    await pay(order.paymentUrl, 'pay');
    const row = await PaymentTransaction.query(db).findOne({ orderId: order.orderId });
    gateway.fail('status', ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 503 })));
    const res = await approvedArtist.send('POST', `/api/payment/verify/${order.orderId}`);
    expect(res.status).toBe(502);
    expect(res.json()).toEqual({ message: VERIFY_FAILED });
    expect(await PaymentTransaction.query(db).findOne({ orderId: order.orderId })).toEqual(row);
    expect(await events(db, order.orderId)).toEqual([{ type: 'wallet.orderCreated' }]);
    // Once it answers again, the same verify credits the payment.
    expect((await verify(approvedArtist, order.orderId)).body).toMatchObject({ coinsAdded: '80.00' });
  });

  test('a gateway that refuses our key: 502, asked once', async ({ db, approvedArtist }) => {
    // The same server, with the gateway answering 401 (not retried) for the next create.
    gateway.fail('create', { kind: 'status', status: 401 });
    const res = await approvedArtist.send('POST', '/api/payment/create-order', { amount: 10 });
    expect(res.status).toBe(502);
    expect(res.json()).toEqual({ message: CREATE_FAILED });
    const [row] = await PaymentTransaction.query(db)
      .where({ userId: approvedArtist.user.id })
      .orderBy('createdAt', 'desc')
      .limit(1);
    expect(createCalls(row!.orderId)).toHaveLength(1);
  });
});
