/**
 * Collaborator splits end to end (issue 35, docs/splits.md): the owner of a release sets its split through
 * the API (owner 50, B 30 who has accepted, C 20 still invited), an admin uploads a store report of 10,000
 * lines, the workers import it, and each payee's ledger rows equal the allocation computed here on its own
 * from the owner's unsplit credit (largest remainder in units of 10^-8), to the 8th decimal. C's part is
 * held: on no one's balance, shown to the owner as held. A version from the next month on leaves the
 * months already credited as they were, through a replay of the report too. An expense of 100 USD paid by
 * B is repaid to B before any split, and the remainder split (docs/splits.md, Recoupment).
 */
import pino from 'pino';
import { describe, expect } from 'vitest';
import {
  compareAmounts,
  floorToCents,
  type ExpensesResponse,
  type InviteAcceptanceResponse,
  type InviteResponse,
  type RoyaltiesResponse,
  type SplitsResponse,
  type StatementResponse,
} from '@riffline/contracts';
import { Payee, type Db } from '@riffline/db';
import { replayStoreReports } from '../../workers/src/storeReports/replay.ts';
import { pollUntil } from '#test/support/eventLog.ts';
import { apiWithWorkers } from '#test/support/flow.ts';
import { buildCatalogue, recentPeriods, storeReport } from '#test/support/storeReport.ts';
import { uploadStoreReport } from '#test/support/storeReportUpload.ts';

const flowTest = apiWithWorkers('splits');

/** Units of 10^-8 → "12.34567890". */
const usd8 = (units: bigint) => {
  const abs = units < 0n ? -units : units;
  return `${units < 0n ? '-' : ''}${abs / 100_000_000n}.${String(abs % 100_000_000n).padStart(8, '0')}`;
};
/** Units of 10^-8 → cents, rounded down, as the API shows sums. */
const floorCents = (units: bigint) => {
  const cents = units >= 0n ? units / 1_000_000n : -((-units + 999_999n) / 1_000_000n);
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};

/**
 * `units` shared by percentages in hundredths (adding up to 10,000): each share rounded towards zero,
 * then the units left over one at a time to the largest remainders, then by payee id.
 */
function allocate(
  units: bigint,
  shares: Array<{ payeeId: string; hundredths: bigint }>,
): Map<string, bigint> {
  const sign = units < 0n ? -1n : 1n;
  const abs = units * sign;
  const parts = shares.map((s) => ({
    ...s,
    base: (abs * s.hundredths) / 10_000n,
    rest: (abs * s.hundredths) % 10_000n,
  }));
  const left = abs - parts.reduce((sum, p) => sum + p.base, 0n);
  parts.sort((a, b) => (a.rest !== b.rest ? (a.rest > b.rest ? -1 : 1) : a.payeeId < b.payeeId ? -1 : 1));
  for (const part of parts.slice(0, Number(left))) part.base += 1n;
  return new Map(parts.map((p) => [p.payeeId, p.base * sign]));
}

const nextMonth = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 7);
};

/**
 * B accepted the owner's invite (as the accept link does, tested on its own below): their payee row names
 * their account. The owner's payees, the owner's own and B's.
 */
async function beaAccepted(db: Db, ownerId: string, bea: { id: string; email: string | null }) {
  await Payee.query(db)
    .where({ ownerId, email: bea.email!.toLowerCase() })
    .patch({ status: 'accepted', userId: bea.id, acceptedAt: new Date() });
  const payees = await Payee.query(db).where({ ownerId });
  return {
    payees,
    ownerPayee: payees.find((p) => p.status === 'owner')!,
    beaPayee: payees.find((p) => p.status === 'accepted')!,
  };
}

describe('a release split between its owner and two collaborators', () => {
  flowTest(
    'a 10,000-line report: each payee credited their exact part, the invited one held, history kept by a new version',
    async ({ app, db, admin, newActor }) => {
      const [owner, bea] = [
        await newActor('approved', {}, { secondFactor: true }),
        await newActor('approved'),
      ];
      const catalogue = await buildCatalogue(db, [owner.user.id], { releasesEach: 2, tracksEach: 3 });
      const [split, whole] = catalogue as [(typeof catalogue)[0], (typeof catalogue)[0]];
      const commissionPercent = app.deps.config.royalties.commissionPercent;
      const file = storeReport(catalogue, { lines: 10_000, seed: 35, commissionPercent });
      const [first, , last] = file.expected.periods as [string, string, string];

      const path = `/api/releases/${split.releaseId}/splits`;
      const created = await owner.send('POST', path, {
        effectiveFrom: first,
        shares: [
          { owner: true, percent: 50 },
          { email: bea.user.email, percent: '30' },
          { email: 'cal@example.test', percent: 20, name: 'Cal' },
        ],
      });
      expect(created.status, created.body).toBe(201);
      const { payees, ownerPayee, beaPayee } = await beaAccepted(db, owner.user.id, bea.user);
      const calPayee = payees.find((p) => p.email === 'cal@example.test')!;
      const shares = [
        { payeeId: ownerPayee.id, hundredths: 5_000n },
        { payeeId: beaPayee.id, hundredths: 3_000n },
        { payeeId: calPayee.id, hundredths: 2_000n },
      ];

      const uploaded = await uploadStoreReport({ app, db, admin }, { bytes: file.csv, name: 'splits.csv' });
      expect(uploaded).toMatchObject({ status: 'completed', linesTotal: 10_000 });

      // Per payee and sale month, in units of 10^-8, computed from the owner's unsplit credit in cents.
      const expected = new Map<string, bigint>();
      const owed = new Map<string, bigint>(); // per payee, over the months
      for (const period of file.expected.periods) {
        const credit = file.expected.royalties.get(`${owner.user.id}|${split.releaseId}|${period}`) ?? 0n;
        const parts = allocate(credit * 1_000_000n, shares);
        expect([...parts.values()].reduce((a, b) => a + b, 0n)).toBe(credit * 1_000_000n);
        for (const [payeeId, units] of parts) {
          expected.set(`${payeeId}|${period}`, units);
          owed.set(payeeId, (owed.get(payeeId) ?? 0n) + units);
        }
      }
      const ledger = async () =>
        (await db('royalties')
          .where({ reportId: uploaded.id, releaseId: split.releaseId })
          .select('payeeId', 'userId', 'period', 'splitId', db.raw('amount::text as amount'))) as Array<{
          payeeId: string;
          userId: string | null;
          period: string;
          splitId: string;
          amount: string;
        }>;
      const rows = await ledger();
      expect(rows).toHaveLength(9); // three months, three payees
      expect(Object.fromEntries(rows.map((r) => [`${r.payeeId}|${r.period}`, r.amount]))).toEqual(
        Object.fromEntries([...expected].map(([key, units]) => [key, usd8(units)])),
      );
      const userOf = new Map([
        [ownerPayee.id, owner.user.id],
        [beaPayee.id, bea.user.id],
        [calPayee.id, null],
      ]);
      expect(rows.every((r) => r.userId === userOf.get(r.payeeId) && r.splitId !== null)).toBe(true);
      // The release without a split: the owner's whole credit, as before.
      const unsplit = await db('royalties').where({ reportId: uploaded.id, releaseId: whole.releaseId });
      expect(
        unsplit.every(
          (r: { payeeId: string | null; userId: string }) => !r.payeeId && r.userId === owner.user.id,
        ),
      ).toBe(true);

      // The owner sees C's part as held; each balance counts only its own parts, in cents rounded down.
      const splits = (await owner.get(path)).json<SplitsResponse>();
      expect(Object.fromEntries(splits.payees.map((p) => [p.payeeId, [p.status, p.earned, p.held]]))).toEqual(
        {
          [ownerPayee.id]: ['owner', floorCents(owed.get(ownerPayee.id)!), '0.00'],
          [beaPayee.id]: ['accepted', floorCents(owed.get(beaPayee.id)!), '0.00'],
          [calPayee.id]: ['invited', '0.00', floorCents(owed.get(calPayee.id)!)],
        },
      );
      expect(splits.versions).toHaveLength(1);
      expect(splits.versions[0]!.shares.find((s) => s.payeeId === calPayee.id)).toMatchObject({
        status: 'invited',
        percent: '20.00',
        held: floorCents(owed.get(calPayee.id)!),
      });
      const wholeCredit = file.expected.periods.reduce(
        (sum, period) =>
          sum + (file.expected.royalties.get(`${owner.user.id}|${whole.releaseId}|${period}`) ?? 0n),
        0n,
      );
      const ownerRoyalties = (await owner.get('/api/royalties')).json<RoyaltiesResponse>();
      expect(ownerRoyalties.totalEarnings).toBe(
        floorCents(owed.get(ownerPayee.id)! + wholeCredit * 1_000_000n),
      );
      expect(ownerRoyalties.items.every((item) => /^-?\d+\.\d{2}$/.test(item.amount))).toBe(true);
      const beaRoyalties = (await bea.get('/api/royalties')).json<RoyaltiesResponse>();
      expect(beaRoyalties.totalEarnings).toBe(floorCents(owed.get(beaPayee.id)!));
      expect(beaRoyalties.items.map((item) => item.exactAmount).sort()).toEqual(
        rows
          .filter((r) => r.payeeId === beaPayee.id)
          .map((r) => r.amount)
          .sort(),
      );

      // A new version cannot rewrite a credited month; from the next month on it can, and a replay of the
      // report leaves every credited part as it was.
      const rewrite = await owner.send('POST', path, {
        effectiveFrom: last,
        shares: [{ owner: true, percent: 100 }],
      });
      expect(rewrite.status).toBe(409);
      expect(rewrite.json()).toEqual({
        message: `Royalties up to ${last} are already credited under the current split; a new split can start from ${nextMonth(last)}.`,
      });
      const later = await owner.send('POST', path, {
        effectiveFrom: nextMonth(last),
        shares: [
          { owner: true, percent: 40 },
          { email: bea.user.email, percent: 60 },
        ],
      });
      expect(later.status, later.body).toBe(201);
      const before = (await ledger()).map(({ payeeId, userId, period, splitId, amount }) => ({
        payeeId,
        userId,
        period,
        splitId,
        amount,
      }));
      expect(
        await replayStoreReports({
          db,
          storage: app.deps.storage,
          logger: pino({ level: 'silent' }),
          commissionPercent,
        }),
      ).toMatchObject({ reports: 1 });
      const sorted = <T extends { payeeId: string; period: string }>(list: T[]) =>
        [...list].sort((a, b) => `${a.payeeId}|${a.period}`.localeCompare(`${b.payeeId}|${b.period}`));
      expect(sorted(await ledger())).toEqual(sorted(before));
    },
  );

  flowTest(
    "a track's own split: its lines credited in a row of their own, cut by the track's version from its month on",
    async ({ app, db, admin, newActor }) => {
      const [owner, bea] = [
        await newActor('approved', {}, { secondFactor: true }),
        await newActor('approved'),
      ];
      const [release, other] = await buildCatalogue(db, [owner.user.id], { releasesEach: 2, tracksEach: 3 });
      const track = release!.tracks[0]!.trackId;
      const commissionPercent = app.deps.config.royalties.commissionPercent;
      const periods = recentPeriods();
      const [first, second] = periods as [string, string, string];
      const file = storeReport([release!], {
        lines: 3_000,
        seed: 38,
        commissionPercent,
        periods,
        ownRow: (trackId, period) => trackId === track && period >= second,
      });
      const path = `/api/releases/${release!.releaseId}/splits`;
      const releaseSplit = await owner.send('POST', path, {
        effectiveFrom: first,
        shares: [
          { owner: true, percent: 60 },
          { email: bea.user.email, percent: 40 },
        ],
      });
      expect(releaseSplit.status, releaseSplit.body).toBe(201);
      const trackShares = {
        trackId: track,
        effectiveFrom: second,
        shares: [
          { owner: true, percent: '30.5' },
          { email: bea.user.email, percent: '69.5' },
        ],
      };
      const trackSplit = await owner.send('POST', path, trackShares);
      expect(trackSplit.status, trackSplit.body).toBe(201);
      expect(trackSplit.json()).toMatchObject({ trackId: track, effectiveFrom: second });
      // The same track and month twice, and a track of another release, are refused.
      const again = await owner.send('POST', path, trackShares);
      expect(again.status).toBe(409);
      expect(again.json()).toEqual({
        message: `This track already has a split from ${second}: a version applies from a sale month no other starts at.`,
      });
      const foreign = await owner.send('POST', path, { ...trackShares, trackId: other!.tracks[0]!.trackId });
      expect(foreign.status).toBe(400);
      expect(foreign.json()).toMatchObject({ message: 'trackId must be the id of a track of this release' });

      const { ownerPayee, beaPayee } = await beaAccepted(db, owner.user.id, bea.user);
      const uploaded = await uploadStoreReport({ app, db, admin }, { bytes: file.csv, name: 'tracks.csv' });
      expect(uploaded).toMatchObject({ status: 'completed' });

      // Computed from the file: the release's credit by 60/40; the track's own, from its month on, by 30.5/69.5.
      const byRelease = [
        { payeeId: ownerPayee.id, hundredths: 6_000n },
        { payeeId: beaPayee.id, hundredths: 4_000n },
      ];
      const byTrack = [
        { payeeId: ownerPayee.id, hundredths: 3_050n },
        { payeeId: beaPayee.id, hundredths: 6_950n },
      ];
      const expected: Record<string, string> = {};
      const owed = new Map<string, bigint>();
      for (const [key, credit] of file.expected.royalties) {
        const [, , period, ownTrack] = key.split('|');
        const parts = allocate(credit * 1_000_000n, ownTrack ? byTrack : byRelease);
        for (const [payeeId, units] of parts) {
          expected[`${payeeId}|${period}|${ownTrack ?? '-'}`] = usd8(units);
          owed.set(payeeId, (owed.get(payeeId) ?? 0n) + units);
        }
      }
      expect(Object.keys(expected).some((key) => key.endsWith(track))).toBe(true);
      const rows = (await db('royalties')
        .where({ reportId: uploaded.id })
        .select('payeeId', 'period', 'trackId', db.raw('amount::text as amount'))) as Array<{
        payeeId: string;
        period: string;
        trackId: string | null;
        amount: string;
      }>;
      expect(
        Object.fromEntries(rows.map((r) => [`${r.payeeId}|${r.period}|${r.trackId ?? '-'}`, r.amount])),
      ).toEqual(expected);
      expect((await bea.get('/api/royalties')).json<RoyaltiesResponse>().totalEarnings).toBe(
        floorCents(owed.get(beaPayee.id)!),
      );

      // The owner's view lists the release's version first, then the track's, named.
      const splits = (await owner.get(path)).json<SplitsResponse>();
      expect(splits.versions.map((v) => [v.trackId, v.effectiveFrom])).toEqual([
        [null, first],
        [track, second],
      ]);
      const trackTitle = splits.versions[1]!.trackTitle!;
      expect(trackTitle).toEqual(expect.any(String));

      // Bea's statement names the track on the rows its own split cut, and its CSV says so too.
      const month = new Date().toISOString().slice(0, 7);
      const statement = (await bea.get(`/api/statements/${month}`)).json<StatementResponse>();
      const trackRows = rows.filter((r) => r.payeeId === beaPayee.id && r.trackId === track);
      expect(statement.earnings.filter((e) => e.trackTitle === trackTitle)).toHaveLength(trackRows.length);
      expect(statement.earnings.filter((e) => e.trackTitle === null)).toHaveLength(
        rows.filter((r) => r.payeeId === beaPayee.id && r.trackId === null).length,
      );
      const csv = (await bea.get(`/api/statements/${month}.csv`)).body;
      expect(csv.split('\n')[0]).toContain(',release_id,track,sale_month,');
      expect(csv.split('\n').filter((line) => line.includes(`,${trackTitle},`))).toHaveLength(
        trackRows.length,
      );
      expect(splits.payees.find((p) => p.payeeId === beaPayee.id)!.earned).toBe(
        floorCents(owed.get(beaPayee.id)!),
      );
    },
  );

  flowTest(
    'an invited collaborator signs up from the mailed link (no application), accepts and earns the held amount at once; a withdrawn invite returns its held amount to the owner',
    async ({ app, db, admin, newActor }) => {
      const owner = await newActor('approved', {}, { secondFactor: true });
      const [release] = await buildCatalogue(db, [owner.user.id], { releasesEach: 1, tracksEach: 2 });
      const commissionPercent = app.deps.config.royalties.commissionPercent;
      const file = storeReport([release!], { lines: 300, seed: 36, commissionPercent });
      const cal = `cal-${owner.user.id.slice(0, 8)}@example.test`.toLowerCase();
      const dee = `dee-${owner.user.id.slice(0, 8)}@example.test`.toLowerCase();
      const path = `/api/releases/${release!.releaseId}/splits`;
      const created = await owner.send('POST', path, {
        effectiveFrom: file.expected.periods[0],
        shares: [
          { owner: true, percent: 50 },
          { email: cal, percent: 30, name: 'Cal' },
          { email: dee, percent: 20 },
        ],
      });
      expect(created.status, created.body).toBe(201);
      const uploaded = await uploadStoreReport({ app, db, admin }, { bytes: file.csv, name: 'invites.csv' });
      expect(uploaded).toMatchObject({ status: 'completed' });

      const payees = await Payee.query(db).where({ ownerId: owner.user.id });
      const calPayee = payees.find((p) => p.email === cal)!;
      const deePayee = payees.find((p) => p.email === dee)!;
      const heldOf = async (payeeId: string) =>
        (
          (await db('royalties')
            .where({ payeeId })
            .whereNull('userId')
            .first(db.raw('coalesce(sum(amount), 0)::text as held'))) as { held: string }
        ).held;
      const calHeld = floorToCents(await heldOf(calPayee.id));
      const deeHeld = await heldOf(deePayee.id);
      expect(compareAmounts(calHeld, '0')).toBeGreaterThan(0);

      // The notifications worker mailed Cal an accept link (read from the outbox, as a mailbox would).
      const mail = await pollUntil(
        'no invite mail for Cal',
        async () =>
          (await db('mail_deliveries').where({ toAddress: cal }).first()) as { textBody: string } | undefined,
        () => 'none yet',
      );
      const url = mail.textBody.match(/\/invites\/([A-Za-z0-9_-]+)/)!;
      const token = url[1]!;

      // Cal signs up as a new account: no artist application, no approval.
      const calActor = await newActor('artist', { email: cal, firstName: 'Cal' });
      expect((await calActor.get('/api/royalties')).status).toBe(403);
      const shown = await calActor.get(`/api/invites/${token}`);
      expect(shown.status, shown.body).toBe(200);
      expect(shown.json<InviteResponse>()).toMatchObject({ email: cal, held: calHeld, expired: false });
      const accepted = await calActor.send('POST', `/api/invites/${token}/acceptance`);
      expect(accepted.status, accepted.body).toBe(201);
      expect(accepted.json<InviteAcceptanceResponse>().released).toBe(calHeld);

      const calRoyalties = await calActor.get('/api/royalties');
      expect(calRoyalties.status, calRoyalties.body).toBe(200);
      expect(calRoyalties.json<RoyaltiesResponse>().totalEarnings).toBe(calHeld);
      const split = (await owner.get(path)).json<SplitsResponse>();
      expect(split.payees.find((p) => p.payeeId === calPayee.id)).toMatchObject({
        status: 'accepted',
        earned: calHeld,
        held: '0.00',
      });

      // Dee never accepted: the owner withdraws the invite and Dee's held amount is the owner's.
      const ownerTotal = async () =>
        (await owner.get('/api/royalties')).json<RoyaltiesResponse>().totalEarnings;
      const ownerExact = async () =>
        (
          (await db('royalties')
            .where({ userId: owner.user.id })
            .first(db.raw('coalesce(sum(amount), 0)::text as total'))) as { total: string }
        ).total;
      const before = await ownerExact();
      const withdrawn = await owner.send('DELETE', `${path}/payees/${deePayee.id}`);
      expect(withdrawn.status, withdrawn.body).toBe(200);
      const after = await ownerExact();
      // Exact decimal text → units of 10^-8 (the amounts here are not negative).
      const units = (text: string) => {
        const [whole, fraction = ''] = text.split('.');
        return BigInt(whole! + fraction.padEnd(8, '0'));
      };
      expect(units(after) - units(before)).toBe(units(deeHeld));
      expect(await ownerTotal()).toBe(floorToCents(after));
      // The link mailed to Dee no longer opens anything.
      const deeMail = (await db('mail_deliveries').where({ toAddress: dee }).first()) as { textBody: string };
      const deeToken = deeMail.textBody.match(/\/invites\/([A-Za-z0-9_-]+)/)![1]!;
      expect((await calActor.get(`/api/invites/${deeToken}`)).status).toBe(404);
    },
  );

  flowTest(
    'an expense of 100 USD paid by B is repaid to B before any split, and the remainder split; a replay agrees',
    async ({ app, db, admin, newActor }) => {
      const [owner, bea] = [
        await newActor('approved', {}, { secondFactor: true }),
        await newActor('approved'),
      ];
      const [release] = await buildCatalogue(db, [owner.user.id], { releasesEach: 1, tracksEach: 3 });
      const commissionPercent = app.deps.config.royalties.commissionPercent;
      const file = storeReport([release!], { lines: 2_000, seed: 37, commissionPercent });
      const path = `/api/releases/${release!.releaseId}/splits`;
      const created = await owner.send('POST', path, {
        effectiveFrom: file.expected.periods[0],
        shares: [
          { owner: true, percent: 50 },
          { email: bea.user.email, percent: 30 },
          { email: 'cal-recoup@example.test', percent: 20 },
        ],
      });
      expect(created.status, created.body).toBe(201);
      const { payees, ownerPayee, beaPayee } = await beaAccepted(db, owner.user.id, bea.user);
      const calPayee = payees.find((p) => p.email === 'cal-recoup@example.test')!;
      const expensesPath = `/api/releases/${release!.releaseId}/expenses`;
      const recorded = await owner.send('POST', expensesPath, {
        amountUsd: '100.00',
        paidBy: beaPayee.id,
        note: 'Mastering',
      });
      expect(recorded.status, recorded.body).toBe(201);
      const expenseId = recorded.json<ExpensesResponse>().expenses[0]!.id;

      const uploaded = await uploadStoreReport({ app, db, admin }, { bytes: file.csv, name: 'recoup.csv' });
      expect(uploaded).toMatchObject({ status: 'completed' });

      // Computed here from the file: month by month, a positive credit first repays what is left of the
      // 100 USD to B, then what remains of it is split 50/30/20 (in units of 10^-8).
      const shares = [
        { payeeId: ownerPayee.id, hundredths: 5_000n },
        { payeeId: beaPayee.id, hundredths: 3_000n },
        { payeeId: calPayee.id, hundredths: 2_000n },
      ];
      let left = 10_000n; // cents
      const expected: Record<string, string> = {};
      for (const period of file.expected.periods) {
        const credit = file.expected.royalties.get(`${owner.user.id}|${release!.releaseId}|${period}`);
        if (credit === undefined) continue;
        const repaid = credit > 0n ? (credit < left ? credit : left) : 0n;
        left -= repaid;
        if (repaid > 0n) expected[`repaid|${period}`] = floorCents(repaid * 1_000_000n);
        if (repaid > 0n && credit === repaid) continue; // all of it repaid: nothing to split
        const parts = allocate((credit - repaid) * 1_000_000n, shares);
        for (const [payeeId, units] of parts) expected[`${payeeId}|${period}`] = usd8(units);
      }
      expect(left).toBe(0n); // the report earns more than the expense: the rest is split
      const ledger = async () =>
        Object.fromEntries(
          (
            (await db('royalties')
              .where({ reportId: uploaded.id })
              .select(
                'payeeId',
                'userId',
                'expenseId',
                'period',
                db.raw('amount::text as amount'),
              )) as Array<{
              payeeId: string;
              userId: string | null;
              expenseId: string | null;
              period: string;
              amount: string;
            }>
          ).map((r) => {
            if (r.expenseId) {
              expect(r).toMatchObject({ expenseId, payeeId: beaPayee.id, userId: bea.user.id });
              return [`repaid|${r.period}`, r.amount];
            }
            return [`${r.payeeId}|${r.period}`, r.amount];
          }),
        );
      const before = await ledger();
      expect(before).toEqual(expected);

      const expenses = (await owner.get(expensesPath)).json<ExpensesResponse>();
      expect(expenses).toMatchObject({
        leftToRecoup: '0.00',
        expenses: [{ id: expenseId, amountUsd: '100.00', repaid: '100.00', left: '0.00' }],
      });
      // Something was repaid on it: it stays.
      expect((await owner.send('DELETE', `${expensesPath}/${expenseId}`)).status).toBe(409);

      // A replay allocates the report again, in its order: the same repayment and parts.
      await replayStoreReports({
        db,
        storage: app.deps.storage,
        logger: pino({ level: 'silent' }),
        commissionPercent,
      });
      expect(await ledger()).toEqual(before);
    },
  );
});
