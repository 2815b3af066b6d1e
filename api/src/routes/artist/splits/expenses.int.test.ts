import { describe, expect } from 'vitest';
import type { ExpensesResponse } from '@riffline/contracts';
import { Event, Payee, Split, SplitShare, type Db } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';
import { buildRelease, buildStoreReport } from '#test/support/factories.ts';

/** A release of the actor's with a split naming an invited collaborator. */
async function releaseWithCollaborator(db: Db, actor: Actor) {
  const release = await buildRelease(db, { userId: actor.user.id });
  const payee = await Payee.query(db)
    .insert({ ownerId: actor.user.id, email: `b-${release.id}@example.test`, status: 'invited' })
    .returning('*');
  const split = await Split.query(db)
    .insert({ releaseId: release.id, trackId: null, effectiveFrom: '2030-01', createdBy: actor.user.id })
    .returning('*');
  await SplitShare.query(db).insert({ splitId: split.id, payeeId: payee.id, percent: '100' });
  return { release, payeeId: payee.id, path: `/api/releases/${release.id}/expenses` };
}

describe('/api/releases/:id/expenses', () => {
  apiTest(
    '401 signed out, 403 awaiting approval or without the step-up',
    async ({ db, visitor, artist, approvedArtist, steppedUpArtist }) => {
      const { path } = await releaseWithCollaborator(db, steppedUpArtist);
      const body = { amountUsd: '100.00', paidBy: 'owner' };
      expect((await visitor.get(path)).status).toBe(401);
      expect((await visitor.send('POST', path, body)).status).toBe(401);
      expect((await artist.send('POST', path, body)).status).toBe(403);
      const mine = await releaseWithCollaborator(db, approvedArtist);
      const unconfirmed = await approvedArtist.send('POST', mine.path, body);
      expect(unconfirmed.status).toBe(403);
      expect(unconfirmed.json()).toMatchObject({ reason: 'second_factor_not_enrolled' });
      const deleting = await approvedArtist.send('DELETE', `${mine.path}/${mine.release.id}`);
      expect(deleting.json()).toMatchObject({ reason: 'second_factor_not_enrolled' });
    },
  );

  apiTest(
    '400 with the exact message; 404 for another owner’s release',
    async ({ db, steppedUpArtist, newActor }) => {
      const { path } = await releaseWithCollaborator(db, steppedUpArtist);
      const refused = async (body: unknown) => {
        const res = await steppedUpArtist.send('POST', path, body);
        expect(res.status).toBe(400);
        return res.json<{ message: string }>().message;
      };
      const amount = 'amountUsd must be an amount in USD above 0 with at most 2 decimals, e.g. "100.00"';
      expect(await refused({ amountUsd: '0.00', paidBy: 'owner' })).toBe(amount);
      expect(await refused({ amountUsd: '10.001', paidBy: 'owner' })).toBe(amount);
      expect(await refused({ amountUsd: '-5', paidBy: 'owner' })).toBe(amount);
      expect(await refused({ amountUsd: '5', paidBy: 'someone' })).toBe(
        'paidBy must be "owner" or the id of a payee of this release\'s split',
      );
      expect(await refused({ amountUsd: '5', paidBy: 'owner', note: 'x'.repeat(201) })).toBe(
        'Note must be at most 200 characters',
      );
      const other = await newActor('approved', {}, { secondFactor: true });
      const theirs = await releaseWithCollaborator(db, other);
      // A payee of another owner's split cannot be named.
      expect(await refused({ amountUsd: '5', paidBy: theirs.payeeId })).toBe(
        "An expense is paid by you or by a collaborator this release's split names (not one whose invite was withdrawn).",
      );
      expect(
        (await steppedUpArtist.send('POST', theirs.path, { amountUsd: '5', paidBy: 'owner' })).status,
      ).toBe(404);
      expect((await steppedUpArtist.get(theirs.path)).status).toBe(404);
    },
  );

  apiTest(
    'records, lists in order with what is left, deletes while nothing is repaid, 409 after',
    async ({ db, steppedUpArtist }) => {
      const { release, payeeId, path } = await releaseWithCollaborator(db, steppedUpArtist);
      const created = await steppedUpArtist.send('POST', path, {
        amountUsd: 100,
        paidBy: payeeId,
        note: 'Mixing',
      });
      expect(created.status, created.body).toBe(201);
      await steppedUpArtist.send('POST', path, { amountUsd: '20.5', paidBy: 'owner' });
      const list = (await steppedUpArtist.get(path)).json<ExpensesResponse>();
      expect(list).toMatchObject({
        releaseId: release.id,
        leftToRecoup: '120.50',
        expenses: [
          {
            amountUsd: '100.00',
            note: 'Mixing',
            repaid: '0.00',
            left: '100.00',
            paidBy: { payeeId, status: 'invited' },
          },
          { amountUsd: '20.50', note: null, repaid: '0.00', left: '20.50', paidBy: { status: 'owner' } },
        ],
      });
      const [first, second] = list.expenses;
      const [recorded] = await Event.query(db).where({ type: 'expense.recorded', aggregateId: first!.id });
      expect(recorded!.payload).toEqual({
        releaseId: release.id,
        amountUsd: '100.00',
        paidBy: payeeId,
        note: 'Mixing',
      });

      // 30 repaid on the first (as an import writes it): it stays; the second goes.
      const report = await buildStoreReport(db);
      await db('royalties').insert({
        reportId: report.id,
        userId: null,
        payeeId,
        expenseId: first!.id,
        releaseId: release.id,
        period: '2030-01',
        amount: '30.00',
        grossUsd: '40',
        commissionPercent: '15',
        lines: 1,
      });
      const repaid = await steppedUpArtist.send('DELETE', `${path}/${first!.id}`);
      expect(repaid.status).toBe(409);
      expect(repaid.json()).toEqual({
        message:
          'Part of this expense is already repaid: it stays recorded, so what was repaid keeps its reason.',
      });
      const removed = await steppedUpArtist.send('DELETE', `${path}/${second!.id}`);
      expect(removed.status, removed.body).toBe(200);
      expect(removed.json<ExpensesResponse>()).toMatchObject({
        leftToRecoup: '70.00',
        expenses: [{ id: first!.id, repaid: '30.00', left: '70.00' }],
      });
      expect(await Event.query(db).where({ type: 'expense.deleted', aggregateId: second!.id })).toHaveLength(
        1,
      );
      expect((await steppedUpArtist.send('DELETE', `${path}/${second!.id}`)).status).toBe(404);
    },
  );
});
