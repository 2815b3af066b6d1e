/**
 * Two collaborators paid from the same credit of a split release (docs/splits.md): each one's part is
 * theirs alone, so their withdrawals, however they race, never take more than their own part.
 */
import { describe, expect } from 'vitest';
import { Payee, PaymentMethod, Royalty, Split, SplitShare, User, WithdrawalRequest } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';
import { buildRelease } from '#test/support/factories.ts';

describe('POST /api/withdrawal-requests by collaborators of one release', () => {
  apiTest(
    '50 concurrent requests, 25 each, against two accepted shares of one credit: neither is overdrawn',
    async ({ db, newActor }) => {
      const owner = await newActor('approved');
      // Collaborators, not artists: an accepted share is what lets them withdraw.
      const [bea, cal] = [
        await newActor('artist', {}, { secondFactor: true }),
        await newActor('artist', {}, { secondFactor: true }),
      ];
      const release = await buildRelease(db, { userId: owner.user.id, status: 'live' });
      const payeeOf = (who: Actor) =>
        Payee.query(db)
          .insert({
            ownerId: owner.user.id,
            userId: who.user.id,
            email: who.person.email.toLowerCase(),
            status: 'accepted',
            acceptedAt: new Date(),
          })
          .returning('*');
      const [ownPayee, beaPayee, calPayee] = [
        await Payee.query(db)
          .insert({ ownerId: owner.user.id, userId: owner.user.id, status: 'owner' })
          .returning('*'),
        await payeeOf(bea),
        await payeeOf(cal),
      ];
      const split = await Split.query(db)
        .insert({ releaseId: release.id, trackId: null, effectiveFrom: '2026-09', createdBy: owner.user.id })
        .returning('*');
      await SplitShare.query(db).insert([
        { splitId: split.id, payeeId: ownPayee.id, percent: '40.00' },
        { splitId: split.id, payeeId: beaPayee.id, percent: '35.00' },
        { splitId: split.id, payeeId: calPayee.id, percent: '25.00' },
      ]);
      // One credit of 200.00 cut 40/35/25: Bea's 70.00 covers three payouts of 20, Cal's 50.00 two.
      const parts = [
        [owner, ownPayee, '80.00'],
        [bea, beaPayee, '70.00'],
        [cal, calPayee, '50.00'],
      ] as const;
      await Royalty.query(db).insert(
        parts.map(([who, payee, amount]) => ({
          userId: who.user.id,
          payeeId: payee.id,
          splitId: split.id,
          releaseId: release.id,
          amount,
          currency: 'USD' as const,
          period: '2026-09',
        })),
      );
      const methodOf = async (who: Actor) => {
        await User.query(db).patch({ emailVerified: true }).where({ id: who.user.id });
        const method = await PaymentMethod.query(db)
          .insert({ userId: who.user.id, type: 'paypal', paypalEmail: who.person.email, isDefault: true })
          .returning('*');
        return method.id;
      };
      const methods = new Map([
        [bea, await methodOf(bea)],
        [cal, await methodOf(cal)],
      ]);

      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const who = i % 2 === 0 ? bea : cal;
          return who
            .send('POST', '/api/withdrawal-requests', { paymentMethodId: methods.get(who), amount: '20.00' })
            .then((res) => ({ who, status: res.status }));
        }),
      );
      expect(answers.every((a) => a.status === 201 || a.status === 400)).toBe(true);
      for (const [who, most] of [
        [bea, 3],
        [cal, 2],
      ] as const) {
        const accepted = answers.filter((a) => a.who === who && a.status === 201).length;
        expect(accepted).toBeGreaterThan(0);
        expect(accepted).toBeLessThanOrEqual(most);
        const held = await WithdrawalRequest.query(db).where({ userId: who.user.id });
        expect(held).toHaveLength(accepted);
      }
      // The owner's part is untouched by their collaborators' payouts.
      const ownerRoyalties = await owner.get('/api/royalties');
      expect(ownerRoyalties.json()).toMatchObject({ availableToWithdraw: '80.00' });
    },
  );
});
