import { describe, expect } from 'vitest';
import type { TransactionResponse, VerifyOrderResponse } from '@riffline/contracts';
import { Event, PaymentTransaction, User } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';

async function createOrder(artist: Actor, amount: unknown = 500) {
  const res = await artist.send('POST', '/api/payment/create-order', { amount });
  expect(res.status, JSON.stringify(res.json())).toBe(200);
  return res.json<{ success: true; orderId: string; paymentUrl: string }>();
}

/** Presses Pay or Fail on the sandbox gateway's page, as the artist's browser would. */
async function settle(artist: Actor, paymentUrl: string, outcome: 'pay' | 'fail') {
  const pageRes = await artist.browser.get(paymentUrl);
  expect(pageRes.status).toBe(200);
  expect(pageRes.body).toContain(outcome === 'pay' ? '>Pay<' : '>Fail<');
  const { origin, pathname } = new URL(paymentUrl);
  const after = await artist.browser.request(`${origin}${pathname}/${outcome}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  expect(after.status).toBe(200);
  expect(after.body).toContain(outcome === 'pay' ? 'This payment is paid.' : 'This payment is declined.');
  return after.body;
}

const verify = (artist: Actor, orderId: string) =>
  artist
    .send('POST', `/api/payment/verify/${orderId}`)
    .then((r) => ({ status: r.status, body: r.json<VerifyOrderResponse>() }));

describe('POST /api/payment/create-order', () => {
  apiTest(
    '401, 403, and 400 with the spec’s message for an amount out of bounds',
    async ({ visitor, artist, approvedArtist }) => {
      expect((await visitor.send('POST', '/api/payment/create-order', { amount: 100 })).status).toBe(401);
      expect((await artist.send('POST', '/api/payment/create-order', { amount: 100 })).status).toBe(403);
      for (const amount of [0, 0.5, '100000.01', 1.234, 'abc', -5, null]) {
        const res = await approvedArtist.send('POST', '/api/payment/create-order', { amount });
        expect(res.status, String(amount)).toBe(400);
        expect(res.json<{ message: string }>().message, String(amount)).toBe('Please enter a valid amount.');
      }
      const mobile = await approvedArtist.send('POST', '/api/payment/create-order', {
        amount: 10,
        customerMobile: '12345',
      });
      expect(mobile.json<{ message: string }>().message).toBe('Mobile number must be 10 digits');
    },
  );

  apiTest(
    'a pending recharge with our order id and the gateway’s page; the mobile defaults to ten zeros',
    async ({ db, approvedArtist }) => {
      const order = await createOrder(approvedArtist, '1499.50');
      expect(order.orderId).toMatch(/^RFL[A-Z0-9]+$/);
      expect(order.paymentUrl).toMatch(/\/sandbox-pay\/sbx_[0-9a-f]+$/);
      const row = await PaymentTransaction.query(db).findOne({ orderId: order.orderId });
      expect(row).toMatchObject({
        type: 'recharge',
        status: 'pending',
        amount: '1499.50',
        customerMobile: '0000000000',
      });
      expect(
        await Event.query(db).where({ type: 'wallet.orderCreated', aggregateId: order.orderId }),
      ).toHaveLength(1);
    },
  );
});

describe('the sandbox gateway, driven through its page', () => {
  apiTest('create → pay → verify: the coins are added once', async ({ db, approvedArtist }) => {
    const before = (await User.query(db).findById(approvedArtist.user.id))!.coins;
    const order = await createOrder(approvedArtist, 500);
    expect((await verify(approvedArtist, order.orderId)).body).toMatchObject({
      status: 'pending',
      coinsAdded: '0.00',
    });
    // Back to the wallet in the same tab, naming the order, whether paid or not (the wallet verifies it).
    const pending = await approvedArtist.browser.get(order.paymentUrl);
    expect(pending.body).toContain(
      `<a href="/wallet?order=${order.orderId}">Back to Riffline without paying</a>`,
    );
    const paidPage = await settle(approvedArtist, order.paymentUrl, 'pay');
    expect(paidPage).toContain(`<a href="/wallet?order=${order.orderId}">Return to Riffline</a>`);
    const first = await verify(approvedArtist, order.orderId);
    expect(first.body).toEqual({
      status: 'completed',
      coinsAdded: '500.00',
      message: '500.00 coins added to your wallet.',
    });
    const again = await verify(approvedArtist, order.orderId);
    expect(again.body).toMatchObject({ status: 'completed', coinsAdded: '0.00' });
    const after = (await User.query(db).findById(approvedArtist.user.id))!.coins;
    expect(Number(after) - Number(before)).toBe(500);
    const coins = (await approvedArtist.get('/api/user/coins')).json<{ coins: string }>().coins;
    expect(coins).toBe(after);
  });

  apiTest(
    'create → fail → verify: Payment Failed with the gateway’s message, no coins',
    async ({ db, approvedArtist }) => {
      const order = await createOrder(approvedArtist, 250);
      await settle(approvedArtist, order.paymentUrl, 'fail');
      const res = await verify(approvedArtist, order.orderId);
      expect(res.body).toEqual({ status: 'failed', coinsAdded: '0.00', message: 'The payment was declined' });
      expect((await PaymentTransaction.query(db).findOne({ orderId: order.orderId }))!.status).toBe('failed');
      const list = (await approvedArtist.get('/api/payment/transactions')).json<TransactionResponse[]>();
      expect(list[0]).toMatchObject({
        orderId: order.orderId,
        status: 'failed',
        message: 'The payment was declined',
      });
    },
  );

  apiTest('50 concurrent verifies of one paid order credit it once', async ({ db, approvedArtist }) => {
    const before = (await User.query(db).findById(approvedArtist.user.id))!.coins;
    const order = await createOrder(approvedArtist, 100);
    await settle(approvedArtist, order.paymentUrl, 'pay');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => verify(approvedArtist, order.orderId)),
    );
    expect(answers.every((a) => a.status === 200 && a.body.status === 'completed')).toBe(true);
    expect(answers.filter((a) => a.body.coinsAdded === '100.00')).toHaveLength(1);
    const after = (await User.query(db).findById(approvedArtist.user.id))!.coins;
    expect(Number(after) - Number(before)).toBe(100);
    const credited = await Event.query(db).where({
      type: 'wallet.paymentCompleted',
      aggregateId: order.orderId,
    });
    expect(credited).toHaveLength(1);
  });

  apiTest(
    'an order left pending past its time expires; another artist’s order is not found',
    async ({ db, approvedArtist, newActor }) => {
      const order = await createOrder(approvedArtist, 50);
      const other = await newActor('approved');
      const theirs = await verify(other, order.orderId);
      expect(theirs.status).toBe(404);
      await PaymentTransaction.query(db)
        .patch({ createdAt: new Date(Date.now() - 31 * 60_000) })
        .where({ orderId: order.orderId });
      const res = await verify(approvedArtist, order.orderId);
      expect(res.body).toMatchObject({ status: 'expired', coinsAdded: '0.00' });
      expect((await PaymentTransaction.query(db).findOne({ orderId: order.orderId }))!.status).toBe(
        'expired',
      );
    },
  );
});

describe('POST /api/payment/webhook without PAYMENT_WEBHOOK_SECRET', () => {
  apiTest('503: this server takes no notifications (verify still settles orders)', async ({ app }) => {
    const res = await fetch(`${app.url}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gateway-signature': `sha256=${'0'.repeat(64)}` },
      body: JSON.stringify({ orderId: 'RFL1', status: 'completed' }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Payment notifications are not configured on this server.' });
  });
});
