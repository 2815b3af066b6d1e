import { describe, expect } from 'vitest';
import {
  secondFactorMessages,
  type RoyaltiesResponse,
  type WithdrawalRequestResponse,
} from '@riffline/contracts';
import { Event, PaymentMethod, Royalty, User, WithdrawalRequest, type Db } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';
import { enrolAuthenticator, stepUp } from '#test/support/secondFactor.ts';

/** An artist who may be paid: verified address, a payout method, and `earned` USD in the ledger. */
async function payable(db: Db, artist: Actor, earned = '100.00') {
  await User.query(db).patch({ emailVerified: true }).where({ id: artist.user.id });
  if (earned !== '0') {
    await Royalty.query(db).insert({
      userId: artist.user.id,
      amount: earned,
      currency: 'USD',
      period: '2026-09',
    });
  }
  const method = await PaymentMethod.query(db)
    .insert({ userId: artist.user.id, type: 'paypal', paypalEmail: 'maya@example.test', isDefault: true })
    .returning('*');
  return method.id;
}

describe('GET /api/royalties', () => {
  apiTest(
    '401, 403, and the ledger in USD: total, this month, available after held withdrawals',
    async ({ db, visitor, artist, approvedArtist }) => {
      expect((await visitor.get('/api/royalties')).status).toBe(401);
      expect((await artist.get('/api/royalties')).status).toBe(403);
      const month = new Date().toISOString().slice(0, 7);
      await Royalty.query(db).insert([
        // Credited 40 days ago (in an earlier month): not this month's, whatever its period.
        {
          userId: approvedArtist.user.id,
          amount: '10.10',
          currency: 'USD',
          period: '2026-01',
          createdAt: new Date(Date.now() - 40 * 86_400_000),
        },
        { userId: approvedArtist.user.id, amount: '831.20', currency: 'INR', period: month },
        { userId: approvedArtist.user.id, amount: '0.20', currency: 'USD', period: month },
      ]);
      const methodId = await payable(db, approvedArtist, '0');
      await WithdrawalRequest.query(db).insert([
        { userId: approvedArtist.user.id, paymentMethodId: methodId, amount: '5.00', status: 'approved' },
        { userId: approvedArtist.user.id, paymentMethodId: methodId, amount: '3.00', status: 'declined' },
      ]);
      const res = await approvedArtist.get('/api/royalties');
      expect(res.status).toBe(200);
      const body = res.json<RoyaltiesResponse>();
      expect(body).toMatchObject({
        totalEarnings: '20.30',
        thisMonth: '10.20',
        availableToWithdraw: '15.30',
        currency: 'USD',
      });
      expect(body.items).toHaveLength(3);
    },
  );
});

describe('POST /api/withdrawal-requests', () => {
  apiTest(
    '401, 403 awaiting approval, 403 until the email address is verified',
    async ({ db, visitor, artist, steppedUpArtist }) => {
      expect((await visitor.send('POST', '/api/withdrawal-requests', {})).status).toBe(401);
      expect((await artist.send('POST', '/api/withdrawal-requests', {})).status).toBe(403);
      const methodId = await payable(db, steppedUpArtist);
      await User.query(db).patch({ emailVerified: false }).where({ id: steppedUpArtist.user.id });
      const res = await steppedUpArtist.send('POST', '/api/withdrawal-requests', {
        paymentMethodId: methodId,
        amount: 25,
      });
      expect(res.status).toBe(403);
      expect(res.json()).toEqual({ message: 'Verify your email address before requesting a payout.' });
    },
  );

  apiTest(
    '403 with the reason without a recent second factor; 201 once signed in again with the app',
    async ({ app, db, approvedArtist, newActor }) => {
      const body = (methodId: string) => ({ paymentMethodId: methodId, amount: 25 });
      const notEnrolled = await approvedArtist.send(
        'POST',
        '/api/withdrawal-requests',
        body(await payable(db, approvedArtist)),
      );
      expect(notEnrolled.status).toBe(403);
      expect(notEnrolled.json()).toEqual({
        message: secondFactorMessages.second_factor_not_enrolled,
        reason: 'second_factor_not_enrolled',
      });

      const artist = await newActor('approved');
      const methodId = await payable(db, artist);
      const authenticator = await enrolAuthenticator(artist);
      const refused = await artist.send('POST', '/api/withdrawal-requests', body(methodId));
      expect(refused.status).toBe(403);
      expect(refused.json()).toEqual({
        message: "Confirm it's you: sign in again with your authenticator app to continue.",
        reason: 'second_factor_required',
      });
      expect(await WithdrawalRequest.query(db).where({ userId: artist.user.id })).toEqual([]);

      const back = await stepUp(artist.browser, app.url, artist.person, authenticator, {
        returnTo: '/royalties?withdraw=1',
      });
      expect(back.url).toBe(`${app.url}/royalties?withdraw=1`);
      // Signing in again takes the address's state from the issuer, where it was never verified.
      await User.query(db).patch({ emailVerified: true }).where({ id: artist.user.id });
      const accepted = await artist.send('POST', '/api/withdrawal-requests', body(methodId));
      expect(accepted.status, accepted.body).toBe(201);
    },
  );

  apiTest(
    '400 under 20 USD, over the balance, bad amounts, or to another artist’s method',
    async ({ db, steppedUpArtist, newActor }) => {
      const methodId = await payable(db, steppedUpArtist, '50.00');
      const other = await newActor('approved');
      const theirs = await payable(db, other);
      const cases: Array<[unknown, string]> = [
        [{ paymentMethodId: methodId, amount: 19.99 }, 'Minimum withdrawal amount is $20.00'],
        [
          { paymentMethodId: methodId, amount: '50.01' },
          'Amount is more than your available balance ($50.00)',
        ],
        [
          { paymentMethodId: methodId, amount: '20.001' },
          'Amount must be a positive number with at most two decimals',
        ],
        [
          { paymentMethodId: methodId, amount: -25 },
          'Amount must be a positive number with at most two decimals',
        ],
        [{ paymentMethodId: theirs, amount: 25 }, 'Choose one of your payment methods'],
        [{ paymentMethodId: 'nope', amount: 25 }, 'Choose one of your payment methods'],
      ];
      for (const [body, message] of cases) {
        const res = await steppedUpArtist.send('POST', '/api/withdrawal-requests', body);
        expect(res.status, message).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(message);
      }
      expect(await WithdrawalRequest.query(db).where({ userId: steppedUpArtist.user.id })).toEqual([]);
    },
  );

  apiTest(
    '201 pending, in USD, listed newest first; held amounts leave the balance',
    async ({ db, steppedUpArtist }) => {
      const methodId = await payable(db, steppedUpArtist, '60.00');
      const res = await steppedUpArtist.send('POST', '/api/withdrawal-requests', {
        paymentMethodId: methodId,
        amount: 40,
        status: 'approved',
      });
      expect(res.status).toBe(201);
      expect(res.json()).toMatchObject({
        amount: '40.00',
        status: 'pending',
        paymentMethod: { type: 'paypal', label: 'PayPal maya@example.test' },
      });
      const again = await steppedUpArtist.send('POST', '/api/withdrawal-requests', {
        paymentMethodId: methodId,
        amount: 25,
      });
      expect(again.json<{ message: string }>().message).toBe(
        'Amount is more than your available balance ($20.00)',
      );
      const list = (await steppedUpArtist.get('/api/withdrawal-requests')).json<
        WithdrawalRequestResponse[]
      >();
      expect(list.map((w) => [w.amount, w.status])).toEqual([['40.00', 'pending']]);
      const events = await Event.query(db).where({
        type: 'withdrawal.requested',
        actorId: steppedUpArtist.user.id,
      });
      expect(events).toHaveLength(1);
    },
  );

  apiTest(
    '50 concurrent requests against a balance that covers 3 accept at most 3',
    async ({ db, steppedUpArtist }) => {
      const methodId = await payable(db, steppedUpArtist, '65.00');
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          steppedUpArtist.send('POST', '/api/withdrawal-requests', {
            paymentMethodId: methodId,
            amount: '20.00',
          }),
        ),
      );
      const accepted = answers.filter((a) => a.status === 201).length;
      expect(accepted).toBeLessThanOrEqual(3);
      expect(accepted).toBeGreaterThan(0);
      expect(answers.every((a) => a.status === 201 || a.status === 400)).toBe(true);
      const held = await WithdrawalRequest.query(db).where({ userId: steppedUpArtist.user.id });
      expect(held).toHaveLength(accepted);
    },
  );
});

describe('PATCH /api/admin/withdrawal-requests/:id', () => {
  apiTest(
    'the notes of SPEC §4, the order pending → approved → processing → completed, and nothing else',
    async ({ db, approvedArtist, admin }) => {
      const methodId = await payable(db, approvedArtist);
      const create = async () =>
        (
          await WithdrawalRequest.query(db)
            .insert({
              userId: approvedArtist.user.id,
              paymentMethodId: methodId,
              amount: '20.00',
              status: 'pending',
            })
            .returning('*')
        ).id;
      const move = (id: string, body: Record<string, unknown>) =>
        admin.send('PATCH', `/api/admin/withdrawal-requests/${id}`, body);

      expect(
        (
          await approvedArtist.send('PATCH', `/api/admin/withdrawal-requests/${await create()}`, {
            status: 'approved',
          })
        ).status,
      ).toBe(403);

      const paid = await create();
      expect((await move(paid, { status: 'processing' })).status).toBe(409);
      const approved = await move(paid, { status: 'approved', adminNotes: 'ignored' });
      expect(approved.status).toBe(200);
      expect(approved.json()).toMatchObject({
        status: 'approved',
        adminNotes: 'approved for processing, payment within 24 hours',
        processedBy: admin.user.id,
      });
      expect((await move(paid, { status: 'declined' })).status).toBe(409);
      expect((await move(paid, { status: 'completed', paymentReference: 'UTR1' })).status).toBe(409);
      expect((await move(paid, { status: 'processing' })).json()).toMatchObject({ status: 'processing' });
      expect(
        (await move(paid, { status: 'completed', paymentReference: '412345678901' })).json(),
      ).toMatchObject({ status: 'completed', paymentReference: '412345678901' });
      const refused = await move(paid, { status: 'approved' });
      expect(refused.status).toBe(409);
      expect(refused.json()).toEqual({ message: 'A completed withdrawal request cannot become approved' });

      const declined = await create();
      expect((await move(declined, { status: 'declined' })).json()).toMatchObject({
        adminNotes: 'Declined by admin',
      });
      const reasoned = await create();
      expect(
        (await move(reasoned, { status: 'declined', adminNotes: 'PayPal account closed' })).json(),
      ).toMatchObject({
        status: 'declined',
        adminNotes: 'PayPal account closed',
      });
      expect((await move(declined, { status: 'approved' })).status).toBe(409);
      expect((await move(paid, { status: 'paid' })).json<{ message: string }>().message).toBe(
        'Status must be approved, declined, processing or completed',
      );
    },
  );
});

describe('GET /api/admin/withdrawal-requests/:id', () => {
  apiTest(
    '401 signed out, 403 for an artist, 400 for a bad id, 404 for none, and the request with its method',
    async ({ db, visitor, approvedArtist, admin }) => {
      const methodId = await payable(db, approvedArtist);
      const { id } = await WithdrawalRequest.query(db)
        .insert({
          userId: approvedArtist.user.id,
          paymentMethodId: methodId,
          amount: '25.00',
          status: 'pending',
        })
        .returning('*');
      const path = `/api/admin/withdrawal-requests/${id}`;
      expect((await visitor.get(path)).status).toBe(401);
      expect((await approvedArtist.get(path)).status).toBe(403);
      const bad = await admin.get('/api/admin/withdrawal-requests/nope');
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ message: 'Invalid id' });
      const none = await admin.get('/api/admin/withdrawal-requests/00000000-0000-4000-8000-000000000000');
      expect(none.status).toBe(404);
      expect(none.json()).toEqual({ message: 'Withdrawal request not found' });
      const shown = await admin.get(path);
      expect(shown.status).toBe(200);
      expect(shown.json()).toMatchObject({
        id,
        userId: approvedArtist.user.id,
        amount: '25.00',
        status: 'pending',
        paymentMethod: { type: 'paypal', label: 'PayPal maya@example.test' },
      });
    },
  );
});
