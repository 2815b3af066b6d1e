import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { StatementResponse, StatementsResponse } from '@riffline/contracts';
import type { Db } from '@riffline/db';
import { describe, expect } from 'vitest';
import { apiTest } from '#test/support/api.ts';
import { buildArtist, buildRelease, buildRoyalty, buildStoreReport } from '#test/support/factories.ts';
import { NO_STATEMENT } from './index.ts';

/** RFC 4180 read back: quoted cells with doubled quotes, commas and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === '\n') {
      row.push(cell);
      cell = '';
      if (c === '\n') {
        rows.push(row);
        row = [];
      }
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The PDF's text as poppler's pdftotext reads it, one table row per line. */
const pdfText = (bytes: Uint8Array) => {
  try {
    return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error('pdftotext is not installed: apt-get install poppler-utils, or infra/test-tools.sh', {
      cause: error,
    });
  }
};

/** A report's matched lines, in a partition of its own as an import writes them. */
async function linesOf(
  db: Db,
  reportId: string,
  lines: Array<{
    releaseId: string;
    userId: string;
    period: string;
    store: string;
    country: string;
    usd: string;
  }>,
) {
  await db.raw(`create table ?? partition of store_report_lines for values in ('${reportId}')`, [
    `store_report_lines_${reportId.replace(/-/g, '')}`,
  ]);
  await db('store_report_lines').insert(
    lines.map((l, i) => ({
      report_id: reportId,
      line_number: i + 1,
      status: 'matched',
      period: l.period,
      store: l.store,
      country: l.country,
      revenue_usd: l.usd,
      release_id: l.releaseId,
      user_id: l.userId,
    })),
  );
}

const MONTH = '2026-03';
const inMonth = new Date('2026-03-10T12:00:00Z');
const before = new Date('2026-02-20T12:00:00Z');

/**
 * A payee's ledger: 100.00 credited in February (opening), 40.00 withdrawn in February; in March a whole
 * credit of 45.00 from a DSR report (lines: Spotify US 30, Apple GB 20) and a 30% split share of another
 * artist's release (6.17283950, 8 decimals), a pending withdrawal of 20.00 and a declined one (holds nothing).
 */
async function ledger(db: Db, userId: string) {
  const own = await buildRelease(db, { userId, title: '=HYPERLINK("x") Song' });
  const owner = await buildArtist(db);
  const shared = await buildRelease(db, { userId: owner.id, title: 'Shared Tune' });
  const february = await buildStoreReport(db, { status: 'completed', createdAt: before } as never);
  const march = await buildStoreReport(db, {
    status: 'completed',
    createdAt: inMonth,
    messageId: 'MSG-2026-03',
    sender: 'PADPIDA2011021601Y',
    service: 'Spotify',
  } as never);
  await linesOf(db, march.id, [
    { releaseId: own.id, userId, period: '2026-02', store: 'Spotify', country: 'US', usd: '30.00000000' },
    { releaseId: own.id, userId, period: '2026-02', store: 'Apple Music', country: 'GB', usd: '20.00000000' },
    {
      releaseId: shared.id,
      userId: owner.id,
      period: '2026-02',
      store: 'Spotify',
      country: 'DE',
      usd: '22.86',
    },
  ]);
  await buildRoyalty(db, {
    userId,
    releaseId: own.id,
    reportId: february.id,
    amount: '100.00',
    period: '2026-01',
  });
  const whole = await buildRoyalty(db, {
    userId,
    releaseId: own.id,
    reportId: march.id,
    amount: '45.00',
    period: '2026-02',
    grossUsd: '50.00000000',
    commissionPercent: '10',
  });
  const [payee] = (await db('payees')
    .insert({
      owner_id: owner.id,
      user_id: userId,
      email: `p-${randomUUID()}@example.com`,
      status: 'accepted',
    })
    .returning('id')) as Array<{ id: string }>;
  const [split] = (await db('splits')
    .insert({ release_id: shared.id, effective_from: '2026-01', created_by: owner.id })
    .returning('id')) as Array<{ id: string }>;
  await db('split_shares').insert({ split_id: split!.id, payee_id: payee!.id, percent: '30.00' });
  const part = await buildRoyalty(db, {
    userId,
    releaseId: shared.id,
    reportId: march.id,
    amount: '6.17283950',
    period: '2026-02',
    splitId: split!.id,
    payeeId: payee!.id,
  });
  const withdraw = (amount: string, status: string, createdAt: Date) =>
    db('withdrawal_requests').insert({ user_id: userId, amount, status, created_at: createdAt });
  await withdraw('40.00', 'approved', before);
  await withdraw('20.00', 'pending', inMonth);
  await withdraw('5.00', 'declined', inMonth);
  return { own, shared, march, february, whole, part };
}

describe('statements', () => {
  apiTest(
    '401 signed out, 403 awaiting approval, 400 a malformed month, 404 a month with nothing',
    async ({ visitor, artist, approvedArtist }) => {
      expect((await visitor.get('/api/statements')).status).toBe(401);
      expect((await visitor.get(`/api/statements/${MONTH}.pdf`)).status).toBe(401);
      expect((await artist.get('/api/statements')).status).toBe(403);
      expect((await artist.get(`/api/statements/${MONTH}`)).status).toBe(403);
      for (const path of ['2026-13', '2026-3', 'march', '2026-03.txt']) {
        const res = await approvedArtist.get(`/api/statements/${path}`);
        expect(res.status, path).toBe(400);
      }
      const bad = await approvedArtist.get('/api/statements/2026-00.csv');
      expect(bad.status).toBe(400);
      expect(bad.json<{ message: string }>().message).toContain('month must be YYYY-MM');
      for (const suffix of ['', '.csv', '.pdf']) {
        const res = await approvedArtist.get(`/api/statements/${MONTH}${suffix}`);
        expect(res.status).toBe(404);
        expect(res.json<{ message: string }>().message).toBe(NO_STATEMENT);
      }
      expect((await approvedArtist.get('/api/statements')).json<StatementsResponse>()).toEqual({
        months: [],
      });
    },
  );

  apiTest(
    "a month's statement, JSON, CSV and PDF, agrees with the ledger line for line; opening + earnings − withdrawals = closing",
    async ({ db, approvedArtist }) => {
      const userId = approvedArtist.user.id;
      const { own, shared, march, whole, part } = await ledger(db, userId);

      const months = (await approvedArtist.get('/api/statements')).json<StatementsResponse>();
      expect(months.months).toEqual([
        { month: '2026-03', label: 'March 2026' },
        { month: '2026-02', label: 'February 2026' },
      ]);

      const res = await approvedArtist.get(`/api/statements/${MONTH}`);
      expect(res.status).toBe(200);
      const statement = res.json<StatementResponse>();
      expect(statement.label).toBe('March 2026');
      expect(statement.payee.email).toBe(approvedArtist.user.email);
      expect(statement.totals).toEqual({
        opening: { usd: '60.00', exactUsd: '60.00000000' },
        earnings: { usd: '51.17', exactUsd: '51.17283950' },
        withdrawals: { usd: '20.00', exactUsd: '20.00000000' },
        closing: { usd: '91.17', exactUsd: '91.17283950' },
      });
      const cents = (usd: string) => Math.round(Number(usd) * 100);
      const { opening, earnings, withdrawals, closing } = statement.totals;
      expect(cents(opening.usd) + cents(earnings.usd) - cents(withdrawals.usd)).toBe(cents(closing.usd));

      // The ledger's rows credited in March, one earnings line each.
      const rows = (await db('royalties')
        .leftJoin('store_reports', 'store_reports.id', 'royalties.report_id')
        .where('royalties.user_id', userId)
        .where('store_reports.created_at', '>=', new Date('2026-03-01T00:00:00Z'))
        .orderBy('royalties.amount', 'desc')
        .select('royalties.id', db.raw('royalties.amount::text as amount'), 'royalties.period')) as Array<{
        id: string;
        amount: string;
        period: string;
      }>;
      expect(rows.map((r) => r.id)).toEqual([whole.id, part.id]);
      expect(statement.earnings.map((e) => [e.royaltyId, e.amount, e.salePeriod])).toEqual(
        expect.arrayContaining(rows.map((r) => [r.id, r.amount, r.period])),
      );
      expect(statement.earnings).toHaveLength(rows.length);
      const partLine = statement.earnings.find((e) => e.royaltyId === part.id)!;
      expect(partLine).toMatchObject({
        usd: '6.17',
        exactUsd: '6.17283950',
        splitPercent: '30.00',
        messageId: 'MSG-2026-03',
        service: 'Spotify',
        releaseTitle: 'Shared Tune',
      });
      expect(statement.earnings.find((e) => e.royaltyId === whole.id)).toMatchObject({
        usd: '45.00',
        splitPercent: null,
      });
      // Whole credit cut 30:20 by its lines' revenue; the share's only line is Spotify DE.
      expect(statement.byStoreCountry.map((c) => [c.releaseId, c.store, c.country, c.exactUsd])).toEqual([
        [own.id, 'Apple Music', 'GB', '18.00000000'],
        [own.id, 'Spotify', 'US', '27.00000000'],
        [shared.id, 'Spotify', 'DE', '6.17283950'],
      ]);
      expect(statement.withdrawals.map((w) => [w.usd, w.status])).toEqual([['20.00', 'pending']]);
      expect(statement.reports).toEqual([
        expect.objectContaining({ id: march.id, messageId: 'MSG-2026-03', sender: 'PADPIDA2011021601Y' }),
      ]);

      // The CSV: the same object, parsed back.
      const csv = await approvedArtist.get(`/api/statements/${MONTH}.csv`);
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(csv.headers.get('content-disposition')).toBe(
        'attachment; filename="riffline-statement-2026-03.csv"',
      );
      const [header, ...records] = parseCsv(csv.body);
      const at = (row: string[], column: string) => row[header!.indexOf(column)]!;
      const section = (name: string) => records.filter((r) => at(r, 'section') === name);
      expect(
        Object.fromEntries(
          section('total').map((r) => [at(r, 'item'), [at(r, 'amount_usd'), at(r, 'exact_amount_usd')]]),
        ),
      ).toEqual({
        opening: ['60.00', '60.00000000'],
        earnings: ['51.17', '51.17283950'],
        withdrawals: ['20.00', '20.00000000'],
        closing: ['91.17', '91.17283950'],
      });
      const csvEarnings = section('earning');
      expect(csvEarnings).toHaveLength(rows.length);
      for (const e of statement.earnings) {
        const line = csvEarnings.find((r) => at(r, 'item') === e.royaltyId)!;
        expect([at(line, 'amount_usd'), at(line, 'exact_amount_usd'), at(line, 'sale_month')]).toEqual([
          e.usd,
          e.exactUsd,
          e.salePeriod,
        ]);
        expect(at(line, 'message_id')).toBe('MSG-2026-03');
        expect(at(line, 'split_percent')).toBe(e.splitPercent ?? '');
      }
      // A title that a spreadsheet would run as a formula is text.
      expect(section('earning').map((r) => at(r, 'release'))).toContain(`'=HYPERLINK("x") Song`);
      expect(section('withdrawal').map((r) => at(r, 'amount_usd'))).toEqual(['20.00']);
      expect(section('report').map((r) => at(r, 'message_id'))).toEqual(['MSG-2026-03']);

      // The PDF, read back with a text extractor.
      const pdf = await approvedArtist.get(`/api/statements/${MONTH}.pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe(
        'attachment; filename="riffline-statement-2026-03.pdf"',
      );
      const text = pdfText(pdf.bytes);
      const lines = text.split('\n');
      expect(text).toContain('Riffline statement — March 2026');
      expect(text).toContain(approvedArtist.user.email!);
      const lineWith = (...parts: string[]) => lines.filter((l) => parts.every((p) => l.includes(p)));
      expect(lineWith('Opening balance', '$60.00')).toHaveLength(1);
      expect(lineWith('Earnings', '$51.17')).toHaveLength(1);
      expect(lineWith('Withdrawals', '$20.00')).toHaveLength(1);
      expect(lineWith('Closing balance', '$91.17')).toHaveLength(1);
      for (const e of statement.earnings) {
        expect(
          lineWith(e.salePeriod, 'MSG-2026-03', e.splitPercent ? `${e.splitPercent}%` : '—', `$${e.usd}`),
          e.royaltyId,
        ).toHaveLength(1);
      }
      expect(lineWith('pending', '$20.00')).toHaveLength(1);
      expect(lineWith('MSG-2026-03', 'PADPIDA2011021601Y')).toHaveLength(1);
    },
  );

  apiTest(
    "a payee sees only their own ledger: another artist's month is a 404",
    async ({ db, approvedArtist }) => {
      const other = await buildArtist(db);
      await buildRoyalty(db, { userId: other.id, amount: '12.00' });
      const month = new Date().toISOString().slice(0, 7);
      expect((await approvedArtist.get(`/api/statements/${month}`)).status).toBe(404);
      expect((await approvedArtist.get('/api/statements')).json<StatementsResponse>()).toEqual({
        months: [],
      });
    },
  );
});
