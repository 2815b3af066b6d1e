import { expect } from 'vitest';
import { dbTest } from '#test/support/db.ts';
import { buildArtist, buildRelease, buildStoreReport } from '#test/support/factories.ts';
import type { Db } from '../connection.ts';
import { allocateStoreReportRoyalties } from './allocation.ts';

/** An owner's release with a split per `versions` entry ({from: percent per payee}), the payees given. */
async function splitRelease(db: Db, versions: Record<string, number[]>) {
  const [owner, collaborator] = [await buildArtist(db), await buildArtist(db)];
  const release = await buildRelease(db, { userId: owner.id });
  const payees = (await db('payees')
    .insert([
      { ownerId: owner.id, userId: owner.id, status: 'owner' },
      {
        ownerId: owner.id,
        userId: collaborator.id,
        email: `b-${owner.id}@x.test`.toLowerCase(),
        status: 'accepted',
      },
      { ownerId: owner.id, email: `c-${owner.id}@x.test`.toLowerCase(), status: 'invited' },
    ])
    .returning(['id', 'userId'])) as Array<{ id: string; userId: string | null }>;
  for (const [effectiveFrom, percents] of Object.entries(versions)) {
    const [split] = await db('splits')
      .insert({ releaseId: release.id, effectiveFrom, createdBy: owner.id })
      .returning('id');
    await db('split_shares').insert(
      percents
        .map((percent, i) => ({ splitId: split.id, payeeId: payees[i]!.id, percent }))
        .filter((s) => s.percent),
    );
  }
  return { owner, collaborator, release, payees };
}

async function credit(
  db: Db,
  reportId: string,
  userId: string,
  releaseId: string,
  period: string,
  amount: string,
) {
  await db('royalties').insert({
    reportId,
    userId,
    releaseId,
    period,
    amount,
    grossUsd: '200.12345678',
    commissionPercent: '15',
    lines: 7,
  });
}

const partsOf = (db: Db, reportId: string, period: string) =>
  db('royalties')
    .where({ reportId, period })
    .orderBy('payeeId')
    .select('userId', 'payeeId', db.raw('amount::text as amount'), 'grossUsd', 'lines', 'commissionPercent');

dbTest(
  "cuts a report's ledger rows by the version of their month: largest remainder (then payee id), held for the invited, exact sums",
  async ({ db }) => {
    const { owner, collaborator, release, payees } = await splitRelease(db, {
      '2026-01': [33.34, 33.33, 33.33],
      '2026-06': [50, 30, 20],
    });
    const other = await buildStoreReport(db);
    const report = await buildStoreReport(db);
    await credit(db, report.id, owner.id, release.id, '2025-12', '5.00'); // before any version
    await credit(db, report.id, owner.id, release.id, '2026-02', '0.00000002'); // two units over three
    await credit(db, report.id, owner.id, release.id, '2026-03', '-0.00000010');
    await credit(db, report.id, owner.id, release.id, '2026-05', '100.00');
    await credit(db, report.id, owner.id, release.id, '2026-06', '123.45');
    await credit(db, other.id, owner.id, release.id, '2026-06', '9.99'); // another report's: left alone

    await db.transaction((trx) => allocateStoreReportRoyalties(trx, report.id));

    const [ownerPayee, bPayee, cPayee] = payees.map((p) => p.id);
    const byId = (rows: Array<{ payeeId: string | null; amount: string; userId: string | null }>) =>
      Object.fromEntries(rows.map((r) => [r.payeeId, [r.userId, r.amount]]));
    expect(await partsOf(db, report.id, '2025-12')).toEqual([
      expect.objectContaining({ userId: owner.id, payeeId: null, amount: '5.00' }),
    ]);
    // 2 units: 0.6668, 0.6666, 0.6666 each → 0 whole; the two left go to 33.34 and to the lower payee id of the rest.
    const lower = [bPayee!, cPayee!].sort()[0];
    const twoUnits = byId(await partsOf(db, report.id, '2026-02'));
    expect(twoUnits[ownerPayee!]).toEqual([owner.id, '0.00000001']);
    expect(twoUnits[lower!]![1]).toBe('0.00000001');
    expect(twoUnits[[bPayee!, cPayee!].sort()[1]!]![1]).toBe('0.00000000');
    expect(byId(await partsOf(db, report.id, '2026-03'))).toEqual({
      [ownerPayee!]: [owner.id, '-0.00000004'],
      [bPayee!]: [collaborator.id, '-0.00000003'],
      [cPayee!]: [null, '-0.00000003'],
    });
    expect(byId(await partsOf(db, report.id, '2026-05'))).toEqual({
      [ownerPayee!]: [owner.id, '33.34000000'],
      [bPayee!]: [collaborator.id, '33.33000000'],
      [cPayee!]: [null, '33.33000000'],
    });
    const june = await partsOf(db, report.id, '2026-06');
    expect(byId(june)).toEqual({
      [ownerPayee!]: [owner.id, '61.72500000'],
      [bPayee!]: [collaborator.id, '37.03500000'],
      [cPayee!]: [null, '24.69000000'],
    });
    // Each part keeps the gross, commission and line count of the credit it was cut from.
    expect(
      june.every((r) => r.grossUsd === '200.12345678' && r.lines === 7 && r.commissionPercent === '15.00'),
    ).toBe(true);
    const [{ total }] = await db('royalties')
      .where({ reportId: report.id })
      .select(db.raw('sum(amount)::text as total'));
    expect(total).toBe('228.44999992'); // 5 + 0.00000002 − 0.0000001 + 100 + 123.45: nothing made or lost
    expect(await partsOf(db, other.id, '2026-06')).toEqual([
      expect.objectContaining({ userId: owner.id, payeeId: null, amount: '9.99' }),
    ]);

    // Allocating again changes nothing: the parts are already cut.
    await db.transaction((trx) => allocateStoreReportRoyalties(trx, report.id));
    expect(byId(await partsOf(db, report.id, '2026-06'))[cPayee!]).toEqual([null, '24.69000000']);
  },
);

dbTest("a withdrawn invite's parts go to the owner, still naming the payee", async ({ db }) => {
  const { owner, release, payees } = await splitRelease(db, { '2026-01': [50, 30, 20] });
  await db('payees').where({ id: payees[2]!.id }).update({ status: 'withdrawn' });
  const report = await buildStoreReport(db);
  await credit(db, report.id, owner.id, release.id, '2026-02', '10.00');
  await db.transaction((trx) => allocateStoreReportRoyalties(trx, report.id));
  const parts = await partsOf(db, report.id, '2026-02');
  expect(parts.find((p) => p.payeeId === payees[2]!.id)).toMatchObject({
    userId: owner.id,
    amount: '2.00000000',
  });
});

dbTest(
  'repays expenses to whoever paid them before the split, in the order recorded and reports are allocated',
  async ({ db }) => {
    const { owner, collaborator, release, payees } = await splitRelease(db, { '2026-01': [50, 30, 20] });
    const [ownerPayee, bPayee, cPayee] = payees.map((p) => p.id) as [string, string, string];
    const expense = async (paidBy: string, amountUsd: string, createdAt: string) =>
      (
        await db('release_expenses')
          .insert({ releaseId: release.id, paidBy, amountUsd, createdBy: owner.id, createdAt })
          .returning('id')
      )[0].id as string;
    const report = (createdAt: string) => buildStoreReport(db, { createdAt } as never);
    const first = await expense(bPayee, '100.00', '2026-03-01T00:00:00Z');
    const second = await expense(cPayee, '10.00', '2026-03-01T00:00:01Z'); // recorded after: repaid after
    const tooLate = await expense(ownerPayee, '5.00', '2026-09-01T00:00:00Z'); // after every report here
    const parts = async (reportId: string) =>
      (
        await db('royalties')
          .where({ reportId })
          .orderBy(['period', 'expenseId', 'payeeId'])
          .select('period', 'userId', 'payeeId', 'expenseId', db.raw('amount::text as amount'), 'lines')
      ).map((r) => ({ ...r }));
    const allocate = (id: string) => db.transaction((trx) => allocateStoreReportRoyalties(trx, id));

    // 60: all of it repays B's expense; nothing is left to split.
    const one = await report('2026-04-01T00:00:00Z');
    await credit(db, one.id, owner.id, release.id, '2026-02', '60.00');
    await allocate(one.id);
    expect(await parts(one.id)).toEqual([
      {
        period: '2026-02',
        userId: collaborator.id,
        payeeId: bPayee,
        expenseId: first,
        amount: '60.00',
        lines: 7,
      },
    ]);

    // 70: 40 finishes B's expense, then C's 10 (held: C has not accepted), and the 20 left is split 50/30/20.
    const two = await report('2026-05-01T00:00:00Z');
    await credit(db, two.id, owner.id, release.id, '2026-03', '70.00');
    await allocate(two.id);
    await allocate(two.id); // again: nothing changes
    const second2 = await parts(two.id);
    expect(
      second2
        .filter((r) => r.expenseId)
        .sort((a, b) => b.amount.length - a.amount.length || b.amount.localeCompare(a.amount)),
    ).toEqual([
      expect.objectContaining({
        userId: collaborator.id,
        payeeId: bPayee,
        expenseId: first,
        amount: '40.00',
      }),
      expect.objectContaining({ userId: null, payeeId: cPayee, expenseId: second, amount: '10.00' }),
    ]);
    expect(
      Object.fromEntries(second2.filter((r) => !r.expenseId).map((r) => [r.payeeId, [r.userId, r.amount]])),
    ).toEqual({
      [ownerPayee]: [owner.id, '10.00000000'],
      [bPayee]: [collaborator.id, '6.00000000'],
      [cPayee]: [null, '4.00000000'],
    });

    // Nothing left to recoup but the expense recorded after this report was uploaded; a refund repays nothing.
    const three = await report('2026-06-01T00:00:00Z');
    await credit(db, three.id, owner.id, release.id, '2026-04', '-5.00');
    await credit(db, three.id, owner.id, release.id, '2026-05', '25.01');
    await allocate(three.id);
    const third = await parts(three.id);
    expect(third.some((r) => r.expenseId)).toBe(false);
    expect(
      third
        .filter((r) => r.period === '2026-05')
        .map((r) => r.amount)
        .sort(),
    ).toEqual(['12.50500000', '5.00200000', '7.50300000']);

    const sums = (await db('royalties')
      .where({ releaseId: release.id })
      .select(
        db.raw('sum(amount)::text as total'),
        db.raw('sum(amount) filter (where expense_id is not null)::text as repaid'),
      )) as Array<{ total: string; repaid: string }>;
    expect(sums[0]).toEqual({ total: '150.01000000', repaid: '110.00' }); // 60 + 70 − 5 + 25.01: exact
    const [{ left }] = await db('release_expenses')
      .where({ id: tooLate })
      .select(db.raw('amount_usd::text as left'));
    expect(left).toBe('5.00');
  },
);
