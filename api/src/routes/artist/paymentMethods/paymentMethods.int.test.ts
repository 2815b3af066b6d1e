import { describe, expect } from 'vitest';
import { secondFactorMessages, type PaymentMethodResponse } from '@riffline/contracts';
import { Event, PaymentMethod, WithdrawalRequest } from '@riffline/db';
import { apiTest } from '#test/support/api.ts';
import { enrolAuthenticator } from '#test/support/secondFactor.ts';

const upi = (name = 'maya.rivers') => ({ type: 'upi', upiId: `${name}@okhdfc` });
const bank = {
  type: 'bank_transfer',
  accountHolderName: 'Maya Rivers',
  accountNumber: '123456789012',
  ifscCode: 'hdfc0001234',
};
const paypal = { type: 'paypal', paypalEmail: 'Maya@Example.test' };

describe('/api/payment-methods', () => {
  apiTest('401 signed out, 403 awaiting approval', async ({ visitor, artist }) => {
    expect((await visitor.get('/api/payment-methods')).status).toBe(401);
    expect((await visitor.send('POST', '/api/payment-methods', upi())).status).toBe(401);
    expect((await artist.get('/api/payment-methods')).status).toBe(403);
    expect((await artist.send('POST', '/api/payment-methods', upi())).status).toBe(403);
  });

  apiTest(
    '403 with the reason without a recent second factor, adding or choosing the default',
    async ({ db, approvedArtist, newActor }) => {
      const notEnrolled = await approvedArtist.send('POST', '/api/payment-methods', upi());
      expect(notEnrolled.status).toBe(403);
      expect(notEnrolled.json()).toEqual({
        message: secondFactorMessages.second_factor_not_enrolled,
        reason: 'second_factor_not_enrolled',
      });
      // Enrolled, but signed in with the password only: the step-up is asked for.
      const enrolled = await newActor('approved');
      await enrolAuthenticator(enrolled);
      const method = await PaymentMethod.query(db)
        .insert({ userId: enrolled.user.id, type: 'upi', upiId: 'maya@okhdfc', isDefault: false })
        .returning('*');
      for (const [verb, path, body] of [
        ['POST', '/api/payment-methods', upi()],
        ['PATCH', `/api/payment-methods/${method.id}/default`, undefined],
      ] as const) {
        const res = await enrolled.send(verb, path, body);
        expect(res.status, path).toBe(403);
        expect(res.json()).toEqual({
          message: "Confirm it's you: sign in again with your authenticator app to continue.",
          reason: 'second_factor_required',
        });
      }
      expect(await PaymentMethod.query(db).where({ userId: enrolled.user.id })).toHaveLength(1);
      expect((await PaymentMethod.query(db).findById(method.id))!.isDefault).toBe(false);
    },
  );

  apiTest('400 with the field each type needs, and nothing written', async ({ db, approvedArtist }) => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'cheque' }, 'Type must be one of upi, paypal, bank_transfer'],
      [{ type: 'upi' }, 'UPI ID is required'],
      [{ type: 'upi', upiId: 'maya' }, 'UPI ID must look like name@bank'],
      [{ type: 'paypal', paypalEmail: 'not-an-email' }, 'PayPal email must be a valid email address'],
      [{ ...bank, accountHolderName: ' ' }, 'Account holder name is required'],
      [{ ...bank, accountNumber: '12345' }, 'Account number must be 6 to 20 digits'],
      [{ ...bank, accountNumber: '12345678901234567890123' }, 'Account number must be 6 to 20 digits'],
      [{ ...bank, ifscCode: 'HDFC1001234' }, 'IFSC code must look like ABCD0123456'],
    ];
    for (const [body, message] of cases) {
      const res = await approvedArtist.send('POST', '/api/payment-methods', body);
      expect(res.status, message).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await PaymentMethod.query(db).where({ userId: approvedArtist.user.id })).toEqual([]);
  });

  apiTest(
    'the first is the default; one default always; account numbers masked',
    async ({ db, steppedUpArtist }) => {
      const first = await steppedUpArtist.send('POST', '/api/payment-methods', bank);
      expect(first.status).toBe(201);
      expect(first.json()).toMatchObject({
        type: 'bank_transfer',
        accountNumber: '••••••••9012',
        ifscCode: 'HDFC0001234',
        isDefault: true,
      });
      expect(JSON.stringify(first.json())).not.toContain('123456789012');
      const second = (
        await steppedUpArtist.send('POST', '/api/payment-methods', paypal)
      ).json<PaymentMethodResponse>();
      expect(second).toMatchObject({ paypalEmail: 'maya@example.test', isDefault: false });

      const made = await steppedUpArtist.send('PATCH', `/api/payment-methods/${second.id}/default`);
      expect(made.status).toBe(200);
      const list = (await steppedUpArtist.get('/api/payment-methods')).json<PaymentMethodResponse[]>();
      expect(list.map((m) => [m.type, m.isDefault])).toEqual([
        ['paypal', true],
        ['bank_transfer', false],
      ]);

      // Removing the default promotes the other.
      expect((await steppedUpArtist.send('DELETE', `/api/payment-methods/${second.id}`)).status).toBe(204);
      const after = (await steppedUpArtist.get('/api/payment-methods')).json<PaymentMethodResponse[]>();
      expect(after.map((m) => [m.type, m.isDefault])).toEqual([['bank_transfer', true]]);
      const types = (await Event.query(db).where({ actorId: steppedUpArtist.user.id }).orderBy('id'))
        .map((e) => e.type)
        .filter((t) => t.startsWith('paymentMethod.'));
      expect(types).toEqual([
        'paymentMethod.added',
        'paymentMethod.added',
        'paymentMethod.defaultSet',
        'paymentMethod.removed',
      ]);
    },
  );

  apiTest('concurrent additions still leave exactly one default', async ({ db, steppedUpArtist }) => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        steppedUpArtist.send('POST', '/api/payment-methods', upi(`fan.${i}`)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const defaults = await PaymentMethod.query(db).where({
      userId: steppedUpArtist.user.id,
      isDefault: true,
    });
    expect(defaults).toHaveLength(1);
  });

  apiTest(
    '409 while a pending withdrawal pays out to it; another artist’s method is not found',
    async ({ db, steppedUpArtist, newActor }) => {
      const method = (
        await steppedUpArtist.send('POST', '/api/payment-methods', upi())
      ).json<PaymentMethodResponse>();
      await WithdrawalRequest.query(db).insert({
        userId: steppedUpArtist.user.id,
        paymentMethodId: method.id,
        amount: '25.00',
        status: 'pending',
      });
      const refused = await steppedUpArtist.send('DELETE', `/api/payment-methods/${method.id}`);
      expect(refused.status).toBe(409);
      expect(refused.json()).toEqual({
        message: 'This payment method has a pending withdrawal: it can be removed once that is processed.',
      });
      const other = await newActor('approved', {}, { secondFactor: true });
      for (const [verb, path] of [
        ['DELETE', `/api/payment-methods/${method.id}`],
        ['PATCH', `/api/payment-methods/${method.id}/default`],
      ] as const) {
        const res = await other.send(verb, path);
        expect(res.status).toBe(404);
        expect(res.json()).toEqual({ message: 'Payment method not found' });
      }
      expect(await PaymentMethod.query(db).findById(method.id)).toBeTruthy();
    },
  );
});
