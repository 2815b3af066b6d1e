/**
 * `POST /api/payment/webhook`: the UPI gateway (payments/testGatewayServer.ts, on loopback) notifies the
 * API of an order, signed with PAYMENT_WEBHOOK_SECRET. The API checks the signature, asks the gateway, and
 * settles the order as verify does: exactly once.
 */
import { afterAll, describe, expect } from 'vitest';
import type { VerifyOrderResponse } from '@riffline/contracts';
import { Event, PaymentTransaction, User, type Db } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';
import { NOTIFICATION_UNCHECKED } from '../../../commands/wallet/recharges.ts';
import { startTestGateway } from '../../../payments/testGatewayServer.ts';
import { SIGNATURE_HEADER, signWebhook } from '../../../payments/webhookSignature.ts';

const secret = 'whsec-test-0123456789abcdef';
const gateway = await startTestGateway({ webhookSecret: secret });
afterAll(() => gateway.close());
const test = apiTest.extend({
  serverEnv: {
    PAYMENT_GATEWAY_URL: gateway.url,
    PAYMENT_GATEWAY_KEY: gateway.key,
    PAYMENT_GATEWAY_TIMEOUT_MS: '300',
    // Newest first: the second is a retired secret still accepted during a rotation.
    PAYMENT_WEBHOOK_SECRET: `${secret},whsec-retired-0123456789`,
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

/** A call as another server makes it: no cookie, no Origin. */
async function post(url: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/api/payment/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as unknown };
}
const signed = (body: string, key = secret) => ({ [SIGNATURE_HEADER]: signWebhook(body, key) });

const coins = async (db: Db, artist: Actor) => (await User.query(db).findById(artist.user.id))!.coins;
const eventsOf = (db: Db, orderId: string) =>
  Event.query(db).where({ aggregateId: orderId }).orderBy('id').select('type', 'actorId');
const statusCalls = (orderId: string) => gateway.requests.filter((r) => r.path === `/orders/${orderId}`);

describe('POST /api/payment/webhook', () => {
  test('the gateway’s own notification after a payment credits the coins, once', async ({
    db,
    app,
    approvedArtist,
  }) => {
    const before = await coins(db, approvedArtist);
    const order = await createOrder(approvedArtist, 300);
    // The order told the gateway where to notify.
    expect(gateway.orders.get(order.orderId)!.webhookUrl).toBe(`${app.url}/api/payment/webhook`);
    gateway.settle(order.orderId, 'completed');
    const first = await gateway.notify(order.orderId);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, status: 'completed' });
    // A redelivery is acknowledged and adds nothing.
    const again = await gateway.notify(order.orderId);
    expect(await again.json()).toEqual({ received: true, status: 'completed' });
    expect(Number(await coins(db, approvedArtist)) - Number(before)).toBe(300);
    expect((await verify(approvedArtist, order.orderId)).body).toMatchObject({
      status: 'completed',
      coinsAdded: '0.00',
    });
    expect(await eventsOf(db, order.orderId)).toEqual([
      { type: 'wallet.orderCreated', actorId: approvedArtist.user.id },
      { type: 'wallet.paymentCompleted', actorId: null }, // the gateway, not the artist
    ]);
  });

  test('good signatures and verifies at once: the coins are added exactly once', async ({
    db,
    approvedArtist,
  }) => {
    const before = await coins(db, approvedArtist);
    const order = await createOrder(approvedArtist, 100);
    gateway.settle(order.orderId, 'completed');
    const [notices, verifies] = await Promise.all([
      Promise.all(Array.from({ length: 15 }, () => gateway.notify(order.orderId))),
      Promise.all(Array.from({ length: 15 }, () => verify(approvedArtist, order.orderId))),
    ]);
    expect(notices.map((r) => r.status)).toEqual(Array(15).fill(200));
    expect(verifies.every((v) => v.status === 200 && v.body.status === 'completed')).toBe(true);
    expect(verifies.filter((v) => v.body.coinsAdded === '100.00').length).toBeLessThanOrEqual(1);
    expect(Number(await coins(db, approvedArtist)) - Number(before)).toBe(100);
    expect(
      await Event.query(db).where({ type: 'wallet.paymentCompleted', aggregateId: order.orderId }),
    ).toHaveLength(1);
  });

  test('a retired secret still in the list is accepted (rotation)', async ({ db, app, approvedArtist }) => {
    const order = await createOrder(approvedArtist, 20);
    gateway.settle(order.orderId, 'failed', { remark1: 'Payment window closed' });
    const body = JSON.stringify({ orderId: order.orderId, status: 'failed' });
    const res = await post(app.url, body, signed(body, 'whsec-retired-0123456789'));
    expect(res).toMatchObject({ status: 200, body: { received: true, status: 'failed' } });
    expect(await PaymentTransaction.query(db).findOne({ orderId: order.orderId })).toMatchObject({
      status: 'failed',
      remark1: 'Payment window closed',
    });
  });

  test('the body’s word is not taken: a “completed” the gateway does not confirm credits nothing', async ({
    db,
    app,
    approvedArtist,
  }) => {
    const before = await coins(db, approvedArtist);
    const order = await createOrder(approvedArtist, 999);
    const body = JSON.stringify({ orderId: order.orderId, status: 'completed', utr: '123456789012' });
    const res = await post(app.url, body, signed(body));
    expect(res).toMatchObject({ status: 200, body: { received: true, status: 'pending' } });
    expect(statusCalls(order.orderId)).toHaveLength(1);
    expect(await coins(db, approvedArtist)).toBe(before);
    expect((await PaymentTransaction.query(db).findOne({ orderId: order.orderId }))!.status).toBe('pending');
  });

  test('401 for a missing or bad signature, and nothing changes', async ({ db, app, approvedArtist }) => {
    const before = await coins(db, approvedArtist);
    const order = await createOrder(approvedArtist, 500);
    gateway.settle(order.orderId, 'completed');
    const row = await PaymentTransaction.query(db).findOne({ orderId: order.orderId });
    const body = JSON.stringify({ orderId: order.orderId, status: 'completed' });
    const cases: Array<[Record<string, string>, string]> = [
      [{}, `Missing ${SIGNATURE_HEADER} header`],
      [{ [SIGNATURE_HEADER]: 'sha256=' }, 'Invalid signature'],
      [signed(body, 'whsec-someone-else-0123'), 'Invalid signature'],
      // Signed for another body: the signature covers every byte.
      [signed(body.replace('}', ' }')), 'Invalid signature'],
      // The session cookie of the order's owner proves nothing here.
      [
        { cookie: approvedArtist.browser.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
        `Missing ${SIGNATURE_HEADER} header`,
      ],
    ];
    for (const [headers, message] of cases) {
      const res = await post(app.url, body, headers);
      expect(res, JSON.stringify(headers)).toEqual({
        status: 401,
        type: expect.stringMatching(/^application\/json/),
        body: { message },
      });
    }
    expect(statusCalls(order.orderId)).toHaveLength(0); // not even the gateway was asked
    expect(await PaymentTransaction.query(db).findOne({ orderId: order.orderId })).toEqual(row);
    expect(await coins(db, approvedArtist)).toBe(before);
    expect(await eventsOf(db, order.orderId)).toHaveLength(1);
  });

  test('400 with the exact message for a bad body; 415 for one that is not JSON', async ({ app }) => {
    const cases: Array<[string, string]> = [
      ['{}', 'orderId is required'],
      ['{"orderId":"","status":"completed"}', 'orderId is required'],
      ['{"orderId":42,"status":"completed"}', 'orderId must be a string'],
      ['{"orderId":"RFL1"}', 'status must be pending, completed or failed'],
      ['{"orderId":"RFL1","status":"paid"}', 'status must be pending, completed or failed'],
      [`{"orderId":"${'A'.repeat(65)}","status":"completed"}`, 'orderId must be at most 64 characters'],
      ['{"orderId":"RFL1","status":"failed","remark1":7}', 'remark1 must be a string'],
      ['[]', 'The notification must be a JSON object'],
      ['{"orderId":', 'The request body is not valid JSON'],
    ];
    for (const [body, message] of cases) {
      const res = await post(app.url, body, signed(body));
      expect(res.status, body).toBe(400);
      expect((res.body as { message: string }).message, body).toBe(message);
    }
    const form = await fetch(`${app.url}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'orderId=RFL1&status=completed',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: 'Request body must be JSON' });
  });

  test('404 for an order it does not know (signed)', async ({ app }) => {
    const body = JSON.stringify({ orderId: 'RFLNOSUCHORDER', status: 'completed' });
    expect(await post(app.url, body, signed(body))).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
  });

  test('a gateway that cannot be asked: 502, so it notifies again later; the order stays pending', async ({
    db,
    app,
    approvedArtist,
  }) => {
    const order = await createOrder(approvedArtist, 45);
    gateway.settle(order.orderId, 'completed');
    gateway.fail('status', ...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
    const body = JSON.stringify({ orderId: order.orderId, status: 'completed' });
    expect(await post(app.url, body, signed(body))).toMatchObject({
      status: 502,
      body: { message: NOTIFICATION_UNCHECKED },
    });
    expect((await PaymentTransaction.query(db).findOne({ orderId: order.orderId }))!.status).toBe('pending');
    expect((await gateway.notify(order.orderId)).status).toBe(200);
    expect((await PaymentTransaction.query(db).findOne({ orderId: order.orderId }))!.status).toBe(
      'completed',
    );
  });

  test('the exemption is the webhook’s alone: other routes still refuse a cross-site call', async ({
    app,
  }) => {
    const res = await fetch(`${app.url}/api/payment/create-order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{"amount":10}',
    });
    expect(res.status).toBe(403);
  });
});
