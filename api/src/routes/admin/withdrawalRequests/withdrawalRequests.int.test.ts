import { describe, expect } from 'vitest';
import type { WithdrawalRequestResponse } from '@riffline/contracts';
import { Event, PaymentMethod, WithdrawalRequest, type Db } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';

/** A payout of the artist's in `status`, to a UPI id of theirs. */
async function payout(db: Db, artist: Actor, status: 'pending' | 'approved' | 'processing') {
  const isDefault = !(await PaymentMethod.query(db).findOne({ userId: artist.user.id, isDefault: true }));
  const method = await PaymentMethod.query(db)
    .insert({ userId: artist.user.id, type: 'upi', upiId: 'maya@okaxis', isDefault })
    .returning('*');
  const request = await WithdrawalRequest.query(db)
    .insert({
      userId: artist.user.id,
      paymentMethodId: method.id,
      amount: '75.00',
      status,
      adminNotes: status === 'pending' ? null : 'approved for processing, payment within 24 hours',
    })
    .returning('*');
  return request.id;
}

const path = (id: string) => `/api/admin/withdrawal-requests/${id}`;

describe('PATCH /api/admin/withdrawal-requests/:id to completed: the payment reference', () => {
  apiTest(
    '401 signed out and 403 for an artist, and nothing changes',
    async ({ db, visitor, approvedArtist }) => {
      const id = await payout(db, approvedArtist, 'processing');
      const body = { status: 'completed', paymentReference: '412345678901' };
      const signedOut = await visitor.send('PATCH', path(id), body);
      expect(signedOut.status).toBe(401);
      expect(signedOut.json()).toEqual({ message: 'Unauthorized' });
      expect((await approvedArtist.send('PATCH', path(id), body)).status).toBe(403);
      expect(await WithdrawalRequest.query(db).findById(id)).toMatchObject({
        status: 'processing',
        paymentReference: null,
      });
    },
  );

  apiTest(
    '400 with the reason when the reference is missing, empty or too long',
    async ({ db, admin, approvedArtist }) => {
      const id = await payout(db, approvedArtist, 'processing');
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ status: 'completed' }, 'Payment reference is required to mark a payout completed'],
        [
          { status: 'completed', paymentReference: '   ' },
          'Payment reference is required to mark a payout completed',
        ],
        [
          { status: 'completed', paymentReference: null },
          'Payment reference is required to mark a payout completed',
        ],
        [
          { status: 'completed', paymentReference: '4'.repeat(101) },
          'Payment reference must be at most 100 characters',
        ],
        [{ status: 'completed', paymentReference: 12345 }, 'Payment reference must be text'],
      ];
      for (const [body, message] of cases) {
        const res = await admin.send('PATCH', path(id), body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json<{ message: string }>().message).toBe(message);
      }
      // Any other move has no payment to refer to.
      const pending = await payout(db, approvedArtist, 'pending');
      const approving = await admin.send('PATCH', path(pending), {
        status: 'approved',
        paymentReference: 'UTR1',
      });
      expect(approving.status).toBe(400);
      expect(approving.json<{ message: string }>().message).toBe(
        'A payment reference is recorded only when a payout is marked completed',
      );
      expect(await WithdrawalRequest.query(db).findById(id)).toMatchObject({ status: 'processing' });
      expect(await WithdrawalRequest.query(db).findById(pending)).toMatchObject({ status: 'pending' });
      expect(await Event.query(db).whereIn('aggregateId', [id, pending])).toEqual([]);
    },
  );

  apiTest(
    'completed with the reference: stored, answered to the admin and the artist, and in withdrawal.completed',
    async ({ db, admin, approvedArtist }) => {
      const id = await payout(db, approvedArtist, 'processing');
      const res = await admin.send('PATCH', path(id), {
        status: 'completed',
        paymentReference: '  412345678901 ',
      });
      expect(res.status).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        status: 'completed',
        paymentReference: '412345678901',
        processedBy: admin.user.id,
      });
      expect(await WithdrawalRequest.query(db).findById(id)).toMatchObject({
        status: 'completed',
        paymentReference: '412345678901',
      });
      const mine = (await approvedArtist.get('/api/withdrawal-requests')).json<WithdrawalRequestResponse[]>();
      expect(mine.find((r) => r.id === id)).toMatchObject({ paymentReference: '412345678901' });
      const events = await Event.query(db).where({ aggregateId: id });
      expect(events.map((e) => [e.type, e.actorId, e.payload])).toEqual([
        [
          'withdrawal.completed',
          admin.user.id,
          { userId: approvedArtist.user.id, amount: '75.00', paymentReference: '412345678901' },
        ],
      ]);
      // Completed is the last step: the reference stays as it was recorded.
      const again = await admin.send('PATCH', path(id), { status: 'completed', paymentReference: 'OTHER' });
      expect(again.status).toBe(409);
      expect(again.json()).toEqual({ message: 'A completed withdrawal request cannot become completed' });
      expect(await WithdrawalRequest.query(db).findById(id)).toMatchObject({
        paymentReference: '412345678901',
      });
    },
  );
});
